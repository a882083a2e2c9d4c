// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload/arrivalsource.h"

#include "state/random.h"
#include "state/topology.h"
#include "workload/arrivalrates.h"
#include "workload/tracereader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <numeric>

namespace schedlab {

namespace {

double largestEdgeMemory(const Scenario &scenario)
{
    double most = 0.0;
    for (const SiteSpec &site : scenario.sites)
        for (const EapSpec &eap : site.eaps)
            for (const NodeSpec &n : eap.nodes)
                most = std::max(most, n.memory);
    return most;
}

/** Draws what every generator shares: which eAP, which service, the request's size. */
class RequestDrawer
{
public:
    RequestDrawer(const Scenario &scenario, int eapCount, std::uint64_t seed)
        : mScenario(scenario), mEapCount(eapCount),
          mRouting(Rng::stream(seed, "workload.routing")),
          mRequests(Rng::stream(seed, "workload.requests"))
    {
    }

    int serviceCount() const { return int(mScenario.services.size()); }
    int pickEap() { return int(mRouting.below(std::uint32_t(mEapCount))); }
    int pickService() { return int(mRouting.below(std::uint32_t(serviceCount()))); }
    Rng &routing() { return mRouting; }

    void fill(Arrival &a)
    {
        const ServiceSpec &s = mScenario.services[a.service];
        a.work = s.work.sample(mRequests);
        a.size = s.size.sample(mRequests);
        a.delay = s.deadline.sample(mRequests);
        // A constant draws nothing: scenarios without demands keep their streams.
        a.cpu = s.requestCpu.sample(mRequests);
        a.memory = s.requestMemory.sample(mRequests);
    }

private:
    const Scenario &mScenario;
    int mEapCount;
    Rng mRouting;
    Rng mRequests;
};

/** Poisson and the KaiS patterns P1–P3 (Sec. V-A, Fig. 8) by thinning. */
class PatternSource final : public ArrivalSource
{
public:
    PatternSource(const Scenario &scenario, int eapCount, std::uint64_t seed)
        : mDraw(scenario, eapCount, seed), mTimes(Rng::stream(seed, "workload.arrivals")),
          mSpec(scenario.workload.requests)
    {
        const bool poisson = mSpec.kind == RequestWorkloadKind::Poisson;
        mAmplitude = poisson ? 0.0 : std::clamp(mSpec.amplitude, 0.0, 1.0);
        mPeriod = mSpec.pattern == Pattern::P3 ? mSpec.period / 2 : mSpec.period;
        mMemoryMix = !poisson && mSpec.pattern == Pattern::P2;
        mMemoryRank = centredMemoryRanks(scenario);
    }

    bool next(Arrival &a) override
    {
        const double peak = mSpec.rate * (1.0 + mAmplitude);
        if (peak <= 0.0 || mDraw.serviceCount() == 0)
            return false;
        for (;;) {
            mNow += mTimes.exponential(1.0 / peak);
            const double wave = std::sin(2.0 * std::numbers::pi * mNow / mPeriod);
            a.service = mDraw.pickService();
            // P1/P3 modulate the total rate, so the CPU sum load oscillates; P2 keeps the
            // rate and shifts the mix towards memory-heavy services and back.
            const double weight = mMemoryMix
                                      ? 1.0 + mAmplitude * mMemoryRank[a.service] * wave
                                      : 1.0 + mAmplitude * wave;
            if (mTimes.uniform() * (1.0 + mAmplitude) < weight)
                break;
        }
        a.time = mNow;
        a.eap = mDraw.pickEap();
        mDraw.fill(a);
        return true;
    }

private:
    RequestDrawer mDraw;
    Rng mTimes;
    RequestWorkload mSpec;
    double mAmplitude = 0.0;
    double mPeriod = 60.0;
    bool mMemoryMix = false;
    std::vector<double> mMemoryRank;
    double mNow = 0.0;
};

/**
 * P4 without a trace: raw stochastic arrivals, a Poisson stream whose rate is
 * redrawn every window from a lognormal with mean 1 (bursty, as trace slices are).
 */
class BurstySource final : public ArrivalSource
{
public:
    BurstySource(const Scenario &scenario, int eapCount, std::uint64_t seed)
        : mDraw(scenario, eapCount, seed), mTimes(Rng::stream(seed, "workload.arrivals")),
          mRate(scenario.workload.requests.rate),
          mSigma(std::max(0.05, scenario.workload.requests.amplitude)),
          mWindow(std::max(1e-3, scenario.workload.requests.period / 12))
    {
    }

