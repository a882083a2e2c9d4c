// SPDX-License-Identifier: GPL-3.0-or-later
#include "bundledscenarios.h"

#include "global/globalscenarioreader.h"

#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

// The icon lives in the static schedlab_ui library, whose resource initialiser the
// linker would drop: nothing refers to it.
static void initResources()
{
    Q_INIT_RESOURCE(schedlab);
}

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

QIcon applicationIcon()
{
    initResources();
    QSvgRenderer svg(QStringLiteral(":/schedlab/schedlab.svg"));
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64, 128, 256}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter painter(&pixmap);
        svg.render(&painter);
        painter.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace schedlab::ui
