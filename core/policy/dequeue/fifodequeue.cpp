// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dequeue/dequeuepolicies.h"

namespace schedlab {

namespace {
/** First in, first out: queue order. */
class FifoDequeue final : public DequeuePolicy
{
public:
    double priority(int, const Request &r, double) const override { return -r.enqueued; }
    bool isFifo() const override { return true; }
};

/** Greedy on latency: the request with the least time left before its deadline first. */
class LatencyGreedyDequeue final : public DequeuePolicy
{
public:
    double priority(int, const Request &r, double) const override { return -r.deadline; }
};
} // namespace

std::unique_ptr<DequeuePolicy> makeFifoDequeue() { return std::make_unique<FifoDequeue>(); }
std::unique_ptr<DequeuePolicy> makeLatencyGreedyDequeue()
{
    return std::make_unique<LatencyGreedyDequeue>();
}

} // namespace schedlab
