// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartstyle.h"

#include <QFont>
#include <QFontDatabase>
#include <QFontInfo>

#include <array>
#include <cstdint>
#include <map>

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

namespace {
// Okabe-Ito without its yellow, which is too light for lines on white.
constexpr std::array<QRgb, 7> kPalette = {
    qRgb(0x00, 0x72, 0xB2), qRgb(0xE6, 0x9F, 0x00), qRgb(0x00, 0x9E, 0x73), qRgb(0xD5, 0x5E, 0x00),
    qRgb(0xCC, 0x79, 0xA7), qRgb(0x56, 0xB4, 0xE9), qRgb(0x00, 0x00, 0x00)};

struct FixedColour
{
    const char *name;
    std::size_t colour; ///< index into kPalette
};

/** The bundled policies' colours; where two of them meet in one chart, the first row keeps
 *  its colour. */
constexpr FixedColour kFixed[] = {
    {"greedy", 0},
    {"random", 1},
    {"round-robin", 2},
    {"kube-default", 3},
    {"fifo", 4},
    {"latency-greedy", 5},
    {"discounted-experience", 6},
    // Learned dispatch is compared with the dispatch baselines (greedy, random,
    // round-robin, kube-default: the first four colours); it takes one they do not use.
    {"cmmac", 4},
    // So is Firmament, and often with cmmac too: the next colour none of them uses.
    {"firmament", 5},
    // The global architectures are compared among themselves, the doc's design first.
    {"two-level", 0},
    {"shared-state", 2},
    {"monolithic", 3},
    {"siloed", 4},
    {"siloed-arbitrator", 5},
    {"two-level-single", 6}};

std::optional<std::size_t> fixedColour(const QString &name)
{
    for (const FixedColour &f : kFixed)
        if (name == QLatin1String(f.name))
            return f.colour;
    return std::nullopt;
}

std::size_t hashColour(const QString &name)
{
    // FNV-1a: qHash is seeded per process, and colours must not change between runs.
    std::uint32_t h = 2166136261u;
    for (const char c : name.toUtf8()) {
        h ^= std::uint8_t(c);
        h *= 16777619u;
    }
    return h % kPalette.size();
}
} // namespace

QColor policyColour(const QString &name)
{
    return QColor(kPalette[fixedColour(name).value_or(hashColour(name))]);
}

QVector<QColor> policyColours(const QStringList &names)
{
    std::map<QString, std::size_t> chosen;
    std::array<bool, kPalette.size()> used{};
    // `preferred` if no name has it yet, else the next colour none has; when all are
    // taken, `preferred` after all.
    const auto take = [&](const QString &name, std::size_t preferred) {
        std::size_t colour = preferred;
        for (std::size_t step = 0; step < kPalette.size(); ++step) {
            const std::size_t c = (preferred + step) % kPalette.size();
            if (!used[c]) {
                colour = c;
                break;
            }
        }
        used[colour] = true;
        chosen[name] = colour;
    };
    // Bundled policies first, in the table's order: readers know their colours.
    for (const FixedColour &f : kFixed)
        if (names.contains(QLatin1String(f.name)))
            take(QLatin1String(f.name), f.colour);
    // Then the other names in sorted order, so that the order of the series does not
    // matter: first each whose own colour is still free, then the rest.
    QStringList others;
    for (const QString &name : names)
        if (!fixedColour(name) && !others.contains(name))
            others << name;
    others.sort();
    for (const QString &name : others)
        if (!used[hashColour(name)])
            take(name, hashColour(name));
    for (const QString &name : others)
        if (!chosen.count(name))
            take(name, hashColour(name));

    QVector<QColor> colours;
    for (const QString &name : names)
        colours << QColor(kPalette[chosen.at(name)]);
    return colours;
}

} // namespace schedlab::charts
