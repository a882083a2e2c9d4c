// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dequeue/dequeuepolicies.h"

#include <algorithm>
#include <vector>

namespace schedlab {

namespace {
/**
 * KaiS III-A-3. Each queue keeps, per service w, the estimate E_w of the time a
 * request needs once dequeued; the slot's mean observed time T_w folds in by
 * eq. 8, E <- λ_e E + (1 - λ_e) T, only for services observed in the slot. A
 * request with F seconds left has priority eq. 9: 1/(F - E) if it can still make
 * it, λ'/(E - F) if not. For Ψ at eAPs the experience runs from dequeue to
 * completion; for Ψ' at nodes and the cloud it is the execution alone (the
 * engine reports each to its own queue).
 */
class DiscountedExperienceDequeue final : public DequeuePolicy
{
public:
    DiscountedExperienceDequeue(double discount, double penalty)
        : mDiscount(discount), mPenalty(penalty)
    {
    }

    void reset(const SimState &state, int queueCount) override
    {
        mServices = state.serviceCount;
        const std::size_t cells = std::size_t(queueCount) * mServices;
        mEstimate.assign(cells, 0.0);
        mSum.assign(cells, 0.0);
        mCount.assign(cells, 0);
        mTouched.clear();
    }

    double priority(int queue, const Request &r, double now) const override
    {
        const double estimate = mEstimate[std::size_t(queue) * mServices + r.service];
        const double left = r.deadline - now; // F
        constexpr double kTiny = 1e-9;
        if (left > estimate)
            return 1.0 / std::max(left - estimate, kTiny);
        return mPenalty / std::max(estimate - left, kTiny);
    }

    void observe(int queue, int service, double seconds) override
    {
        const std::size_t at = std::size_t(queue) * mServices + service;
        if (mCount[at]++ == 0)
            mTouched.push_back(at);
        mSum[at] += seconds;
    }

    void endSlot() override
    {
        for (std::size_t at : mTouched) {
            const double mean = mSum[at] / mCount[at]; // T_{b,w,t}
            mEstimate[at] = mDiscount * mEstimate[at] + (1.0 - mDiscount) * mean;
            mSum[at] = 0.0;
            mCount[at] = 0;
        }
        mTouched.clear();
    }

private:
    double mDiscount, mPenalty;
    int mServices = 0;
    std::vector<double> mEstimate, mSum;
    std::vector<int> mCount;
    std::vector<std::size_t> mTouched;
};
} // namespace

std::unique_ptr<DequeuePolicy> makeDiscountedExperienceDequeue(double discount, double penalty)
{
    return std::make_unique<DiscountedExperienceDequeue>(discount, penalty);
}

} // namespace schedlab
