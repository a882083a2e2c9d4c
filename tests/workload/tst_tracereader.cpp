// SPDX-License-Identifier: GPL-3.0-or-later
// Alibaba batch_task import: every messy row lands in exactly one counted reason.
#include "workload/tracereader.h"
#include "workload/tracesummary.h"

#include "common/cli.h"

#include <QtTest>

#include <numeric>
#include <sstream>

using namespace schedlab;

namespace {
const QByteArray kHeader2017 =
    "task_create_time, task_end_time, job_id, task_id,number_of_instances, status, "
    "number_of_cpus_requested_per_instance_in_the_task,normalized_memory_requested_per_"
    "instance_in_the_task";
const QByteArray kRow2017 = "6459,6524,3,4,15740,Terminated,50,0.007956928";
const QByteArray kRow2018 = "M1,1,j_1,1,Terminated,157213,157295,100,0.3";
const QString kSample = QStringLiteral(SCHEDLAB_TEST_DATA "/traces/alibaba-2017-sample.csv");

TraceFormat formatOf(const QString &name)
{
    const auto f = traceFormatFromName(name.toStdString());
    if (!f)
        qFatal("bad format in test data");
    return *f;
}

TraceImport importText(const QByteArray &text, const QString &format)
{
    std::istringstream in(std::string(text.constData(), std::size_t(text.size())));
    return importAlibabaTrace(in, formatOf(format), "test");
}

std::uint64_t skippedTotal(const TraceReport &r)
{
    std::uint64_t n = 0;
    for (const auto &[reason, count] : r.skipped)
        n += count;
    return n;
}

std::uint64_t count(const std::map<std::string, std::uint64_t> &m, const char *key)
{
    const auto it = m.find(key);
    return it == m.end() ? 0 : it->second;
}

using schedlab::test::cli;
using Result = schedlab::test::CliResult;
} // namespace

class TestTraceReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void messyRow_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("reason"); // empty: the row is used
        QTest::addColumn<QString>("repair"); // empty: no repair

        const QString y17 = QStringLiteral("alibaba-2017"), y18 = QStringLiteral("alibaba-2018");
        auto row = [](const char *name, const QString &format, const QByteArray &text,
                      const char *reason, const char *repair = "") {
            QTest::newRow(name) << format << text << QString::fromUtf8(reason)
                                << QString::fromUtf8(repair);
        };
        // 2017 schema
        row("2017 clean", y17, kRow2017 + "\n", "");
        row("2017 waiting, empty cpu", y17, "6036,6046,4,7,393,Waiting,,\n",
            "status not Terminated");
        row("2017 running", y17, "28920,29520,12913,80339,367,Running,50,0.013\n",
            "status not Terminated");
        row("2017 failed", y17, "100,200,5,6,1,Failed,50,0.01\n", "status not Terminated");
        row("2017 lower-case status", y17, "100,200,5,6,1,terminated,50,0.01\n",
            "status not Terminated");
        row("2017 seven columns", y17, "6459,6524,3,4,15740,Terminated,50\n", "wrong column count");
        row("2017 nine columns", y17, kRow2017 + ",7\n", "wrong column count");
        row("2017 letters in time", y17, "64x9,6524,3,4,1,Terminated,50,0.0079\n",
            "unparsable number");
        row("2017 missing start", y17, ",6524,3,4,1,Terminated,50,0.0079\n", "missing time");
        row("2017 missing end", y17, "6459,,3,4,1,Terminated,50,0.0079\n", "missing time");
        row("2017 negative start", y17, "-60,110,6168,37200,103,Terminated,50,0.0082\n",
            "negative time");
        row("2017 negative both", y17, "-60,-55,6168,37197,1,Terminated,50,0.0040\n",
            "negative time");
        row("2017 end before start", y17, "6524,6459,3,4,1,Terminated,50,0.0079\n",
            "end before start");
        row("2017 zero instances", y17, "6459,6524,3,4,0,Terminated,50,0.0079\n", "zero instances");
        row("2017 negative instances", y17, "6459,6524,3,4,-2,Terminated,50,0.0079\n",
            "negative instances");
        row("2017 missing instances", y17, "6459,6524,3,4,,Terminated,50,0.0079\n",
            "missing instances");
        row("2017 fractional instances", y17, "6459,6524,3,4,1.5,Terminated,50,0.0079\n",
            "unparsable number");
        row("2017 missing cpu", y17, "6459,6524,3,4,1,Terminated,,0.0079\n", "missing cpu");
        row("2017 missing memory", y17, "6459,6524,3,4,1,Terminated,50,\n", "missing memory");
        row("2017 negative cpu", y17, "6459,6524,3,4,1,Terminated,-50,0.0079\n", "negative cpu");
        row("2017 plus sign", y17, "6459,6524,3,4,1,Terminated,+50,0.0079\n", "unparsable number");
        row("2017 inf cpu", y17, "6459,6524,3,4,1,Terminated,inf,0.0079\n", "unparsable number");
        row("2017 nan memory", y17, "6459,6524,3,4,1,Terminated,50,nan\n", "unparsable number");
        row("2017 huge exponent", y17, "6459,6524,3,4,1,Terminated,50,1e999\n",
            "unparsable number");
        row("2017 cpu of no real machine", y17, "6459,6524,3,4,1,Terminated,1e306,0.0079\n",
            "cpu out of range");
        row("2017 end past any trace", y17, "0,1e26,3,4,1,Terminated,50,0.0079\n",
            "time out of range");
        row("2017 memory above 1", y17, "6459,6524,3,4,1,Terminated,50,1.5\n",
            "memory out of range");
        row("2017 missing job id", y17, "6459,6524,,4,1,Terminated,50,0.0079\n", "missing job id");
        row("2017 unterminated quote", y17, "6459,\"6524,3,4,1,Terminated,50,0.0079\n",
            "bad quoting");
        row("2017 quote inside field", y17, "64\"59,6524,3,4,1,Terminated,50,0.0079\n",
            "bad quoting");
        row("2017 text after quote", y17, "\"6459\"x,6524,3,4,1,Terminated,50,0.0079\n",
            "bad quoting");
        static const char nulRow[] = "6459,6524,3,4,1,Termi\0nated,50,0.0079\n";
        row("2017 nul byte", y17, QByteArray(nulRow, sizeof nulRow - 1), "nul byte");
        row("2017 latin-1 byte", y17, "6459,6524,j\xe9,4,1,Terminated,50,0.0079\n",
            "invalid utf-8");
        row("2017 truncated utf-8", y17, "6459,6524,3,4,1,Terminated,50,0.0079\xc3\n",
            "invalid utf-8");
        row("2017 utf-8 job id", y17, "6459,6524,j\xc3\xa9,4,1,Terminated,50,0.0079\n", "");
        row("2017 line of 70000 bytes", y17, QByteArray(70000, '7') + "\n", "line too long");
        row("2017 spaces", y17, " 6459 , 6524,3,4,1,Terminated ,50,0.0079\n", "",
            "whitespace trimmed");
        row("2017 tabs", y17, "6459\t,6524,3,4,1,Terminated,50,0.0079\n", "", "whitespace trimmed");
        row("2017 crlf", y17, kRow2017 + "\r\n", "", "crlf line ending");
        row("2017 cr", y17, kRow2017 + "\r", "", "cr line ending");
        row("2017 quoted", y17, "\"6459\",\"6524\",3,4,1,\"Terminated\",50,0.0079\n", "",
            "quoted field");
        row("2017 bom", y17, "\xEF\xBB\xBF" + kRow2017 + "\n", "", "utf-8 bom removed");
        row("2017 zero duration", y17, "6459,6459,3,4,1,Terminated,50,0.0079\n", "");
        // 2018 schema
        row("2018 clean", y18, kRow2018 + "\n", "");
        row("2018 waiting", y18, "task_Nzg3,12,j_3,1,Waiting,0,0,50,0.2\n",
            "status not Terminated");
        row("2018 cancelled", y18, "R2_1,12,j_3,1,Cancelled,10,20,50,0.2\n",
            "status not Terminated");
        row("2018 missing task type", y18, "M1,1,j_1,,Terminated,157213,157295,100,0.3\n",
            "missing task type");
        row("2018 eight columns", y18, "M1,1,j_1,1,Terminated,157213,157295,100\n",
            "wrong column count");
        row("2018 2017 row", y18, kRow2017 + "\n", "wrong column count");
        row("2018 plan_mem above 100", y18, "M1,1,j_1,1,Terminated,157213,157295,100,150\n",
            "memory out of range");
        row("2018 missing plan_cpu", y18, "M1,1,j_1,1,Terminated,157213,157295,,0.3\n",
            "missing cpu");
        row("2018 missing plan_mem", y18, "M1,1,j_1,1,Terminated,157213,157295,100,\n",
            "missing memory");
        row("2018 end before start", y18, "M1,1,j_1,1,Terminated,157295,157213,100,0.3\n",
            "end before start");
        row("2018 zero instances", y18, "M1,0,j_1,1,Terminated,157213,157295,100,0.3\n",
            "zero instances");
        row("2018 negative time", y18, "M1,1,j_1,1,Terminated,-5,10,100,0.3\n", "negative time");
        row("2018 letters in time", y18, "M1,1,j_1,1,Terminated,15x,157295,100,0.3\n",
            "unparsable number");
        row("2018 quoted name with comma", y18,
            "\"M1,a\",1,j_1,1,Terminated,157213,157295,100,0.3\n", "", "quoted field");
        row("2018 crlf", y18, kRow2018 + "\r\n", "", "crlf line ending");
    }

    void messyRow()
    {
        QFETCH(QString, format);
        QFETCH(QByteArray, text);
        QFETCH(QString, reason);
        QFETCH(QString, repair);
        const TraceImport imp = importText(text, format);
        const TraceReport &r = imp.report;
        QCOMPARE(r.rowsRead, 1u);
        QCOMPARE(r.used + skippedTotal(r), r.rowsRead);
        QCOMPARE(r.used, std::uint64_t(imp.tasks.size()));
        if (reason.isEmpty()) {
            QVERIFY2(r.skipped.empty(), r.skipped.begin()->first.c_str());
            QCOMPARE(r.used, 1u);
        } else {
            QCOMPARE(r.used, 0u);
            QCOMPARE(r.skipped.size(), std::size_t(1));
            QCOMPARE(QString::fromStdString(r.skipped.begin()->first), reason);
            QCOMPARE(count(r.firstLineOf, reason.toUtf8().constData()), 1u);
        }
        if (repair.isEmpty() || !reason.isEmpty()) {
            QCOMPARE(r.repaired, 0u);
            QVERIFY(r.repairs.empty());
        } else {
            QCOMPARE(r.repaired, 1u);
            QCOMPARE(r.repairs.size(), std::size_t(1));
            QCOMPARE(QString::fromStdString(r.repairs.begin()->first), repair);
        }
    }

    void fieldsMapped()
    {
        const TraceImport a = importText(kRow2017 + "\n", "alibaba-2017");
        QCOMPARE(a.tasks.size(), std::size_t(1));
        const TraceTask &t = a.tasks.front();
        QCOMPARE(t.start, 6459.0);
        QCOMPARE(t.end, 6524.0);
        QCOMPARE(t.service, std::string("job:3"));
        QCOMPARE(t.cpu, 0.5);
        QCOMPARE(t.memory, 0.007956928);
        QCOMPARE(t.instances, 15740);

        const TraceImport b = importText(kRow2018 + "\n", "alibaba-2018");
        QCOMPARE(b.tasks.size(), std::size_t(1));
        const TraceTask &u = b.tasks.front();
        QCOMPARE(u.start, 157213.0);
        QCOMPARE(u.end, 157295.0);
        QCOMPARE(u.service, std::string("1"));
        QCOMPARE(u.cpu, 1.0);
        QCOMPARE(u.memory, 0.003);
        QCOMPARE(u.instances, 1);

        const TraceImport c = importText(
            "\"M1,a\",1,j_1,\"type \"\"x\"\"\",Terminated,1,2,100,0.3\n", "alibaba-2018");
        QCOMPARE(c.tasks.size(), std::size_t(1));
        QCOMPARE(c.tasks.front().service, std::string("type \"x\""));
    }

    void fileShapes_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("rowsRead");
        QTest::addColumn<int>("used");
        QTest::addColumn<int>("blankLines");
        QTest::addColumn<bool>("header");
        QTest::addColumn<bool>("unterminated");
        QTest::addColumn<QString>("reason"); // the one skip reason expected, if any
        QTest::addColumn<int>("firstLine");

        const QString y17 = QStringLiteral("alibaba-2017"), y18 = QStringLiteral("alibaba-2018");
        const QByteArray r = kRow2017 + "\n";
        QTest::newRow("empty file")
            << y17 << QByteArray() << 0 << 0 << 0 << false << false << QString() << 0;
        QTest::newRow("header only") << y17 << kHeader2017 + "\r\n"
                                     << 0 << 0 << 0 << true << false << QString() << 0;
        QTest::newRow("header only, no newline")
            << y17 << kHeader2017 << 0 << 0 << 0 << true << true << QString() << 0;
        QTest::newRow("only blank lines")
            << y17 << QByteArray("\n \n\t\r\n") << 0 << 0 << 3 << false << false << QString() << 0;
        QTest::newRow("blank lines between rows")
            << y17 << "\n" + kHeader2017 + "\n" + r + "\n\n" + r << 2 << 2 << 3 << true << false
            << QString() << 0;
        QTest::newRow("duplicate header")
            << y17 << kHeader2017 + "\n" + r + kHeader2017 + "\n" + r << 3 << 2 << 0 << true
            << false << "duplicate header" << 3;
        QTest::newRow("header after a row is a duplicate")
            << y17 << r + kHeader2017 + "\n"
            << 2 << 1 << 0 << false << false << "duplicate header" << 2;
        QTest::newRow("truncated last line")
            << y17 << kHeader2017 + "\n" + r + r + "6459,6524,3,4,15" << 3 << 2 << 0 << true << true
            << "wrong column count" << 4;
        QTest::newRow("truncated inside a quote") << y17 << r + "6459,6524,3,4,1,\"Termin" << 2 << 1
                                                  << 0 << false << true << "bad quoting" << 2;
        QTest::newRow("crlf throughout")
            << y17 << kHeader2017 + "\r\n" + kRow2017 + "\r\n" + kRow2017 + "\r\n"
            << 2 << 2 << 0 << true << false << QString() << 0;
        QTest::newRow("cr throughout (classic Mac OS)")
            << y17 << kHeader2017 + "\r" + kRow2017 + "\r" + kRow2017 + "\r" << 2 << 2 << 0 << true
            << false << QString() << 0;
        QTest::newRow("2018 with a header")
            << y18
            << "task_name,instance_num,job_name,task_type,status,start_time,end_time,plan_cpu,"
               "plan_mem\n" +
                   kRow2018 + "\n"
            << 1 << 1 << 0 << true << false << QString() << 0;
        QTest::newRow("2017 file read as 2018") << y18 << kHeader2017 + "\n" + r + r << 3 << 0 << 0
                                                << false << false << "wrong column count" << 1;
        QTest::newRow("long line in the middle")
            << y17 << r + QByteArray(200000, ',') + "\n" + r << 3 << 2 << 0 << false << false
            << "line too long" << 2;
        QTest::newRow("long last line without newline")
            << y17 << r + QByteArray(300000, 'x') << 2 << 1 << 0 << false << true << "line too long"
            << 2;
    }

    void fileShapes()
    {
        QFETCH(QString, format);
        QFETCH(QByteArray, text);
        QFETCH(int, rowsRead);
        QFETCH(int, used);
        QFETCH(int, blankLines);
        QFETCH(bool, header);
        QFETCH(bool, unterminated);
        QFETCH(QString, reason);
        QFETCH(int, firstLine);
        const TraceImport imp = importText(text, format);
        const TraceReport &r = imp.report;
        QCOMPARE(r.rowsRead, std::uint64_t(rowsRead));
        QCOMPARE(r.used, std::uint64_t(used));
        QCOMPARE(r.used + skippedTotal(r), r.rowsRead);
        QCOMPARE(imp.tasks.size(), std::size_t(used));
        QCOMPARE(r.blankLines, std::uint64_t(blankLines));
        QCOMPARE(r.headerFound, header);
        QCOMPARE(r.lastLineUnterminated, unterminated);
        if (reason.isEmpty()) {
            QVERIFY(r.skipped.empty());
        } else {
            QCOMPARE(r.skipped.size(), std::size_t(1));
            QCOMPARE(QString::fromStdString(r.skipped.begin()->first), reason);
            QCOMPARE(count(r.firstLineOf, reason.toUtf8().constData()), std::uint64_t(firstLine));
        }
    }

    /** Rows cross the reader's internal chunk boundaries; nothing is lost or split. */
    void largeStreamAcrossChunks()
    {
        std::string text;
        const int rows = 60000;
        for (int i = 0; i < rows; ++i) {
            text += std::to_string(rows - i) + "," + std::to_string(rows - i + 5) + ",job" +
                    std::to_string(i % 7) + ",1,1,Terminated,50,0.01";
            text += i % 3 == 0 ? "\r\n" : "\n";
            if (i == 31000)
                text.append(100000, 'x').append("\n");
        }
        std::istringstream in(text);
        const TraceImport imp = importAlibabaTrace(in, TraceFormat::Alibaba2017, "generated");
        QCOMPARE(imp.report.rowsRead, std::uint64_t(rows + 1));
        QCOMPARE(imp.report.used, std::uint64_t(rows));
        QCOMPARE(count(imp.report.skipped, "line too long"), 1u);
        QCOMPARE(count(imp.report.firstLineOf, "line too long"), 31002u);
        QCOMPARE(count(imp.report.repairs, "crlf line ending"), std::uint64_t(rows / 3));
        QCOMPARE(imp.tasks.front().start, 1.0);
        QCOMPARE(imp.tasks.back().start, double(rows));
        QVERIFY(std::is_sorted(
            imp.tasks.begin(), imp.tasks.end(),
            [](const TraceTask &a, const TraceTask &b) { return a.start < b.start; }));
        QCOMPARE(summarizeTrace(imp.tasks).services, std::size_t(7));
    }

    void sortedByStartStable()
    {
        const QByteArray text = "30,40,a,1,1,Terminated,50,0.01\n"
                                "10,20,b,1,1,Terminated,50,0.01\n"
                                "20,30,c,1,1,Terminated,50,0.01\n"
                                "10,25,d,1,1,Terminated,50,0.01\n";
        const TraceImport imp = importText(text, "alibaba-2017");
        QCOMPARE(imp.tasks.size(), std::size_t(4));
        QCOMPARE(imp.tasks[0].service, std::string("job:b"));
        QCOMPARE(imp.tasks[1].service, std::string("job:d"));
        QCOMPARE(imp.tasks[2].service, std::string("job:c"));
        QCOMPARE(imp.tasks[3].service, std::string("job:a"));
    }

    /** ~200 rows cut from the real 2017 dev trace (CRLF, header with spaces). */
    void realSample()
    {
        const TraceImport imp =
            importAlibabaTraceFile(kSample.toStdString(), TraceFormat::Alibaba2017);
        const TraceReport &r = imp.report;
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY(r.headerFound);
        QCOMPARE(r.rowsRead, 200u);
        QCOMPARE(r.used, 119u);
        QCOMPARE(r.used + skippedTotal(r), r.rowsRead);
        QCOMPARE(count(r.skipped, "status not Terminated"), 61u);
        QCOMPARE(count(r.skipped, "negative time"), 20u);
        QCOMPARE(count(r.firstLineOf, "status not Terminated"), 4u);
        QCOMPARE(count(r.firstLineOf, "negative time"), 116u);
        const TraceSummary s = summarizeTrace(imp.tasks);
        QCOMPARE(s.startMin, 175.0);
        QCOMPARE(s.startMax, 27261.0);
        QCOMPARE(s.services, std::size_t(24));
        QVERIFY(s.cpuMin > 0.0 && s.cpuMax <= 4.0);
        QVERIFY(s.memoryMin > 0.0 && s.memoryMax < 1.0);
        for (const TraceTask &t : imp.tasks)
            QVERIFY(t.end >= t.start && t.start >= 0.0 && t.instances > 0);
    }

    void unreadableFile_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("missing") << QStringLiteral(SCHEDLAB_TEST_DATA "/traces/no-such.csv");
        QTest::newRow("directory") << QStringLiteral(SCHEDLAB_TEST_DATA "/traces");
    }

    void unreadableFile()
    {
        QFETCH(QString, path);
        const TraceImport imp =
            importAlibabaTraceFile(path.toStdString(), TraceFormat::Alibaba2018);
        QVERIFY(imp.tasks.empty());
        QCOMPARE(count(imp.report.skipped, "unreadable file"), 1u);
        QVERIFY(imp.report.error.find(path.toStdString()) != std::string::npos);
    }

    void cliJsonOnSample()
    {
        const Result res = cli({"import-trace", "--format", "alibaba-2017", kSample, "--json"});
        QCOMPARE(res.exitCode, 0);
        QJsonParseError err;
        const QJsonObject j = QJsonDocument::fromJson(res.out, &err).object();
        QVERIFY2(err.error == QJsonParseError::NoError, res.out.constData());
        QCOMPARE(j.value("source").toString(), kSample);
        QCOMPARE(j.value("format").toString(), QStringLiteral("alibaba-2017"));
        QCOMPARE(j.value("rows_read").toInt(), 200);
        QCOMPARE(j.value("used").toInt(), 119);
        QVERIFY(j.value("repaired").isDouble());
        const QJsonObject skipped = j.value("skipped").toObject();
        QCOMPARE(skipped.value("status not Terminated").toInt(), 61);
        QCOMPARE(skipped.value("negative time").toInt(), 20);
        int total = j.value("used").toInt();
        for (const QJsonValue v : skipped)
            total += v.toInt();
        QCOMPARE(total, j.value("rows_read").toInt());
        QVERIFY(j.value("repairs").isObject());
        QCOMPARE(j.value("first_line").toObject().value("negative time").toInt(), 116);
        const QJsonObject tasks = j.value("tasks").toObject();
        QCOMPARE(tasks.value("count").toInt(), 119);
        QCOMPARE(tasks.value("start_min").toDouble(), 175.0);
        QCOMPARE(tasks.value("start_max").toDouble(), 27261.0);
        QCOMPARE(tasks.value("services").toInt(), 24);
    }

    void cliHumanReportAndCsv()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("clean.csv");
        const Result res =
            cli({"import-trace", "--format", "alibaba-2017", kSample, "--out", out});
        QCOMPARE(res.exitCode, 0);
        QVERIFY(res.out.contains("status not Terminated"));
        QVERIFY(res.out.contains("first at line 116"));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QCOMPARE(lines.size(), 121); // header, 119 tasks, empty after the last newline
        QCOMPARE(lines.front(), QByteArray("start,end,deadline,service,cpu,memory,instances"));
        QVERIFY(lines.at(1).startsWith("175,"));
    }

    void cliErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad format")
            << QStringList{"import-trace", "--format", "google-2019", kSample}
            << QStringLiteral("google-2019");
        const QString missing = QStringLiteral(SCHEDLAB_TEST_DATA "/traces/no-such.csv");
        QTest::newRow("missing file")
            << QStringList{"import-trace", "--format", "alibaba-2018", missing} << missing;
        QTest::newRow("the other format: nothing usable")
            << QStringList{"import-trace", "--format", "alibaba-2018", kSample}
            << QStringLiteral("no usable rows");
        const QString empty = QStringLiteral(SCHEDLAB_TEST_DATA "/traces/empty.csv");
        QTest::newRow("no rows") << QStringList{"import-trace", "--format", "alibaba-2017", empty}
                                 << "no usable rows in " + empty + " (0 read)";
    }

    void cliErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result res = cli(args);
        QCOMPARE(res.exitCode, 2);
        QVERIFY2(QString::fromUtf8(res.err).contains(message), res.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestTraceReader)
#include "tst_tracereader.moc"
