// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace schedlab::test {

struct CliResult
{
    int exitCode = -1; ///< -1 when it crashed or did not finish
    QByteArray out, err;
};

/** Runs schedlab-cli as a user would, from the source folder. */
inline CliResult cli(const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(QStringLiteral(SCHEDLAB_SOURCE_DIR));
    p.start(QStringLiteral(SCHEDLAB_CLI), args);
    p.waitForFinished(300000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

/** Whether schedlab-cli draws charts: it does when built with the GUI, whose chart
 *  module `export`, the sweep figures and the report's renderings use. */
inline bool cliDrawsCharts()
{
    return cli({"--help"}).out.contains("\n  export ");
}

} // namespace schedlab::test
