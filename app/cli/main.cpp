// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"

#include <CLI/CLI.hpp>

int main(int argc, char **argv)
{
    using namespace schedlab::cli;
    CLI::App app{"SchedLab: edge-cloud scheduling experiments from the command line"};
    app.set_version_flag("--version", std::string(SCHEDLAB_VERSION));
    app.require_subcommand(1);

    int exitCode = Ok;
    registerValidateCommand(app, exitCode);
    registerRunCommand(app, exitCode);
    registerCompareCommand(app, exitCode);
    registerSweepCommand(app, exitCode);
    registerImportTraceCommand(app, exitCode);
    registerListPoliciesCommand(app, exitCode);
    registerTrainCommand(app, exitCode);
#ifdef SCHEDLAB_CLI_EXPORT
    registerExportCommand(app, exitCode);
#endif

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        const int code = app.exit(e);
        return code == 0 ? Ok : BadInput;
    }
    return exitCode;
}
