// SPDX-License-Identifier: GPL-3.0-or-later
#include "../command.h"

#include "../clisupport.h"
#include "base/textfile.h"
#include "chartbuilders.h"
#include "chartexport.h"
#include "comparisonfolder.h"
#include "experiment/comparisonfiles.h"
#include "experiment/storedcomparison.h"
#include "store/experimentstore.h"

#include <CLI/CLI.hpp>
#include <QApplication>
#include <QFile>
#include <cstdio>

namespace schedlab::cli {

namespace {
struct ExportArgs
{
    std::string dir;
    std::string db;
    std::string comparison;
    std::string chart;
    std::string metric = "throughput_rate";
    std::string preset = "ieee-single";
    std::string format;
    std::string font;
    std::string series;
    std::string metrics;
    std::string out;
    int dpi = 0;
    bool table = false;
    bool title = false;
    bool allFrames = false;
    bool metricGiven = false; ///< --metric on the command line, not its default
};

int fail(const QString &message)
{
    std::fprintf(stderr, "error: %s\n", qPrintable(message));
    return BadInput;
}

QStringList listOf(const std::string &csv)
{
    QStringList out;
    for (const QString &s : QString::fromStdString(csv).split(QLatin1Char(','), Qt::SkipEmptyParts))
        out << s.trimmed();
    return out;
}

int writeTable(const charts::ComparisonFolder &folder, const ExportArgs &a)
{
    QString error;
    // --metric a,b names a table's columns as --metrics does.
    QStringList metrics = listOf(a.metrics);
    if (a.metricGiven)
        metrics << listOf(a.metric);
    const auto table = charts::latexTable(folder.summary, metrics, &error);
    if (!table)
        return fail(error);
    const QByteArray text = table->toUtf8();
    std::string why;
    if (!replaceFile(a.out, std::string_view(text.constData(), std::size_t(text.size())), &why)) {
        std::fprintf(stderr, "error: %s\n", why.c_str());
        return RunFailed;
    }
    std::printf("wrote %s\n", a.out.c_str());
    return Ok;
}

std::optional<charts::ChartData> chartOf(const charts::ComparisonFolder &folder,
                                         const ExportArgs &a, QString *error)
{
    if (a.chart == "throughput")
        return charts::throughputPerFrame(folder.spec, folder.cells,
                                          a.allFrames ? charts::LastFrame::Keep
                                                      : charts::LastFrame::Trim);
    if (a.chart == "cdf") {
        if (!folder.hasCdf) {
            *error = QStringLiteral("%1 has no cdf.csv: run schedlab-cli compare --out again")
                         .arg(QString::fromStdString(a.dir));
            return std::nullopt;
        }
        return charts::responseTimeCdf(folder.spec, folder.cells);
    }
    if (a.chart == "bars")
        return charts::metricBars(folder.summary, QString::fromStdString(a.metric), error);
    *error = QStringLiteral("unknown chart '%1'; expected throughput, cdf or bars")
                 .arg(QString::fromStdString(a.chart));
    return std::nullopt;
}

/** A comparison of the experiment store, by label or the latest one. */
std::optional<charts::ComparisonFolder> fromStore(const ExportArgs &a, QString *error)
{
    const QString db = QString::fromStdString(a.db);
    if (!QFile::exists(db)) {
        *error = QStringLiteral("no experiment store %1").arg(db);
        return std::nullopt;
    }
    std::string message;
    const auto store = ExperimentStore::openForReading(a.db, &message);
    if (!store) {
        *error = QString::fromStdString(message);
        return std::nullopt;
    }
    const auto comparisons = listComparisons(*store);
    if (comparisons.empty()) {
        // None found may be none readable: a damaged file is named as such.
        std::string report;
        *error =
            store->checkIntegrity(&report)
                ? QStringLiteral("%1 holds no comparisons").arg(db)
                : QStringLiteral("%1 is damaged (%2); keep a copy; `sqlite3 %1 .recover` "
                                 "may rescue its runs")
                      .arg(db, QString::fromStdString(report).section(QLatin1Char('\n'), 0, 0));
        return std::nullopt;
    }
    const std::string label = a.comparison.empty() ? comparisons.back().label : a.comparison;
    charts::ComparisonFolder out;
    if (!loadComparison(*store, label, out.spec, out.cells, &message)) {
        QStringList labels;
        for (const StoredComparison &c : comparisons)
            labels << QString::fromStdString(c.label);
        *error = QStringLiteral("%1; comparisons in %2: %3")
                     .arg(QString::fromStdString(message), db, labels.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    out.scenario = QString::fromStdString(label);
    out.summary = summarise(out.spec, out.cells);
    out.hasCdf = true;
    return out;
}

int exportCommand(const ExportArgs &a)
{
    QString error;
    if (a.dir.empty() == a.db.empty())
        return fail(QStringLiteral("give either a comparison folder or --db FILE"));
    if (!outputAllowed(a.out, "--out", a.db.empty() ? comparisonFiles(a.dir) : storeFiles(a.db)))
        return BadInput;
    const auto folder = a.db.empty()
                            ? charts::readComparisonFolder(QString::fromStdString(a.dir), &error)
                            : fromStore(a, &error);
    if (!folder)
        return fail(error);
    if (a.table)
        return writeTable(*folder, a);
    if (a.chart.empty())
        return fail(QStringLiteral("choose --chart throughput|cdf|bars or --table"));

    auto style = charts::chartPreset(QString::fromStdString(a.preset));
    if (!style)
        return fail(QStringLiteral("unknown preset '%1'; expected %2")
                        .arg(QString::fromStdString(a.preset),
                             charts::chartPresetNames().join(QStringLiteral(", "))));
    if (a.dpi > 0)
        style->dpi = a.dpi;
    if (!a.font.empty()) {
        const auto font = charts::chartFontFromName(QString::fromStdString(a.font));
        if (!font)
            return fail(QStringLiteral("unknown font '%1'; expected %2")
                            .arg(QString::fromStdString(a.font),
                                 charts::chartFontNames().join(QStringLiteral(", "))));
        style->font = *font;
    }
    style->showTitle = a.title;
    const QString out = QString::fromStdString(a.out);
    const auto format = a.format.empty()
                            ? charts::exportFormatFromPath(out)
                            : charts::exportFormatFromName(QString::fromStdString(a.format));
    if (!format)
        return fail(QStringLiteral("unknown format for %1; expected png, pdf, svg, csv or tex")
                        .arg(a.format.empty() ? out : QString::fromStdString(a.format)));

    auto data = chartOf(*folder, a, &error);
    if (!data)
        return fail(error);
    if (!a.series.empty()) {
        *data = charts::selectSeries(*data, listOf(a.series));
        if (data->series.isEmpty())
            return fail(QStringLiteral("none of --series %1 is in the comparison")
                            .arg(QString::fromStdString(a.series)));
    }

    // Charts are drawn by widgets; a terminal has no display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "schedlab-cli";
    static char *argv[] = {name, nullptr};
    QApplication app(argc, argv);
    if (!charts::exportChart(*data, {*format, *style}, out, &error)) {
        std::fprintf(stderr, "error: %s\n", qPrintable(error));
        return RunFailed;
    }
    std::printf("wrote %s\n", a.out.c_str());
    QString note;
    charts::chartFontFamily(style->font, &note);
    const bool drawn = *format != charts::ExportFormat::Csv && *format != charts::ExportFormat::Tex;
    if (drawn && !note.isEmpty())
        std::fprintf(stderr, "note: %s\n", qPrintable(note));
    return Ok;
}
} // namespace

void registerExportCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand(
        "export", "Write a chart (png, pdf, svg, csv, pgfplots) or a LaTeX table of a comparison "
                  "folder written by compare --out, or of a comparison in the experiment store");
    static ExportArgs a;
    cmd->add_option("dir", a.dir, "Folder written by schedlab-cli compare --out");
    cmd->add_option("--db", a.db, "Experiment store to read the comparison from instead");
    cmd->add_option("--comparison", a.comparison,
                    "Label of the stored comparison (default: latest)");
    cmd->add_option("--chart", a.chart, "throughput, cdf or bars");
    auto *metric = cmd->add_option("--metric", a.metric,
                                   "Metric of the bar chart; with --table, the table's "
                                   "columns, comma-separated")
                       ->capture_default_str();
    cmd->add_option("--preset", a.preset, "ieee-single, ieee-double or screen")
        ->capture_default_str();
    cmd->add_option("--format", a.format, "png, pdf, svg, csv or tex (default: from -o)");
    cmd->add_option("--font", a.font,
                    "times (a Times-compatible serif), cm (Computer Modern) or sans "
                    "(default: the preset's; times for the IEEE presets)");
    cmd->add_flag("--all-frames", a.allFrames,
                  "Keep the run's last frame in the throughput chart (left out by default: "
                  "its requests still in flight at the end count as not on time)");
    cmd->add_option("--dpi", a.dpi, "Resolution of a PNG, 36 to 2400 (default: the preset's)")
        ->check(CLI::Range(36, 2400));
    cmd->add_option("--series", a.series, "Only these policies, comma-separated");
    cmd->add_flag("--title", a.title, "Draw the chart's title (papers use the caption)");
    cmd->add_flag("--table", a.table, "Write a booktabs table of mean ± 95% CI instead");
    cmd->add_option("--metrics", a.metrics,
                    "Columns of --table, comma-separated (default: the key metrics)");
    cmd->add_option("-o,--out", a.out, "File to write")->required();
    cmd->callback([&exitCode, metric] {
        a.metricGiven = metric->count() > 0;
        exitCode = exportCommand(a);
    });
}

} // namespace schedlab::cli
