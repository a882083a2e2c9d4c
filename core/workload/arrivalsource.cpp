// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload/arrivalsource.h"

#include "state/random.h"
#include "state/topology.h"
#include "workload/arrivalrates.h"
#include "workload/tracepool.h"

#include <algorithm>
#include <cmath>
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

/**
 * Draws what every generator shares: which eAP, and the request's body. A body
 * is a service (its size, work and delay requirement drawn from the service's
 * distributions) or, for a pattern drawn from a trace, a task of the trace (its
 * service, demand and delay requirement from the task, in seconds however fast
 * the trace is replayed; work and size from its service).
 */
class RequestDrawer
{
public:
    RequestDrawer(const Scenario &scenario, int eapCount, std::uint64_t seed, TracePool pool = {})
        : mScenario(scenario), mEapCount(eapCount), mRouting(Rng::stream(seed, "workload.routing")),
          mRequests(Rng::stream(seed, "workload.requests")), mPool(std::move(pool)),
          mMachineMemory(largestEdgeMemory(scenario))
    {
    }

    bool empty() const { return mScenario.services.empty() || bodies() == 0; }
    int pickEap() { return int(mRouting.below(std::uint32_t(mEapCount))); }
    int pickBody() { return int(mRouting.below(std::uint32_t(bodies()))); }
    const TracePool &pool() const { return mPool; }

    /** Each body's rank by memory demand, spread over [-1, 1] (lightest -1): the
     *  weights by which pattern P2 shifts the mix. */
    std::vector<double> memoryRanks() const
    {
        if (mPool.requests.empty())
            return centredMemoryRanks(mScenario);
        std::vector<double> memory;
        for (const TraceRequest &r : mPool.requests)
            memory.push_back(r.memory);
        std::vector<double> sorted = memory;
        std::sort(sorted.begin(), sorted.end());
        std::vector<double> rank;
        const double n = double(sorted.size());
        for (double m : memory) {
            const auto range = std::equal_range(sorted.begin(), sorted.end(), m);
            const double mid = (range.first - sorted.begin()) + (range.second - range.first) / 2.0;
            rank.push_back(2.0 * mid / n - 1.0);
        }
        return rank;
    }

    void fill(Arrival &a, int body)
    {
        if (mPool.requests.empty()) {
            a.service = body;
            fromService(a);
            return;
        }
        fillFromTask(a, mPool.requests[std::size_t(body)]);
    }

    /** A task of the trace as the request body. */
    void fillFromTask(Arrival &a, const TraceRequest &task)
    {
        a.service = task.service;
        fromService(a);
        a.delay = task.delay; // a property of the request, not of the pace it arrives at
        // KaiS Sec. V: plan_cpu and plan_mem are the request's cpu and memory
        // requirement; the trace's memory is a share of its largest machine, read
        // here as a share of the scenario's largest edge node.
        a.cpu = task.cpu;
        a.memory = task.memory * mMachineMemory;
    }

private:
    int bodies() const
    {
        return mPool.requests.empty() ? int(mScenario.services.size()) : int(mPool.requests.size());
    }

    void fromService(Arrival &a)
    {
        const ServiceSpec &s = mScenario.services[a.service];
        a.work = s.work.sample(mRequests);
        a.size = s.size.sample(mRequests);
        a.delay = s.deadline.sample(mRequests);
        // A constant draws nothing: scenarios without demands keep their streams.
        a.cpu = s.requestCpu.sample(mRequests);
        a.memory = s.requestMemory.sample(mRequests);
    }

    const Scenario &mScenario;
    int mEapCount;
    Rng mRouting;
    Rng mRequests;
    TracePool mPool;
    double mMachineMemory;
};

/** Poisson and the KaiS patterns P1–P3 (Sec. V-A, Fig. 8) by thinning. */
class PatternSource final : public ArrivalSource
{
public:
    PatternSource(const Scenario &scenario, int eapCount, std::uint64_t seed, TracePool pool = {})
        : mDraw(scenario, eapCount, seed, std::move(pool)),
          mTimes(Rng::stream(seed, "workload.arrivals")), mSpec(scenario.workload.requests)
    {
        const bool poisson = mSpec.kind == RequestWorkloadKind::Poisson;
        mAmplitude = poisson ? 0.0 : std::clamp(mSpec.amplitude, 0.0, 1.0);
        mPeriod = mSpec.pattern == Pattern::P3 ? mSpec.period / 2 : mSpec.period;
        mMemoryMix = !poisson && mSpec.pattern == Pattern::P2;
        if (mMemoryMix)
            mMemoryRank = mDraw.memoryRanks();
    }

