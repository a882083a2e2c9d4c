// SPDX-License-Identifier: GPL-3.0-or-later
#include "clisupport.h"
#include "command.h"

#include <CLI/CLI.hpp>

namespace schedlab::cli {

int runCommandLine(CLI::App &app, int argc, char **argv, int &exitCode)
{
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError &e) {
        const int code = app.exit(e);
        if (code != 0)
            return BadInput;
    }
    // Standard output is a result too: one lost (a full disk, a closed pipe) fails the
    // command, whichever it was.
    if (exitCode == Ok && !finishOutput())
        return RunFailed;
    return exitCode;
}

} // namespace schedlab::cli
