// SPDX-License-Identifier: GPL-3.0-or-later
// The sweep's figure, drawn with the GUI's chart module on the offscreen platform.
#include "../sweepfigure.h"

#include "chartexport.h"
#include "sweepchart.h"

#include <QApplication>

namespace schedlab::cli {

bool canWriteSweepFigures()
{
    return true;
}

bool checkSweepFigurePreset(const std::string &preset, std::string *error)
{
    if (charts::chartPreset(QString::fromStdString(preset)))
        return true;
    *error = "unknown preset '" + preset + "'; expected " +
             charts::chartPresetNames().join(QStringLiteral(", ")).toStdString();
    return false;
}

bool writeSweepFigures(const SweepResult &sweep, const std::string &metric, const std::string &base,
                       const std::string &preset, std::vector<std::string> *written,
                       std::string *error)
{
    if (!checkSweepFigurePreset(preset, error))
        return false;
    const auto style = charts::chartPreset(QString::fromStdString(preset));
    QString message;
    const auto data = charts::sweepChart(sweep, QString::fromStdString(metric), &message);
    if (!data) {
        *error = message.toStdString();
        return false;
    }
    // Charts are drawn by widgets; a terminal has no display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "schedlab-cli";
    static char *argv[] = {name, nullptr};
    QApplication app(argc, argv);
    for (const auto format :
         {charts::ExportFormat::Pdf, charts::ExportFormat::Png, charts::ExportFormat::Svg}) {
        const QString path =
            QString::fromStdString(base) + QLatin1Char('.') + charts::exportFormatName(format);
        if (!charts::exportChart(*data, {format, *style}, path, &message)) {
            *error = message.toStdString();
            return false;
        }
        written->push_back(path.toStdString());
    }
    return true;
}

} // namespace schedlab::cli
