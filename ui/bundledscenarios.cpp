// SPDX-License-Identifier: GPL-3.0-or-later
#include "bundledscenarios.h"

#include "global/globalscenarioreader.h"

#include <QDir>
#include <QFileInfo>

namespace schedlab::ui {

QString bundledScenarioDir(const QString &programDir)
{
    const QStringList candidates = {programDir + "/../share/schedlab/scenarios",
                                    programDir + "/../../scenarios", QDir::currentPath() + "/scenarios"};
    for (const QString &dir : candidates)
        if (QFileInfo::exists(dir + "/tutorial.yaml"))
            return QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    return {};
}

bool isBundledScenario(const QString &path, const QString &programDir)
{
    const QString dir = bundledScenarioDir(programDir);
    return !path.isEmpty() && !dir.isEmpty() &&
           QFileInfo(path).canonicalPath() == QFileInfo(dir).canonicalFilePath();
}

QStringList bundledScenarios(const QString &programDir)
{
    const QString dir = bundledScenarioDir(programDir);
    if (dir.isEmpty())
        return {};
    QStringList out;
    for (const QFileInfo &f : QDir(dir).entryInfoList({"*.yaml"}, QDir::Files, QDir::Name))
        if (!global::isGlobalScenarioFile(f.absoluteFilePath().toStdString()))
            out << f.absoluteFilePath();
    return out;
}

} // namespace schedlab::ui
