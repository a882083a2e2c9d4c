// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace CLI {
class App;
}

namespace schedlab::cli {

/** Exit codes of every command (DESIGN.md section 6). */
enum ExitCode { Ok = 0, RunFailed = 1, BadInput = 2 };

/**
 * Each command registers itself on the root app; when it runs it stores its
 * exit code in `exitCode`. One file per command: <name>command.cpp.
 */
void registerValidateCommand(CLI::App &app, int &exitCode);
void registerRunCommand(CLI::App &app, int &exitCode);
void registerCompareCommand(CLI::App &app, int &exitCode);
void registerSweepCommand(CLI::App &app, int &exitCode);
void registerImportTraceCommand(CLI::App &app, int &exitCode);
void registerListPoliciesCommand(CLI::App &app, int &exitCode);
void registerTrainCommand(CLI::App &app, int &exitCode);
/** Only with SCHEDLAB_CLI_EXPORT, when the GUI (and so the chart module) is built. */
void registerExportCommand(CLI::App &app, int &exitCode);

} // namespace schedlab::cli
