// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>
#include <QStringList>
#include <QVector>
#include <optional>

namespace schedlab::charts {

enum class LegendPosition { None, Above, TopLeft, TopRight, BottomLeft, BottomRight };

/** The typeface of a chart: a Times-compatible serif beside a paper's text, Computer
 *  Modern beside LaTeX's default, or a sans for screens. */
enum class ChartFont { Times, ComputerModern, Sans };

/**
 * How a chart looks on paper: size in inches, resolution, fonts, lines and markers
 * in points. The IEEE presets follow IEEE's graphics guide: 8 pt ticks and legend,
 * 9 pt axis labels, no line thinner than 0.5 pt, line art at 600 dpi.
 */
struct ChartStyle
{
    QString preset;
    double widthIn = 3.5;
    double heightIn = 2.4;
    int dpi = 600;
    ChartFont font = ChartFont::Times;
    double titlePt = 9.0;
    double labelPt = 9.0; ///< axis labels
    double tickPt = 8.0;
    double legendPt = 8.0;
    double lineWidthPt = 1.0; ///< data lines
    double axisWidthPt = 0.5; ///< axes, ticks and error bars: the guide's thinnest line
    double markerPt = 4.0;    ///< marker diameter
    bool showTitle = false;   ///< papers put the title in the caption
    LegendPosition legend = LegendPosition::Above;
};

/** "ieee-single" (3.5 in), "ieee-double" (7.16 in) or "screen"; nullopt for other names. */
std::optional<ChartStyle> chartPreset(const QString &name);
QStringList chartPresetNames();

/** "times", "cm" or "sans" (case-insensitive); nullopt for other names. */
std::optional<ChartFont> chartFontFromName(const QString &name);
QString chartFontName(ChartFont font);
QStringList chartFontNames();

/**
 * The installed family that draws `font`: TeX Gyre Termes or Nimbus Roman for Times,
 * Latin Modern Roman or CMU Serif for Computer Modern, DejaVu Sans for sans. When
 * none is installed, the system's serif (or sans) and, in `note`, what it fell back
 * to and which Debian package brings the face; `note` is cleared otherwise.
 * Needs a QGuiApplication.
 */
QString chartFontFamily(ChartFont font, QString *note = nullptr);

/**
 * The colour of a policy in every chart, from the Okabe-Ito palette (safe for
 * colour-blind readers). Bundled policy names have fixed colours; any other name
 * gets one from a hash of the name, so it is the same in every run. A chart draws its
 * series with policyColours(), which keeps them apart.
 */
QColor policyColour(const QString &name);

/**
 * The colours of the series of one chart, one for each of `names` (their colour keys):
 * a bundled policy keeps its fixed colour, any other name its hashed colour unless
 * another series of the chart has that one, then the next colour none of them has.
 * Two names share a colour only when the palette has none left, and a set of names
 * gets the same colours in whatever order it comes.
 */
QVector<QColor> policyColours(const QStringList &names);

} // namespace schedlab::charts