    bool next(Arrival &a) override
    {
        const double peak = mSpec.rate * (1.0 + mAmplitude);
        if (peak <= 0.0 || mDraw.empty())
            return false;
        int body = 0;
        for (;;) {
            mNow += mTimes.exponential(1.0 / peak);
            const double wave = std::sin(2.0 * std::numbers::pi * mNow / mPeriod);
            body = mDraw.pickBody();
            // P1/P3 modulate the total rate, so the CPU sum load oscillates; P2 keeps the
            // rate and shifts the mix towards memory-heavy bodies and back.
            const double weight =
                mMemoryMix ? 1.0 + mAmplitude * mMemoryRank[body] * wave : 1.0 + mAmplitude * wave;
            if (mTimes.uniform() * (1.0 + mAmplitude) < weight)
                break;
        }
        a.time = mNow;
        a.eap = mDraw.pickEap();
        mDraw.fill(a, body);
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
        if (mRate <= 0.0 || mDraw.empty())
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
        const int body = mDraw.pickBody();
        a.eap = mDraw.pickEap();
        mDraw.fill(a, body);
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

/**
 * A trace replayed (KaiS Sec. V; P4 "raw stochastic request arrivals clipped
 * from" the trace): the tasks of one clip window, in order, arriving at their
 * start times from the window's start, one trace second lasting `traceSecond`
 * simulated seconds.
 */
class TraceSource final : public ArrivalSource
{
public:
    TraceSource(const Scenario &scenario, int eapCount, std::uint64_t seed, TracePool pool,
                double traceSecond)
        : mDraw(scenario, eapCount, seed, std::move(pool)), mTraceSecond(traceSecond)
    {
        const RequestWorkload &w = scenario.workload.requests;
        const std::vector<TraceRequest> &tasks = mDraw.pool().requests; // by start
        const auto [from, to] = mDraw.pool().clipWindow(w.clips, w.clip);
        const auto startsBefore = [](double t) {
            return [t](const TraceRequest &r) { return r.start < t; };
        };
        mFrom = from;
        mNext = std::size_t(std::partition_point(tasks.begin(), tasks.end(), startsBefore(from)) -
                            tasks.begin());
        mEnd = std::size_t(std::partition_point(tasks.begin(), tasks.end(), startsBefore(to)) -
                           tasks.begin());
    }

    bool next(Arrival &a) override
    {
        if (mNext >= mEnd || mDraw.empty())
            return false;
        const TraceRequest &t = mDraw.pool().requests[mNext++];
        a.time = (t.start - mFrom) * mTraceSecond;
        a.eap = mDraw.pickEap();
        mDraw.fillFromTask(a, t);
        return true;
    }

private:
    RequestDrawer mDraw;
    double mTraceSecond;
    double mFrom = 0.0;
    std::size_t mNext = 0, mEnd = 0;
};

class EmptySource final : public ArrivalSource
{
public:
    bool next(Arrival &) override { return false; }
};

} // namespace

std::unique_ptr<ArrivalSource> makeArrivalSource(const Scenario &scenario, const Topology &topology,
                                                 std::uint64_t seed, std::string *error)
{
    const RequestWorkload &w = scenario.workload.requests;
    const int eaps = int(topology.eaps.size());
    if (eaps == 0 || w.kind == RequestWorkloadKind::None)
        return std::make_unique<EmptySource>();
    if (w.readsTrace()) {
        TracePool pool = loadTracePool(scenario, error);
        if (pool.requests.empty())
            return nullptr;
        if (w.kind == RequestWorkloadKind::Trace || w.pattern == Pattern::P4) {
            // P4 replays the trace at `rate` on average over the whole trace.
            const double traceSecond = w.kind == RequestWorkloadKind::Trace
                                           ? w.timeScale
                                           : (w.rate > 0 ? pool.meanRate() / w.rate : 1.0);
            return std::make_unique<TraceSource>(scenario, eaps, seed, std::move(pool),
                                                 traceSecond);
        }
        return std::make_unique<PatternSource>(scenario, eaps, seed, std::move(pool));
    }
    if (w.kind == RequestWorkloadKind::Pattern && w.pattern == Pattern::P4)
        return std::make_unique<BurstySource>(scenario, eaps, seed);
    return std::make_unique<PatternSource>(scenario, eaps, seed);
}

} // namespace schedlab
