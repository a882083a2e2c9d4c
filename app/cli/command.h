// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>

namespace CLI {
class App;
}

namespace schedlab::cli {

/** Exit codes of every command (DESIGN.md section 6). */
enum ExitCode {
    Ok = 0,
    RunFailed = 1,
    BadInput = 2,
    Incomplete = 3 ///< `merge`: tasks of the cluster plan have not finished well
};

/**
 * Each command registers itself on the root app; when it runs it stores its
 * exit code in `exitCode`. One file per command: <name>command.cpp.
 */
void registerValidateCommand(CLI::App &app, int &exitCode);
void registerRunCommand(CLI::App &app, int &exitCode);
void registerCompareCommand(CLI::App &app, int &exitCode);
void registerSweepCommand(CLI::App &app, int &exitCode);
void registerReproduceCommand(CLI::App &app, int &exitCode);
void registerImportTraceCommand(CLI::App &app, int &exitCode);
void registerListPoliciesCommand(CLI::App &app, int &exitCode);
void registerListMetricsCommand(CLI::App &app, int &exitCode);
/** `train` itself, in the schedlab-train program (it links libtorch). */
void registerTrainCommand(CLI::App &app, int &exitCode);
/** `train` as schedlab-cli lists it; runTrainProgram() runs it. */
void registerTrainCommand(CLI::App &app);
/** Makes the training processes started from here add up their matrix products
 *  in the same order on every machine that can (trainlauncher.cpp). */
void pinTrainingKernels();
/** schedlab-train beside this program (a build tree), or where it is installed. */
std::filesystem::path trainProgram();
/** Replaces this process with schedlab-train for `schedlab-cli train ARGS`; returns
 *  only when it cannot, with the exit code after saying why. */
int runTrainProgram(int argc, char **argv);
/** Parses and runs the chosen command; a parse error or --help exits as CLI11 says. */
int runCommandLine(CLI::App &app, int argc, char **argv, int &exitCode);
/** Only with SCHEDLAB_CLI_EXPORT, when the GUI (and so the chart module) is built. */
void registerExportCommand(CLI::App &app, int &exitCode);
/** `run-task` and `merge`: a cluster plan's tasks and their results (clusterruns.h). */
void registerClusterCommands(CLI::App &app, int &exitCode);

} // namespace schedlab::cli
