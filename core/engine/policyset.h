// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/placementframework.h"
#include "policy/dequeuepolicy.h"
#include "policy/dispatchpolicy.h"
#include "policy/orchestrationpolicy.h"

#include <concepts>
#include <memory>

namespace schedlab {

struct LearnedModel;

/**
 * One plane's policy as the engine runs it: owned, or lent by a caller that keeps
 * it alive past the run and reads it afterwards (a learner acting in a training
 * episode).
 */
template <typename Policy>
class PolicySlot
{
public:
    PolicySlot() = default;
    template <typename Derived>
        requires std::derived_from<Derived, Policy>
    PolicySlot(std::unique_ptr<Derived> owned) : mOwned(std::move(owned)), mPolicy(mOwned.get())
    {
    }
    static PolicySlot lent(Policy &policy)
    {
        PolicySlot slot;
        slot.mPolicy = &policy;
        return slot;
    }

    Policy *get() const { return mPolicy; }
    Policy *operator->() const { return mPolicy; }
    Policy &operator*() const { return *mPolicy; }
    explicit operator bool() const { return mPolicy != nullptr; }

private:
    std::unique_ptr<Policy> mOwned;
    Policy *mPolicy = nullptr;
};

/** What the engine runs on each plane, built from names by registry/policyset's
 *  buildPolicySet(); the engine itself never reads a policy name. */
struct PolicySet
{
    PolicySlot<DispatchPolicy> dispatch;
    PolicySlot<DequeuePolicy> dequeue;
    PolicySlot<OrchestrationPolicy> orchestration;
    PolicySlot<PlacementFramework> placement;
    /** The trained weights learned policies read, kept alive for the run. */
    std::shared_ptr<const LearnedModel> model;
};

} // namespace schedlab
