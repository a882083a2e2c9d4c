// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>
#include <optional>

namespace schedlab::charts {

enum class LegendPosition { None, Above, TopLeft, TopRight, BottomLeft, BottomRight };

/** How a chart looks on paper: size in inches, resolution and fonts in points. */
struct ChartStyle
{
    QString preset;
    double widthIn = 3.5;
    double heightIn = 2.4;
    int dpi = 300;
    QString fontFamily = QStringLiteral("DejaVu Sans");
    double titlePt = 9.0;
    double labelPt = 8.0; ///< axis labels
    double tickPt = 7.0;
    double legendPt = 7.0;
    double lineWidthPt = 1.0;
    bool showTitle = false; ///< papers put the title in the caption
    LegendPosition legend = LegendPosition::Above;
};

/** "ieee-single" (3.5 in), "ieee-double" (7.16 in) or "screen"; nullopt for other names. */
std::optional<ChartStyle> chartPreset(const QString &name);
QStringList chartPresetNames();

/**
 * The colour of a policy in every chart, from the Okabe-Ito palette (safe for
 * colour-blind readers). Bundled policy names have fixed colours; any other name
 * gets one from a hash of the name, so it is the same in every run.
 */
QColor policyColour(const QString &name);

} // namespace schedlab::charts
