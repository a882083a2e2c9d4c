// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartstyle.h"

#include <QFont>
#include <QFontDatabase>
#include <QFontInfo>

#include <array>
#include <cstdint>

namespace schedlab::charts {

std::optional<ChartStyle> chartPreset(const QString &name)
{
    ChartStyle s;
    s.preset = name;
    if (name == QLatin1String("ieee-single"))
        return s;
    if (name == QLatin1String("ieee-double")) {
        s.widthIn = 7.16;
        s.heightIn = 2.8;
        return s;
    }
    if (name == QLatin1String("screen")) {
        s.widthIn = 8.0;
        s.heightIn = 5.0;
        s.dpi = 96;
        s.font = ChartFont::Sans;
        s.titlePt = 11.0;
        s.labelPt = 10.0;
        s.tickPt = 9.0;
        s.legendPt = 9.0;
        s.lineWidthPt = 1.5;
        s.axisWidthPt = 0.6;
        s.markerPt = 4.5;
        s.showTitle = true;
        return s;
    }
    return std::nullopt;
}

QStringList chartPresetNames()
{
    return {QStringLiteral("ieee-single"), QStringLiteral("ieee-double"), QStringLiteral("screen")};
}

std::optional<ChartFont> chartFontFromName(const QString &name)
{
    for (ChartFont f : {ChartFont::Times, ChartFont::ComputerModern, ChartFont::Sans})
        if (name.compare(chartFontName(f), Qt::CaseInsensitive) == 0)
            return f;
    return std::nullopt;
}

QString chartFontName(ChartFont font)
{
    switch (font) {
    case ChartFont::Times:
        return QStringLiteral("times");
    case ChartFont::ComputerModern:
        return QStringLiteral("cm");
    case ChartFont::Sans:
        return QStringLiteral("sans");
    }
    return {};
}

QStringList chartFontNames()
{
    return {QStringLiteral("times"), QStringLiteral("cm"), QStringLiteral("sans")};
}

QString chartFontFamily(ChartFont font, QString *note)
{
    struct Face
    {
        QStringList families;
        const char *fallback; ///< fontconfig's generic family
        const char *what;
        const char *package;
    };
    static const Face times{{QStringLiteral("TeX Gyre Termes"), QStringLiteral("Nimbus Roman"),
                             QStringLiteral("Nimbus Roman No9 L"),
                             QStringLiteral("Times New Roman")},
                            "serif",
                            "a Times-compatible serif (TeX Gyre Termes or Nimbus Roman)",
                            "fonts-urw-base35 or fonts-texgyre"};
    static const Face modern{{QStringLiteral("Latin Modern Roman"), QStringLiteral("CMU Serif")},
                             "serif",
                             "Computer Modern (Latin Modern Roman or CMU Serif)",
                             "fonts-lmodern"};
    static const Face sans{
        {QStringLiteral("DejaVu Sans")}, "sans-serif", "DejaVu Sans", "fonts-dejavu-core"};
    const Face &face = font == ChartFont::Times            ? times
                       : font == ChartFont::ComputerModern ? modern
                                                           : sans;
    // A family installed from more than one foundry is listed as "Nimbus Roman [urw]".
    QStringList installed;
    for (const QString &family : QFontDatabase::families())
        installed << family.section(QStringLiteral(" ["), 0, 0);
    for (const QString &family : face.families)
        if (installed.contains(family, Qt::CaseInsensitive)) {
            if (note)
                note->clear();
            return family;
        }
    const QString fallback = QFontInfo(QFont(QString::fromLatin1(face.fallback))).family();
    if (note)
        *note = QStringLiteral("%1 is not installed; the chart is drawn in %2 (install %3)")
                    .arg(QLatin1String(face.what), fallback, QLatin1String(face.package));
    return fallback;
}

QColor policyColour(const QString &name)
{
    // Okabe-Ito without its yellow, which is too light for lines on white.
    static const std::array<QColor, 7> palette = {
        QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
        QColor(0xD5, 0x5E, 0x00), QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9),
        QColor(0x00, 0x00, 0x00)};
    static const char *const fixed[] = {
        "greedy", "random",         "round-robin",          "kube-default",
        "fifo",   "latency-greedy", "discounted-experience"};
    for (std::size_t i = 0; i < std::size(fixed); ++i)
        if (name == QLatin1String(fixed[i]))
            return palette[i % palette.size()];
    // Learned dispatch is compared with the dispatch baselines (greedy, random,
    // round-robin, kube-default: the first four colours); it takes one they do not use.
    if (name == QLatin1String("cmmac"))
        return palette[4];
    // So is Firmament, and often with cmmac too: the next colour none of them uses.
    if (name == QLatin1String("firmament"))
        return palette[5];
    // The global architectures are compared among themselves, the doc's design first.
    static const char *const architectures[] = {"two-level",         "shared-state",
                                                "monolithic",        "siloed",
                                                "siloed-arbitrator", "two-level-single"};
    static const int architectureColour[] = {0, 2, 3, 4, 5, 6};
    for (std::size_t i = 0; i < std::size(architectures); ++i)
        if (name == QLatin1String(architectures[i]))
            return palette[std::size_t(architectureColour[i])];
    // FNV-1a: qHash is seeded per process, and colours must not change between runs.
    std::uint32_t h = 2166136261u;
    for (const char c : name.toUtf8()) {
        h ^= std::uint8_t(c);
        h *= 16777619u;
    }
    return palette[h % palette.size()];
}

} // namespace schedlab::charts
