// SPDX-License-Identifier: GPL-3.0-or-later
#include "policy/dequeue/dequeuepolicies.h"

#include <algorithm>
#include <optional>
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
    DiscountedExperienceDequeue(std::optional<double> discount, std::optional<double> penalty)
        : mGivenDiscount(discount), mGivenPenalty(penalty)
    {
    }

    void reset(const SimState &state, int queueCount) override
    {
        const KaisParameters &kais = state.scenario->policies.kais;
        mDiscount = mGivenDiscount.value_or(kais.experienceDiscount);
        mPenalty = mGivenPenalty.value_or(kais.latePenalty);
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
    std::optional<double> mGivenDiscount, mGivenPenalty;
    double mDiscount = 0.9, mPenalty = 0.5;
    int mServices = 0;
    std::vector<double> mEstimate, mSum;
    std::vector<int> mCount;
    std::vector<std::size_t> mTouched;
};
} // namespace

std::unique_ptr<DequeuePolicy> makeDiscountedExperienceDequeue(std::optional<double> discount,
                                                               std::optional<double> penalty)
{
    return std::make_unique<DiscountedExperienceDequeue>(discount, penalty);
}

} // namespace schedlab
