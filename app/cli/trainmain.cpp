// SPDX-License-Identifier: GPL-3.0-or-later
// `schedlab-cli train` in a program of its own: the one command that needs libtorch,
// whose loading (its operator registry) costs a second of every start. schedlab-cli
// runs this program for `train`, so its other commands start at once.
#include "command.h"
#include "interruption.h"

#include <CLI/CLI.hpp>

int main(int argc, char **argv)
{
    using namespace schedlab::cli;
    exitOnSignals();
    CLI::App app{"SchedLab: train a learned policy", "schedlab-cli"};
    app.set_version_flag("--version", std::string(SCHEDLAB_VERSION));
    app.require_subcommand(1);
    int exitCode = Ok;
    registerTrainCommand(app, exitCode);
    return runCommandLine(app, argc, argv, exitCode);
}
