// SPDX-License-Identifier: GPL-3.0-or-later
// `schedlab-cli validate FILE...`: ok lines on stdout, located errors on stderr, exit 0 / 2.
#include <QtTest/QtTest>

#include <QProcess>

class TestValidateCommand : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void validate_data();
    void validate();
};

void TestValidateCommand::validate_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("out");
    QTest::addColumn<QString>("err");
    const QString src = QString(SCHEDLAB_SOURCE_DIR) + "/scenarios/";
    const QString data = QString(SCHEDLAB_TEST_DATA) + "/scenarios/";
    const QString shippedTrace = "  trace " + QString(SCHEDLAB_SOURCE_DIR) +
                                 "/data/traces/alibaba-2017-batch-task.csv: 27526 of 30933 rows "
                                 "used; skipped: 167 negative time (first at line 3013), 3240 "
                                 "status not Terminated (first at line 4)\n";
    QTest::newRow("tutorial") << QStringList{src + "tutorial.yaml"} << 0
                              << src + "tutorial.yaml: ok (6 edge nodes, 4 services)\n"
                              << "";
    QTest::newRow("all bundled")
        << QStringList{src + "kais-testbed.yaml", src + "kais-complex.yaml"} << 0
        << src + "kais-testbed.yaml: ok (40 edge nodes, 30 services)\n" + shippedTrace + src +
               "kais-complex.yaml: ok (100 edge nodes, 30 services)\n" + shippedTrace
        << "";
    // What a run leaves out of a trace, and where: the filter (status) and damage.
    QTest::newRow("damaged trace")
        << QStringList{data + "damaged-trace.yaml"} << 0
        << data + "damaged-trace.yaml: ok (6 edge nodes, 4 services)\n  trace " + data +
               "damaged-trace.csv: 3 of 7 rows used; skipped: 1 negative cpu (first at line 6), "
               "1 status not Terminated (first at line 3), 1 unparsable number (first at line "
               "5), 1 wrong column count (first at line 7); the last line has no line end: the "
               "file may be cut short\n"
        << "";
    // Two sites of kais-edge-cloud have no room left for svc-30: a warning, exit 0.
    QTest::newRow("warning") << QStringList{src + "kais-edge-cloud.yaml"} << 0
                             << src + "kais-edge-cloud.yaml: ok (40 edge nodes, 30 services), 1 "
                                      "warning\n"
                             << src + "kais-edge-cloud.yaml:404:22: warning: "
                                      "services[29].replicas.edge: 1 initial replica of 'svc-30' "
                                      "per site, but site 'edge-3' has room for none and site "
                                      "'edge-4' for none (cpu 500m, memory "
                                      "128Mi each, shared round robin with the other services' "
                                      "replicas): the run starts with those and leaves the rest "
                                      "out\n";
    QTest::newRow("invalid")
        << QStringList{data + "invalid-units.yaml"} << 2 << ""
        << data +
               "invalid-units.yaml:4:14: time.slot: expected a duration with a unit (e.g. "
               "250ms, 2s, 10m), got bare number 250\n" +
               data + "invalid-units.yaml:6:5: services[0].image: missing required key 'image'\n" +
               data + "invalid-units.yaml:7:20: services[0].replica.cpu: must be > 0, got -1\n" +
               data + "invalid-units.yaml: 3 errors\n";
    QTest::newRow("one bad among good")
        << QStringList{src + "tutorial.yaml", data + "invalid-units.yaml"} << 2
        << src + "tutorial.yaml: ok (6 edge nodes, 4 services)\n"
        << data +
               "invalid-units.yaml:4:14: time.slot: expected a duration with a unit (e.g. "
               "250ms, 2s, 10m), got bare number 250\n" +
               data + "invalid-units.yaml:6:5: services[0].image: missing required key 'image'\n" +
               data + "invalid-units.yaml:7:20: services[0].replica.cpu: must be > 0, got -1\n" +
               data + "invalid-units.yaml: 3 errors\n";
    QTest::newRow("unreadable")
        << QStringList{"/nonexistent/x.yaml"} << 2 << ""
        << "/nonexistent/x.yaml: cannot read the file: No such file or directory\n"
           "/nonexistent/x.yaml: 1 error\n";
}

void TestValidateCommand::validate()
{
    QFETCH(QStringList, files);
    QFETCH(int, exitCode);
    QFETCH(QString, out);
    QFETCH(QString, err);
    QProcess cli;
    cli.start(SCHEDLAB_CLI, QStringList{"validate"} + files);
    QVERIFY(cli.waitForFinished(60000));
    QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
    QCOMPARE(QString::fromUtf8(cli.readAllStandardError()), err);
    QCOMPARE(QString::fromUtf8(cli.readAllStandardOutput()), out);
    QCOMPARE(cli.exitCode(), exitCode);
}

QTEST_GUILESS_MAIN(TestValidateCommand)
#include "tst_validatecommand.moc"
