// SPDX-License-Identifier: GPL-3.0-or-later
// schedlab-cli export as a user runs it: compare into a folder, then every chart and format.
#include "common/cli.h"
#include <QImageReader>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <QtTest>

namespace {
using schedlab::test::cli;
using Result = schedlab::test::CliResult;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestExportCommand : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QString mResults;

    QString out(const QString &name) const { return mDir.filePath(name); }

private Q_SLOTS:
    void initTestCase()
    {
        mResults = mDir.filePath("results");
        const Result r = cli({"compare", "scenarios/tutorial.yaml", "--dispatch", "greedy,random",
                              "--seeds", "3", "--duration", "1m", "--out", mResults});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(QFileInfo(mResults + "/cdf.csv").size() > 0);
    }

    void everyChartInEveryFormat_data()
    {
        QTest::addColumn<QString>("chart");
        QTest::addColumn<QString>("format");
        for (const char *chart : {"throughput", "cdf", "bars"})
            for (const char *format : {"png", "pdf", "svg", "csv", "tex"})
                QTest::addRow("%s.%s", chart, format) << chart << format;
    }

    void everyChartInEveryFormat()
    {
        QFETCH(QString, chart);
        QFETCH(QString, format);
        const QString file = out(chart + "." + format);
        const Result r =
            cli({"export", mResults, "--chart", chart, "--metric", "dropped", "-o", file});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("wrote"));
        const QByteArray data = readAll(file);
        if (format == "png") {
            QCOMPARE(QImageReader(file).size(), QSize(2100, 1440)); // 3.5 x 2.4 in, 600 dpi
        } else if (format == "pdf") {
            QVERIFY(data.startsWith("%PDF"));
            QVERIFY(data.contains("/MediaBox [0 0 252"));
        } else if (format == "svg") {
            QVERIFY(data.contains("<svg"));
        } else if (format == "csv") {
            QVERIFY(data.startsWith("series,x,y,lower,upper\n"));
            QVERIFY(data.contains("\ngreedy,") && data.contains("\nrandom,"));
        } else {
            QVERIFY(data.contains("\\addplot"));
            QVERIFY(data.contains("\\end{tikzpicture}"));
        }
    }

    void presetFormatAndSeries()
    {
        const QString file = out("wide.png");
        Result r = cli({"export", mResults, "--chart", "throughput", "--preset", "ieee-double",
                        "--dpi", "100", "-o", file});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(QImageReader(file).size(), QSize(716, 280));
        r = cli({"export", mResults, "--chart", "cdf", "--format", "csv", "--series", "random",
                 "-o", out("cdf-random.txt")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray csv = readAll(out("cdf-random.txt"));
        QVERIFY(csv.contains("\nrandom,") && !csv.contains("greedy"));
    }

    void latexTable()
    {
        const QString file = out("table.tex");
        const Result r = cli(
            {"export", mResults, "--table", "--metrics", "throughput_rate,dropped", "-o", file});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray tex = readAll(file);
        QVERIFY(tex.contains("\\toprule") &&
                tex.contains("Policy & Throughput rate & Dropped \\\\"));
        QVERIFY(tex.contains("greedy & $") && tex.contains("random & $"));
        QVERIFY(tex.contains("\\pm") && tex.contains("\\mathbf{"));

        // --metric names the columns too, and a unit comes with its SI prefix.
        const Result m = cli({"export", mResults, "--table", "--metric",
                              "scheduling_cost_bytes,response_ms_p95", "-o", file});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        const QByteArray chosen = readAll(file);
        QVERIFY2(
            QRegularExpression(
                R"(Policy & Scheduling cost \((k|M|G)?B\) & 95th pct\. response time \((m|)s\) \\\\)")
                .match(QString::fromUtf8(chosen))
                .hasMatch(),
            chosen.constData());
        QVERIFY(!chosen.contains("Throughput rate"));
    }

    void throughputEndsAtTheLastFullFrame()
    {
        // The tutorial's 1 min in 25 s frames: 25, 50 and the drain, 60.
        Result r = cli({"export", mResults, "--chart", "throughput", "-o", out("t.csv")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(readAll(out("t.csv")).contains("\ngreedy,50,"));
        QVERIFY(!readAll(out("t.csv")).contains("\ngreedy,60,"));
        r = cli({"export", mResults, "--chart", "throughput", "--all-frames", "-o", out("t.csv")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(readAll(out("t.csv")).contains("\ngreedy,60,"));
    }

    void badInputExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::addRow("unknown metric") << QStringList{"--chart", "bars", "--metric", "speed"}
                                        << "unknown metric 'speed'; valid metrics: throughput_rate";
        QTest::addRow("unknown chart") << QStringList{"--chart", "pie"} << "unknown chart 'pie'";
        QTest::addRow("unknown preset")
            << QStringList{"--chart", "cdf", "--preset", "a4"} << "unknown preset 'a4'";
        QTest::addRow("unknown format")
            << QStringList{"--chart", "cdf", "--format", "jpeg"} << "unknown format for jpeg";
        QTest::addRow("neither") << QStringList{} << "choose --chart";
        QTest::addRow("unknown font")
            << QStringList{"--chart", "cdf", "--font", "comic"} << "unknown font 'comic'";
        QTest::addRow("table metric")
            << QStringList{"--table", "--metrics", "speed"} << "unknown metric 'speed'";
    }

    void badInputExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result r =
            cli(QStringList{"export", mResults} + args + QStringList{"-o", out("x.png")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    }

    void fromTheExperimentStore()
    {
        const QString db = mDir.filePath("runs.db");
        Result r = cli({"compare", "scenarios/tutorial.yaml", "--dispatch", "greedy,round-robin",
                        "--seeds", "2", "--duration", "1m", "--db", db});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = cli({"export", "--db", db, "--chart", "cdf", "-o", out("stored.csv")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QByteArray csv = readAll(out("stored.csv"));
        QVERIFY(csv.contains("\ngreedy,") && csv.contains("\nround-robin,"));
        r = cli({"export", "--db", db, "--table", "--metrics", "dropped", "-o", out("stored.tex")});
        QVERIFY2(r.exitCode == 0, r.err.constData());

        r = cli({"export", "--db", db, "--comparison", "no such", "--chart", "cdf", "-o",
                 out("x.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("comparisons in") && r.err.contains("tutorial"), r.err.constData());
        r = cli({"export", "--db", out("none.db"), "--chart", "cdf", "-o", out("x.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!QFile::exists(out("none.db")));
        r = cli({"export", mResults, "--db", db, "--chart", "cdf", "-o", out("x.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("either a comparison folder or --db"), r.err.constData());
    }

    void brokenFoldersAreNamed()
    {
        Result r = cli({"export", out("nowhere"), "--chart", "cdf", "-o", out("x.png")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no comparison folder"), r.err.constData());

        const QString broken = mDir.filePath("broken");
        QDir().mkpath(broken);
        for (const char *f : {"summary.csv", "frames.csv"})
            QFile::copy(mResults + "/" + f, broken + "/" + f);
        QFile frames(broken + "/frames.csv");
        QVERIFY(frames.open(QIODevice::Append));
        frames.write("greedy,1,99,oops,0.5,1,1,0,0,0,1\n");
        frames.close();
        const int lines = readAll(broken + "/frames.csv").count('\n');
        r = cli({"export", broken, "--chart", "throughput", "-o", out("x.png")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QString("frames.csv:%1:").arg(lines).toUtf8()), r.err.constData());

        // Without cdf.csv (written by older versions) only the CDF is missing.
        const QString old = mDir.filePath("old");
        QDir().mkpath(old);
        for (const char *f : {"summary.csv", "frames.csv"})
            QFile::copy(mResults + "/" + f, old + "/" + f);
        r = cli({"export", old, "--chart", "throughput", "-o", out("old.svg")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        r = cli({"export", old, "--chart", "cdf", "-o", out("x.png")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("has no cdf.csv"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestExportCommand)
#include "tst_exportcommand.moc"
