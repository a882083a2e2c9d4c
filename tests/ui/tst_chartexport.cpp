// SPDX-License-Identifier: GPL-3.0-or-later
// Every export format of a chart, checked as a reader of the file would, and the export dialog.
#include "chartexport.h"
#include "chartplotter.h"
#include "exportdialog.h"
#include "tableexportdialog.h"

#include "base/csv.h"

#include <QImageReader>
#include <QLineEdit>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::charts;

namespace {
ChartData lines()
{
    ChartData d;
    d.title = "Throughput per frame";
    d.xLabel = "Time (s)";
    d.yLabel = "On-time throughput";
    Series g{"greedy", "greedy", {25, 50}, {0.5, 0.75}, {0.4, 0.625}, {0.6, 0.875}};
    Series r{"random", "random", {25, 50}, {0.25, 0.3}, {}, {}};
    d.series = {g, r};
    return d;
}

ChartData bars()
{
    ChartData d;
    d.kind = ChartKind::Bars;
    d.yLabel = "dropped";
    d.series = {{"greedy", "greedy", {1}, {10.5}, {9.25}, {11.75}},
                {"random", "random", {2}, {12}, {11}, {13}}};
    d.categories = {"greedy", "random"};
    return d;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/** Response times from 2 ms to 125 s, as a scheduler that falls behind gives. */
ChartData cdfOverDecades()
{
    ChartData d;
    d.kind = ChartKind::StepCdf;
    d.logX = true;
    d.xLabel = "Response time (ms)";
    d.yLabel = "Fraction of requests";
    d.series = {{"greedy", "greedy", {2, 10, 40}, {0.5, 0.9, 1.0}, {}, {}},
                {"random", "random", {3, 900, 125000}, {0.2, 0.6, 1.0}, {}, {}}};
    return d;
}

ExportOptions as(ExportFormat format, const QString &preset = "ieee-single")
{
    return {format, *chartPreset(preset)};
}
} // namespace

class TestChartExport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir mDir;

private Q_SLOTS:
    void pngHasThePaperSizeAtItsResolution()
    {
        const QString path = mDir.filePath("chart.png");
        QString error;
        QVERIFY2(exportChart(lines(), as(ExportFormat::Png), path, &error), qPrintable(error));
        QImageReader reader(path);
        QCOMPARE(reader.format(), QByteArray("png"));
        const QImage image = reader.read();
        QCOMPARE(image.size(), QSize(2100, 1440)); // 3.5 x 2.4 in at 600 dpi, line art
        QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), 600);
        // Something was drawn in the policies' colours, not just a white page.
        bool blue = false;
        for (int y = 0; y < image.height() && !blue; y += 2)
            for (int x = 0; x < image.width() && !blue; x += 2)
                blue = image.pixelColor(x, y) == policyColour("greedy");
        QVERIFY(blue);

        ExportOptions wide = as(ExportFormat::Png, "ieee-double");
        wide.style.dpi = 150;
        QVERIFY(exportChart(lines(), wide, path, &error));
        QCOMPARE(QImageReader(path).size(), QSize(1074, 420));
    }

    void pdfHasItsPageSize()
    {
        const QString path = mDir.filePath("chart.pdf");
        QString error;
        QVERIFY2(exportChart(bars(), as(ExportFormat::Pdf), path, &error), qPrintable(error));
        const QByteArray pdf = readAll(path);
        QVERIFY(pdf.startsWith("%PDF"));
        const auto m = QRegularExpression(R"(/MediaBox \[0 0 ([0-9.]+) ([0-9.]+)\])")
                           .match(QString::fromLatin1(pdf));
        QVERIFY(m.hasMatch());
        QVERIFY2(qAbs(m.captured(1).toDouble() - 252.0) < 1.0, qPrintable(m.captured(0)));
        QVERIFY2(qAbs(m.captured(2).toDouble() - 172.8) < 1.0, qPrintable(m.captured(0)));
    }

    void pdfIsTheSameBytesWheneverWritten()
    {
        // Qt stamps the time of writing; the export stamps SOURCE_DATE_EPOCH or 1970.
        const QString path = mDir.filePath("stamped.pdf");
        QString error;
        qunsetenv("SOURCE_DATE_EPOCH");
        QVERIFY2(exportChart(bars(), as(ExportFormat::Pdf), path, &error), qPrintable(error));
        QVERIFY(readAll(path).contains("/CreationDate (D:19700101000000Z)"));
        qputenv("SOURCE_DATE_EPOCH", "86400");
        QVERIFY2(exportChart(bars(), as(ExportFormat::Pdf), path, &error), qPrintable(error));
        qunsetenv("SOURCE_DATE_EPOCH");
        QVERIFY(readAll(path).contains("/CreationDate (D:19700102000000Z)"));
    }

    void svgIsXml()
    {
        const QString path = mDir.filePath("chart.svg");
        QString error;
        QVERIFY2(exportChart(lines(), as(ExportFormat::Svg), path, &error), qPrintable(error));
        QXmlStreamReader xml(readAll(path));
        QString root;
        int texts = 0;
        while (!xml.atEnd())
            if (xml.readNext() == QXmlStreamReader::StartElement) {
                if (root.isEmpty())
                    root = xml.name().toString();
                texts += xml.name() == QLatin1String("text");
            }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QCOMPARE(root, QString("svg"));
        QVERIFY(texts > 5); // tick labels, axis labels, legend
        QVERIFY(readAll(path).contains("width=\"88.9mm\""));
    }

    void csvHasEveryPoint()
    {
        const QString path = mDir.filePath("chart.csv");
        QString error;
        QVERIFY(exportChart(lines(), as(ExportFormat::Csv), path, &error));
        QCOMPARE(QString::fromUtf8(readAll(path)),
                 QString("series,x,y,lower,upper\n"
                         "greedy,25,0.5,0.4,0.6\ngreedy,50,0.75,0.625,0.875\n"
                         "random,25,0.25,,\nrandom,50,0.3,,\n"));
        // A name is one field whatever it holds, and never a spreadsheet formula.
        ChartData odd = lines();
        odd.series[0].name = "=cmd|' /C calc'!A0";
        odd.series[1].name = "two\nlines, \"quoted\"";
        QVERIFY(exportChart(odd, as(ExportFormat::Csv), path, &error));
        const QStringList rows = QString::fromUtf8(readAll(path)).split('\n');
        QCOMPARE(rows[1], QString("'=cmd|' /C calc'!A0,25,0.5,0.4,0.6"));
        QCOMPARE(rows[3], QString("\"two"));
        QCOMPARE(rows[4], QString("lines, \"\"quoted\"\"\",25,0.25,,"));
        QCOMPARE(csvFieldText("'=cmd"), std::string("=cmd"));
        QCOMPARE(csvFieldText("'x"), std::string("'x"));
        QCOMPARE(csvField("'=x"), std::string("''=x"));
        QCOMPARE(csvFieldText(csvField("'=x")), std::string("'=x"));
        QCOMPARE(csvField("-1.5"), std::string("-1.5"));
        QCOMPARE(csvField("-1+cmd"), std::string("'-1+cmd"));
    }

    void pgfplotsHasTheDataAndTheBand()
    {
        const QString tex = chartPgfplots(lines(), *chartPreset("ieee-single"));
        QVERIFY(tex.contains("\\begin{tikzpicture}") && tex.contains("\\end{tikzpicture}"));
        QVERIFY(tex.contains("width=3.5in"));
        QCOMPARE(tex.count("\\addlegendentry"), 2);
        QVERIFY(tex.contains("fill between[of=hiA and loA]"));
        QVERIFY(!tex.contains("fill between[of=hiB")); // random has no interval
        QVERIFY(tex.contains("50 0.75 0.625 0.875 0.125 0.125\n"));
        QVERIFY(tex.contains("{On-time throughput}"));
        QCOMPARE(tex.count('{'), tex.count('}'));

        const QString b = chartPgfplots(bars(), *chartPreset("ieee-single"));
        QVERIFY(b.contains("\\addplot[fill=schedlabA"));
        QVERIFY(b.contains("error bars/.cd"));
        QVERIFY(b.contains("xticklabels={{greedy},{random}}"));
        QVERIFY(b.contains("1 10.5 9.25 11.75 1.25 1.25\n"));

        const QString path = mDir.filePath("chart.tex");
        QString error;
        QVERIFY(exportChart(bars(), as(ExportFormat::Tex), path, &error));
        QCOMPARE(QString::fromUtf8(readAll(path)), b);
    }

    void pointLinesHaveMarkersAndErrorBars()
    {
        ChartData d;
        d.kind = ChartKind::PointLines;
        d.xLabel = "time.slot";
        d.yLabel = "throughput_rate";
        d.categories = {"250ms", "1s"};
        d.series = {{"greedy", "greedy", {1, 2}, {0.875, 0.75}, {0.75, 0.5}, {1.0, 1.0}}};
        const QString tex = chartPgfplots(d, *chartPreset("ieee-single"));
        QVERIFY(tex.contains("mark=*"));
        QVERIFY(tex.contains("error bars/.cd, y dir=both, y explicit"));
        QVERIFY(tex.contains("xticklabels={{250ms},{1s}}"));
        QVERIFY(tex.contains("2 0.75 0.5 1 0.25 0.25\n"));
        QVERIFY(!tex.contains("fill between"));
        QCOMPARE(tex.count('{'), tex.count('}'));

        const QImage image = renderChartImage(d, *chartPreset("screen"));
        QVERIFY(!image.isNull());
        // Drawn: the policy's colour is on the image (line, markers and bars).
        const QColor colour = policyColour("greedy");
        int painted = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                painted += QColor(image.pixel(x, y)) == colour;
        QVERIFY2(painted > 50, qPrintable(QString::number(painted)));
        const QString path = mDir.filePath("sweep.pdf");
        QString error;
        QVERIFY2(exportChart(d, as(ExportFormat::Pdf), path, &error), qPrintable(error));
        QVERIFY(readAll(path).startsWith("%PDF"));
    }

    /** A Python policy named "pygreedy" hashes to greedy's blue: beside greedy in one
     *  chart it takes a colour of its own, in the preview, the image and pgfplots alike. */
    void aPolicyOfNoTableIsNotDrawnInAnotherOnesColour()
    {
        ChartData d = bars();
        d.series.insert(1, {"pygreedy", "pygreedy", {2}, {11}, {10}, {12}});
        d.series[2].x = {3};
        d.categories = QStringList{"greedy", "pygreedy", "random"};
        const QVector<QColor> colours = seriesColours(d);
        QCOMPARE(colours.size(), 3);
        QCOMPARE(colours[0], policyColour("greedy"));
        QCOMPARE(colours[2], policyColour("random"));
        QVERIFY(colours[1] != colours[0] && colours[1] != colours[2]);

        const QString tex = chartPgfplots(d, *chartPreset("ieee-single"));
        QSet<QString> defined;
        static const QRegularExpression define(
            "\\\\definecolor\\{schedlab[A-Z]+\\}\\{HTML\\}\\{(\\w+)\\}");
        for (auto it = define.globalMatch(tex); it.hasNext();)
            defined.insert(it.next().captured(1));
        QCOMPARE(defined.size(), 3);

        // Each bar is filled with its own colour: count the pixels of each.
        const QImage image = renderChartImage(d, *chartPreset("screen"));
        for (const QColor &colour : colours) {
            int painted = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = 0; x < image.width(); ++x)
                    painted += QColor(image.pixel(x, y)) == colour;
            QVERIFY2(painted > 500, qPrintable(colour.name()));
        }
    }

    /** A run of one frame is one point: drawn as a marker with its interval, in the
     *  preview and in pgfplots, not as a line through one point, which shows nothing. */
    void aOnePointLineIsAMarker()
    {
        ChartData d;
        d.kind = ChartKind::Lines;
        d.xLabel = "Time (s)";
        d.yLabel = "On-time throughput";
        d.series = {{"greedy", "greedy", {20}, {0.58}, {0.5}, {0.66}}};
        const QImage image = renderChartImage(d, *chartPreset("screen"));
        const QColor colour = policyColour("greedy");
        int painted = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                painted += QColor(image.pixel(x, y)) == colour;
        QVERIFY2(painted > 50, qPrintable(QString::number(painted))); // the legend's line is less
        const QString tex = chartPgfplots(d, *chartPreset("ieee-single"));
        QVERIFY2(tex.contains("mark=*"), qPrintable(tex));
        QVERIFY(!tex.contains("fill between"));
    }

    void latexTableBoldsTheBest()
    {
        std::vector<VariantSummary> summary(2);
        summary[0].label = "greedy";
        summary[0].metrics = {{"throughput_rate", {0.834, 0.018, 5}},
                              {"dropped", {12.0, 2.5, 5}},
                              {"avg_util", {0.5, 0.012, 5}}};
        summary[1].label = "round_robin";
        summary[1].metrics = {{"throughput_rate", {0.8, 0.02, 5}},
                              {"dropped", {9.04, 1.2, 5}},
                              {"avg_util", {0.6, 0.01, 5}}};
        QString error;
        const auto table = latexTable(summary, {"throughput_rate", "dropped", "avg_util"}, &error);
        QVERIFY2(table, qPrintable(error));
        QVERIFY(table->contains("\\toprule") && table->contains("\\bottomrule"));
        QVERIFY(table->contains("Policy & Throughput rate & Dropped & Mean utilisation \\\\"));
        QVERIFY2(table->contains("greedy & $\\mathbf{0.834 \\pm 0.018}$ & $12.0 \\pm 2.5$ & "
                                 "$0.500 \\pm 0.012$ \\\\"),
                 qPrintable(*table));
        QVERIFY(table->contains("round\\_robin & $0.800 \\pm 0.020$ & $\\mathbf{9.0 \\pm 1.2}$"));
        QVERIFY(!table->contains("\\mathbf{0.6")); // utilisation has no "better"

        QVERIFY(!latexTable(summary, {"throughput_rate", "nope"}, &error));
        QVERIFY2(error.contains("'nope'") && error.contains("avg_util"), qPrintable(error));
        // Named none, a table shows the key metrics the summary has; request metrics
        // only when requests arrived.
        QVERIFY(latexTable(summary, {}, &error)->contains("Policy & Mean utilisation \\\\"));
        summary[0].metrics.push_back({"arrived", {100, 0, 5}});
        summary[1].metrics.push_back({"arrived", {100, 0, 5}});
        QVERIFY(latexTable(summary, {}, &error)
                    ->contains("Policy & Throughput rate & Dropped & Mean utilisation \\\\"));
    }

    /** A policy none of whose runs finished (the comparison was cancelled) is a row
     *  of dashes; the best and each column's unit come from the others. */
    void aPolicyWithNoFinishedRunIsARowOfDashes()
    {
        std::vector<VariantSummary> summary(3);
        summary[0].label = "cancelled";
        summary[1].label = "greedy";
        summary[1].metrics = {{"throughput_rate", {0.834, 0.018, 5}},
                              {"scheduling_cost_bytes", {2.5e9, 1e8, 5}}};
        summary[2].label = "random";
        summary[2].metrics = {{"throughput_rate", {0.8, 0.02, 5}},
                              {"scheduling_cost_bytes", {1.5e9, 1e8, 5}}};
        QString error;
        const auto table =
            latexTable(summary, {"throughput_rate", "scheduling_cost_bytes"}, &error);
        QVERIFY2(table, qPrintable(error));
        QVERIFY2(table->contains("cancelled & -- & -- \\\\"), qPrintable(*table));
        QVERIFY(table->contains("greedy & $\\mathbf{0.834 \\pm 0.018}$ & $2.50 \\pm 0.10$"));
        QVERIFY(table->contains("Scheduling cost (GB)"));
        QVERIFY(!latexTable(summary, {"nope"}, &error));
        QVERIFY2(error.contains("throughput_rate, scheduling_cost_bytes"), qPrintable(error));
    }

    void largeValuesAreRoundedToTheInterval()
    {
        std::vector<VariantSummary> summary(1);
        summary[0].label = "greedy";
        summary[0].metrics = {{"scheduling_cost_bytes", {16389000.0, 3560620.0, 5}}};
        const auto table = latexTable(summary, {"scheduling_cost_bytes"}, nullptr);
        QVERIFY2(table && table->contains("Policy & Scheduling cost (MB) \\\\") &&
                     table->contains("greedy & $16 \\pm 4$"),
                 qPrintable(table.value_or("")));
        // A column shares its unit, from its largest value; counts in thousands say so.
        summary.push_back(summary[0]);
        summary[0].metrics = {{"scheduling_cost_bytes", {1.73e9, 2e8, 5}},
                              {"arrived", {4819, 310, 5}}};
        summary[1].label = "random";
        summary[1].metrics = {{"scheduling_cost_bytes", {3.6e8, 3e6, 5}},
                              {"arrived", {4700, 0, 1}}};
        const auto both = latexTable(summary, {"scheduling_cost_bytes", "arrived"}, nullptr);
        QVERIFY2(both && both->contains("Scheduling cost (GB) & Arrived ($\\times 10^{3}$)") &&
                     both->contains("greedy & $1.73 \\pm 0.20$ & $4.8 \\pm 0.3$") &&
                     both->contains("random & $\\mathbf{0.360 \\pm 0.003}$ & $4.7$"),
                 qPrintable(both.value_or("")));
        summary[0].metrics = {{"decision_time_us_mean", {4.2, 0.5, 5}}};
        summary[1].metrics = {{"decision_time_us_mean", {12.0, 0.5, 5}}};
        QVERIFY(latexTable(summary, {"decision_time_us_mean"}, nullptr)
                    ->contains("Decision time (\\textmu{}s)"));
    }

    void pgfplotsHasThePreviewsRangesAndTicks()
    {
        for (const ChartData &d : {lines(), bars(), cdfOverDecades()}) {
            const ChartStyle style = *chartPreset("ieee-single");
            const auto [x, y, columns] = chartLayout(d, style);
            const QString tex = chartPgfplots(d, style);
            const auto number = [](double v) {
                return QString::number(v, 'g', QLocale::FloatingPointShortest);
            };
            QVERIFY2(tex.contains(QString("xmin=%1, xmax=%2, ymin=%3, ymax=%4,")
                                      .arg(number(x.lower), number(x.upper), number(y.lower),
                                           number(y.upper))),
                     qPrintable(tex));
            QStringList yTicks;
            for (double t : y.ticks)
                yTicks << QString::number(t, 'g', 12);
            QVERIFY(y.ticks.size() >= 3);
            QVERIFY2(tex.contains("ytick={" + yTicks.join(',') + "}"), qPrintable(tex));
            QVERIFY(tex.contains("scaled y ticks=false"));
            if (d.kind != ChartKind::Bars) // the legend wraps where the preview's does
                QVERIFY(
                    tex.contains(QString("legend columns=%1,").arg(columns > 0 ? columns : -1)));
            QCOMPARE(tex.count('{'), tex.count('}'));
        }
        const QString cdf = chartPgfplots(cdfOverDecades(), *chartPreset("ieee-single"));
        QVERIFY(cdf.contains("xmode=log"));
        // 2 ms to 125 s: ticks at the decades between, as the preview draws them (10¹ ... 10⁵).
        QVERIFY2(cdf.contains("xtick={10,100,1000,10000,100000}, xticklabels={{$10^{1}$},"
                              "{$10^{2}$},{$10^{3}$},{$10^{4}$},{$10^{5}$}}"),
                 qPrintable(cdf.mid(cdf.indexOf("xtick"), 200)));
    }

    void ieeeFiguresAreSetInASerif()
    {
        // fonts-urw-base35 is in `make deps`: IEEE figures find their Times face.
        QString note;
        const QString family = chartFontFamily(ChartFont::Times, &note);
        QVERIFY2(note.isEmpty(), qPrintable(note));
        QVERIFY(family == "TeX Gyre Termes" || family.startsWith("Nimbus Roman"));
        const QString path = mDir.filePath("serif.pdf");
        QString error;
        QVERIFY2(exportChart(lines(), as(ExportFormat::Pdf), path, &error), qPrintable(error));
        const QByteArray pdf = readAll(path);
        // Embedded, as the guide asks: a font file in the PDF under the face's name.
        QVERIFY(QRegularExpression("/BaseFont /[A-Z]*\\+?(NimbusRoman|TeXGyreTermes)")
                    .match(QString::fromLatin1(pdf))
                    .hasMatch());
        QVERIFY(pdf.contains("/FontFile"));
        const QString sans = mDir.filePath("sans.pdf");
        ExportOptions screen = as(ExportFormat::Pdf, "screen");
        QVERIFY(exportChart(lines(), screen, sans, &error));
        QVERIFY(!readAll(sans).contains("NimbusRoman"));
    }

    void latexCompilesWhereInstalled()
    {
        const QString pdflatex = QStandardPaths::findExecutable("pdflatex");
        if (pdflatex.isEmpty())
            QSKIP("pdflatex is not installed: apt-get install texlive-latex-base "
                  "texlive-latex-recommended texlive-pictures to compile-check the .tex exports");
        QTemporaryDir dir;
        const ExportOptions tex = as(ExportFormat::Tex);
        QString error;
        QVERIFY(exportChart(lines(), tex, dir.filePath("lines.tex"), &error));
        QVERIFY(exportChart(cdfOverDecades(), tex, dir.filePath("cdf.tex"), &error));
        QVERIFY(exportChart(bars(), tex, dir.filePath("bars.tex"), &error));
        std::vector<VariantSummary> summary(1);
        summary[0].label = "greedy";
        summary[0].metrics = {{"dropped", {1.0, 0.5, 3}},
                              {"scheduling_cost_bytes", {1.73e9, 2e8, 3}},
                              {"decision_time_us_mean", {4.2, 0.5, 3}}};
        QFile doc(dir.filePath("doc.tex"));
        QVERIFY(doc.open(QIODevice::WriteOnly));
        doc.write("\\documentclass{article}\\usepackage{pgfplots,booktabs}"
                  "\\pgfplotsset{compat=1.17}\\usepgfplotslibrary{fillbetween}"
                  "\\begin{document}\\input{lines}\\input{cdf}\\input{bars}\n");
        doc.write(latexTable(summary, {"dropped", "scheduling_cost_bytes", "decision_time_us_mean"},
                             &error)
                      ->toUtf8());
        doc.write("\\end{document}\n");
        doc.close();
        QProcess latex;
        latex.setWorkingDirectory(dir.path());
        latex.start(pdflatex, {"-interaction=nonstopmode", "-halt-on-error", "doc.tex"});
        QVERIFY(latex.waitForFinished(120000));
        QVERIFY2(latex.exitCode() == 0, latex.readAllStandardOutput().right(2000).constData());
        QVERIFY(QFileInfo(dir.filePath("doc.pdf")).size() > 0);
        const QByteArray log = readAll(dir.filePath("doc.log"));
        QVERIFY2(!log.contains("Missing character"), log.right(2000).constData());
    }

    void badInputIsAnErrorNotACrash()
    {
        QString error;
        QVERIFY(!exportChart(ChartData(), as(ExportFormat::Png), mDir.filePath("x.png"), &error));
        QVERIFY(error.contains("no data"));
        QVERIFY(!exportChart(lines(), as(ExportFormat::Csv), mDir.filePath("no/such/dir/x.csv"),
                             &error));
        QVERIFY(error.contains("no/such/dir"));
        QVERIFY(
            !exportChart(lines(), as(ExportFormat::Png), mDir.filePath("no/such/x.png"), &error));
        ExportOptions huge = as(ExportFormat::Png);
        huge.style.widthIn = 0;
        QVERIFY(!exportChart(lines(), huge, mDir.filePath("x.png"), &error));
        QVERIFY(exportFormatFromPath("a/b.SVG") == ExportFormat::Svg);
        QVERIFY(!exportFormatFromName("jpeg"));
    }

    void dialogPreviewsAndWrites()
    {
        ExportDialog dialog(lines());
        QVERIFY(!dialog.preview().isNull());
        QVERIFY(dialog.setPreset("ieee-double"));
        QCOMPARE(dialog.options().style.widthIn, 7.16);
        QVERIFY(!dialog.setPreset("poster"));
        dialog.setPath(mDir.filePath("dialog.svg"));
        QVERIFY(dialog.options().format == ExportFormat::Svg);
        QVERIFY(dialog.exportNow());
        QVERIFY(readAll(mDir.filePath("dialog.svg")).contains("<svg"));
        dialog.setFormat(ExportFormat::Png); // follows in the file name
        QCOMPARE(QFileInfo(dialog.path()).fileName(), QString("dialog.png"));
        dialog.setPath(mDir.filePath("missing/dialog.png"));
        QVERIFY(!dialog.exportNow());
        QVERIFY(dialog.errorText().contains("cannot write"));

        // Typed, not browsed: the extension chooses the format, and the error goes.
        auto *file = dialog.findChild<QLineEdit *>(QStringLiteral("file"));
        QVERIFY(file);
        dialog.setFormat(ExportFormat::Pdf);
        file->clear();
        QTest::keyClicks(file, mDir.filePath("typed.png"));
        QVERIFY(dialog.options().format == ExportFormat::Png);
        QVERIFY(dialog.errorText().isEmpty());
        QVERIFY(dialog.exportNow());
        QVERIFY(readAll(mDir.filePath("typed.png")).startsWith("\x89PNG"));
    }

    void tableDialogWritesTheTickedMetrics()
    {
        std::vector<VariantSummary> summary(2);
        summary[0].label = "greedy";
        summary[0].metrics = {{"throughput_rate", {0.834, 0.018, 5}},
                              {"scheduling_cost_bytes", {1.73e9, 2e8, 5}},
                              {"dropped", {12.0, 2.5, 5}}};
        summary[1] = summary[0];
        summary[1].label = "random";
        TableExportDialog dialog(summary, {"dropped", "throughput_rate"});
        QCOMPARE(dialog.metrics(), QStringList({"throughput_rate", "dropped"})); // report order
        QVERIFY(dialog.tableText().contains("Policy & Throughput rate & Dropped \\\\"));
        dialog.setMetrics({"scheduling_cost_bytes"});
        QVERIFY(dialog.tableText().contains("Policy & Scheduling cost (GB) \\\\"));
        dialog.setPath(mDir.filePath("table.tex"));
        QVERIFY(dialog.exportNow());
        QCOMPARE(QString::fromUtf8(readAll(mDir.filePath("table.tex"))), dialog.tableText());
        dialog.setMetrics({});
        QVERIFY(!dialog.exportNow());
        QVERIFY(dialog.errorText().contains("Tick"));
    }
};

QTEST_MAIN(TestChartExport)
#include "tst_chartexport.moc"
