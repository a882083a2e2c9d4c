// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"
#include "interruption.h"

#include <CLI/CLI.hpp>
#include <string_view>

int main(int argc, char **argv)
{
    using namespace schedlab::cli;
    exitOnSignals();
    pinTrainingKernels();
    if (argc > 1 && std::string_view(argv[1]) == "train")
        return runTrainProgram(argc, argv);
    CLI::App app{"SchedLab: edge-cloud scheduling experiments from the command line"};
    app.set_version_flag("--version", std::string(SCHEDLAB_VERSION));
    app.require_subcommand(1);

    int exitCode = Ok;
    registerValidateCommand(app, exitCode);
    registerRunCommand(app, exitCode);
    registerCompareCommand(app, exitCode);
    registerSweepCommand(app, exitCode);
    registerReproduceCommand(app, exitCode);
    registerClusterCommands(app, exitCode);
    registerImportTraceCommand(app, exitCode);
    registerListPoliciesCommand(app, exitCode);
    registerListMetricsCommand(app, exitCode);
    registerTrainCommand(app);
#ifdef SCHEDLAB_CLI_EXPORT
    registerExportCommand(app, exitCode);
#endif
    return runCommandLine(app, argc, argv, exitCode);
}
