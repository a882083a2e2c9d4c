// SPDX-License-Identifier: GPL-3.0-or-later
#include "interruption.h"

#include <csignal>
#include <cstring>
#include <unistd.h>

namespace schedlab::cli {

namespace {
std::atomic<bool> gStop{false};
struct sigaction gOldInt, gOldTerm;
const char *gMessage = "";
std::size_t gMessageLength = 0;

void onSignal(int)
{
    if (gStop.exchange(true))
        _exit(kInterruptedExit); // the second: at once
    // write() alone: it is safe in a signal handler, stdio is not.
    [[maybe_unused]] auto written = write(STDERR_FILENO, "\n", 1);
    written = write(STDERR_FILENO, gMessage, gMessageLength);
    written = write(STDERR_FILENO, "\n", 1);
}
} // namespace

void exitOnSignals()
{
    for (const int signal : {SIGINT, SIGTERM}) {
        struct sigaction old = {};
        sigaction(signal, nullptr, &old);
        if (old.sa_handler == SIG_IGN)
            continue;
        struct sigaction action = {};
        action.sa_handler = [](int) { _exit(kInterruptedExit); };
        sigemptyset(&action.sa_mask);
        sigaction(signal, &action, nullptr);
    }
    // Blocked by a launcher until now (runTrainProgram): a pending one is handled here.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigprocmask(SIG_UNBLOCK, &signals, nullptr);
}

Interruption::Interruption(const char *message)
{
    gStop = false;
    gMessage = message;
    gMessageLength = std::strlen(message);
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &gOldInt);
    sigaction(SIGTERM, &action, &gOldTerm);
}

Interruption::~Interruption()
{
    sigaction(SIGINT, &gOldInt, nullptr);
    sigaction(SIGTERM, &gOldTerm, nullptr);
}

const std::atomic<bool> &Interruption::stop() const
{
    return gStop;
}

} // namespace schedlab::cli
