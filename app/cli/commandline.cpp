// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"

#include <CLI/CLI.hpp>

namespace schedlab::cli {

int runCommandLine(CLI::App &app, int argc, char **argv, int &exitCode)
{
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        const int code = app.exit(e);
        return code == 0 ? Ok : BadInput;
    }
    return exitCode;
}

} // namespace schedlab::cli
