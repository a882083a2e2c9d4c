// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/engine.h"

#include <atomic>

namespace schedlab {

/** Ends a run at its next slot once `stop` is set (Ctrl-C, a cancelled comparison). */
class StopWatcher final : public SimObserver
{
public:
    explicit StopWatcher(const std::atomic<bool> &stop) : mStop(stop) {}
    bool stopRequested() override { return mStop.load(); }

private:
    const std::atomic<bool> &mStop;
};

} // namespace schedlab
