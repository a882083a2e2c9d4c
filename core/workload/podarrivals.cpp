// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload/podarrivals.h"

#include "state/random.h"

#include <algorithm>

namespace schedlab {

namespace {
/** `cycle`: smooth weighted round robin, so 4:1:1 gives a a b a c a, not a a a a b c. */
class Cycle
{
public:
    explicit Cycle(const std::vector<PodTemplate> &pods) : mPods(pods), mCurrent(pods.size(), 0.0)
    {
    }
    int next()
    {
        double total = 0.0;
        int best = 0;
        for (std::size_t i = 0; i < mPods.size(); ++i) {
            mCurrent[i] += mPods[i].weight;
            total += mPods[i].weight;
            if (mCurrent[i] > mCurrent[best])
                best = int(i);
        }
        mCurrent[best] -= total;
        return best;
    }

private:
    const std::vector<PodTemplate> &mPods;
    std::vector<double> mCurrent;
};

} // namespace

std::vector<PodArrival> drawPodArrivals(const Scenario &scenario, std::uint64_t seed)
{
    std::vector<PodArrival> out;
    const auto &streams = scenario.workload.deployments;
    for (int s = 0; s < int(streams.size()); ++s) {
        const DeploymentStream &d = streams[s];
        if (d.pods.empty())
            continue;
        Rng rng = Rng::stream(seed, "deployments." + d.name);
        Cycle cycle(d.pods);
        std::vector<double> weights;
        for (const PodTemplate &p : d.pods)
            weights.push_back(p.weight);
        double t = d.start;
        for (int k = 0; k < d.count; ++k) {
            PodArrival a;
            a.stream = s;
            if (d.arrival == PodArrivalKind::At)
                a.time = k < int(d.at.size()) ? d.at[k] : d.at.back();
            else
                a.time = k == 0 ? t : (t += d.gap.sample(rng));
            a.pod = d.choose == PodChoice::Cycle ? cycle.next() : pickWeighted(rng, weights);
            const PodTemplate &p = d.pods[a.pod];
            a.cpu = p.cpu.sample(rng);
            a.memory = p.memory.sample(rng);
            a.duration = p.duration.sample(rng);
            a.startJitter = p.startJitter.sample(rng);
            out.push_back(a);
        }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const PodArrival &x, const PodArrival &y) { return x.time < y.time; });
    return out;
}

} // namespace schedlab
