// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>

namespace schedlab::cli {

/**
 * SIGINT and SIGTERM while work runs: the first sets stop() (nothing new starts
 * and the runs in progress end at their next slot, so the command can keep what
 * finished and say so) and prints `message`, the second ends the process at once
 * with exit code 130. The previous handlers come back when it goes.
 */
class Interruption
{
public:
    static constexpr const char *kRunsEnd =
        "stopping: the runs in progress end now and nothing new starts; what finished is "
        "kept (again to quit at once)";
    /** `message` must outlive it (a literal). */
    explicit Interruption(const char *message = kRunsEnd);
    ~Interruption();
    Interruption(const Interruption &) = delete;
    Interruption &operator=(const Interruption &) = delete;

    const std::atomic<bool> &stop() const;
    bool requested() const { return stop().load(); }
};

/** The exit code of a command a signal interrupted (128 + SIGINT). */
inline constexpr int kInterruptedExit = 130;

/** Before a command's work starts (and after it ends), SIGINT and SIGTERM end the
 *  process with kInterruptedExit too: nothing is running, so nothing is to keep. A
 *  signal the process was started ignoring stays ignored; one a launcher blocked is
 *  unblocked (and handled, if it came meanwhile). */
void exitOnSignals();

} // namespace schedlab::cli