    bool next(Arrival &a) override
    {
        if (mRate <= 0.0 || mDraw.serviceCount() == 0)
            return false;
        for (;;) {
            if (mLevel < 0.0)
                mLevel = mTimes.lognormal(std::exp(-0.5 * mSigma * mSigma), mSigma);
            const double gap = mTimes.exponential(1.0 / (mRate * mLevel));
            const double windowEnd = (mWindowIndex + 1) * mWindow;
            if (mNow + gap < windowEnd) {
                mNow += gap;
                break;
            }
            // Memoryless: restarting at the window boundary with the new rate is exact.
            mNow = windowEnd;
            ++mWindowIndex;
            mLevel = -1.0;
        }
        a.time = mNow;
        a.service = mDraw.pickService();
        a.eap = mDraw.pickEap();
        mDraw.fill(a);
        return true;
    }

private:
    RequestDrawer mDraw;
    Rng mTimes;
    double mRate, mSigma, mWindow;
    double mNow = 0.0;
    long mWindowIndex = 0;
    double mLevel = -1.0;
};

/** Alibaba batch_task rows as requests (KaiS Sec. V; DESIGN.md section 3). */
class TraceSource final : public ArrivalSource
{
public:
    TraceSource(const Scenario &scenario, int eapCount, std::uint64_t seed,
                std::vector<TraceTask> tasks)
        : mDraw(scenario, eapCount, seed), mTasks(std::move(tasks)),
          mScale(scenario.workload.requests.timeScale), mMachineMemory(largestEdgeMemory(scenario))
    {
        if (!mTasks.empty())
            mOrigin = mTasks.front().start;
    }

    bool next(Arrival &a) override
    {
        if (mNext >= mTasks.size() || mDraw.serviceCount() == 0)
            return false;
        const TraceTask &t = mTasks[mNext++];
        a.time = (t.start - mOrigin) * mScale;
        a.service = int(stableHash(t.service) % std::uint64_t(mDraw.serviceCount()));
        a.eap = mDraw.pickEap();
        mDraw.fill(a);
        a.delay = std::max(0.0, (t.end - t.start) * mScale);
        // KaiS Sec. V: plan_cpu and plan_mem are the request's cpu and memory
        // requirement; the trace's memory is a share of its largest machine, read
        // here as a share of the scenario's largest edge node.
        a.cpu = t.cpu;
        a.memory = t.memory * mMachineMemory;
        return true;
    }

private:
    RequestDrawer mDraw;
    std::vector<TraceTask> mTasks;
    double mScale;
    double mMachineMemory;
    double mOrigin = 0.0;
    std::size_t mNext = 0;
};

class EmptySource final : public ArrivalSource
{
public:
    bool next(Arrival &) override { return false; }
};

} // namespace

std::unique_ptr<ArrivalSource> makeArrivalSource(const Scenario &scenario,
                                                 const Topology &topology,
                                                 std::uint64_t seed, std::string *error)
{
    const RequestWorkload &w = scenario.workload.requests;
    const int eaps = int(topology.eaps.size());
    if (eaps == 0 || w.kind == RequestWorkloadKind::None)
        return std::make_unique<EmptySource>();
    if (w.kind == RequestWorkloadKind::Trace) {
        const auto format = traceFormatFromName(w.traceFormat);
        if (!format) {
            if (error)
                *error = "unknown trace format '" + w.traceFormat + "'";
            return nullptr;
        }
        std::filesystem::path path = w.tracePath;
        if (path.is_relative() && !scenario.sourcePath.empty())
            path = std::filesystem::path(scenario.sourcePath).parent_path() / path;
        TraceImport import = importAlibabaTraceFile(path.string(), *format);
        if (import.tasks.empty()) {
            if (error)
                *error = "trace " + path.string() + " has no usable rows";
            return nullptr;
        }
        return std::make_unique<TraceSource>(scenario, eaps, seed, std::move(import.tasks));
    }
    if (w.kind == RequestWorkloadKind::Pattern && w.pattern == Pattern::P4)
        return std::make_unique<BurstySource>(scenario, eaps, seed);
    return std::make_unique<PatternSource>(scenario, eaps, seed);
}

} // namespace schedlab
