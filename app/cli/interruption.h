// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>

namespace schedlab::cli {

/**
 * SIGINT and SIGTERM while work runs: the first sets stop() (nothing new starts
 * and the runs in progress end at their next slot, so the command can keep what
 * finished and say so), the second ends the process at once with exit code 130.
 * The previous handlers come back when it goes.
 */
class Interruption
{
public:
    Interruption();
    ~Interruption();
    Interruption(const Interruption &) = delete;
    Interruption &operator=(const Interruption &) = delete;

    const std::atomic<bool> &stop() const;
    bool requested() const { return stop().load(); }
};

/** The exit code of a command a signal interrupted (128 + SIGINT). */
inline constexpr int kInterruptedExit = 130;

} // namespace schedlab::cli
