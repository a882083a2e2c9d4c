// SPDX-License-Identifier: GPL-3.0-or-later
#include "interruption.h"

#include <csignal>
#include <unistd.h>

namespace schedlab::cli {

namespace {
std::atomic<bool> gStop{false};
struct sigaction gOldInt, gOldTerm;

void onSignal(int)
{
    if (gStop.exchange(true))
        _exit(kInterruptedExit); // the second: at once
    static const char message[] =
        "\nstopping: the runs in progress end now and nothing new starts; what finished is "
        "kept (again to quit at once)\n";
    [[maybe_unused]] const auto written = write(STDERR_FILENO, message, sizeof message - 1);
}
} // namespace

Interruption::Interruption()
{
    gStop = false;
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
