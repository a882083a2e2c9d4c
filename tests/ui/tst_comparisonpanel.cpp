// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisoncharts.h"
#include "comparisonpanel.h"
#include "experiment/storedcomparison.h"
#include "experimentbrowser.h"
#include "experimentsdb.h"
#include "learn/learnedmodel.h"
#include "mainwindow.h"
#include "qcustomplotheader.h"
#include "topologydocument.h"

#include <algorithm>

#include <QFile>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::ui;

class TestComparisonPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the store goes to a test location
        QFile::remove(experimentsDbPath());
    }

    void comparesThreePoliciesAndStoresThem()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        ComparisonPanel *panel = window.comparison();
        panel->choose(Plane::Dispatch, {"greedy", "random", "round-robin"});
        panel->setSeeds(3);
        panel->setDuration("40s");
        QVERIFY(!panel->charts()->canExport(ComparisonCharts::Throughput)); // nothing to export
        QSignalSpy done(panel, &ComparisonPanel::finished);
        QSignalSpy stored(panel, &ComparisonPanel::stored);
        QVERIFY(panel->run());
        QVERIFY(panel->isRunning());
        QVERIFY(!panel->run()); // one at a time
        QVERIFY(done.wait(120000));
        QVERIFY2(panel->statusText().contains("9 runs done"), qPrintable(panel->statusText()));
        QCOMPARE(stored.count(), 1);

        QCOMPARE(panel->table()->rowCount(), 3);
        QStringList rows;
        for (int r = 0; r < 3; ++r)
            rows << panel->table()->item(r, 0)->text();
        QCOMPARE(rows, QStringList({"random", "round-robin", "greedy"})); // the policy list's order
        QVERIFY(panel->table()->item(0, 1)->text().contains("±"));
        // Numbers in the metric's unit with an SI prefix: "3.6 MB ± 0.2 MB", never "3.6e+06".
        for (int c = 1; c < panel->table()->columnCount(); ++c) {
            const QString header =
                panel->table()->horizontalHeaderItem(c)->data(Qt::UserRole).toString();
            const QString cell = panel->table()->item(0, c)->text();
            QVERIFY2(!cell.contains("e+"), qPrintable(header + ": " + cell));
            if (header == "scheduling_cost_bytes") {
                QVERIFY2(cell.endsWith("B"), qPrintable(cell));
                QCOMPARE(panel->table()->horizontalHeaderItem(c)->text(), "Scheduling cost");
            }
            if (header == "response_ms_p95")
                QVERIFY2(cell.endsWith("s"), qPrintable(cell));
        }
        // The best of a column with a direction is in bold: the highest throughput
        // rate; a column without one (arrived) has none.
        const auto column = [&](const QString &key) {
            for (int c = 1; c < panel->table()->columnCount(); ++c)
                if (panel->table()->horizontalHeaderItem(c)->data(Qt::UserRole) == key)
                    return c;
            return -1;
        };
        const auto mean = [&](int r, int c) {
            return panel->table()->item(r, c)->text().section(' ', 0, 0).toDouble();
        };
        const int rate = column("throughput_rate"), arrived = column("arrived");
        QVERIFY(rate > 0 && arrived > 0);
        double boldBest = -1.0;
        for (int r = 0; r < 3; ++r) {
            QVERIFY(!panel->table()->item(r, arrived)->font().bold());
            if (panel->table()->item(r, rate)->font().bold())
                boldBest = std::max(boldBest, mean(r, rate));
        }
        QVERIFY(boldBest >= 0.0);
        for (int r = 0; r < 3; ++r)
            QVERIFY(panel->table()->item(r, rate)->font().bold() || mean(r, rate) <= boldBest);
        const auto &throughput = panel->charts()->data(ComparisonCharts::Throughput);
        QCOMPARE(throughput.series.size(), 3);
        QVERIFY(throughput.series[0].hasInterval());
        QCOMPARE(panel->charts()->data(ComparisonCharts::Cdf).series.size(), 3);
        QVERIFY(panel->charts()->showMetric("dropped"));
        QCOMPARE(panel->charts()->data(ComparisonCharts::Bars).series.size(), 3);
        QVERIFY(panel->charts()->plot(ComparisonCharts::Throughput)->graphCount() >= 3);
        QVERIFY(panel->charts()->canExport(ComparisonCharts::Throughput));
        QTemporaryDir dir;
        QString error;
        QVERIFY2(panel->charts()->writeLatexTable(dir.filePath("table.tex"), &error),
                 qPrintable(error));
        QFile table(dir.filePath("table.tex"));
        QVERIFY(table.open(QIODevice::ReadOnly));
        const QByteArray tex = table.readAll();
        QVERIFY(tex.contains("Throughput rate") && tex.contains("& Dropped"));
        QVERIFY(tex.contains("round-robin & $") && tex.contains("\\pm"));

        // The browser lists it and reopens it into the panel without running.
        ExperimentBrowser *browser = window.experiments();
        QCOMPARE(browser->count(), 1);
        panel->table()->setRowCount(0);
        QVERIFY(browser->open(stored.front().front().toString()));
        QCOMPARE(panel->table()->rowCount(), 3);
        QVERIFY(!browser->open("no such comparison"));
    }

    /** An opened scenario's own dequeue, orchestration and placement are ticked, as
     *  `schedlab-cli compare` runs them; the dispatch baselines stay as they were. */
    void planesFollowTheOpenedScenario()
    {
        MainWindow window;
        ComparisonPanel *panel = window.comparison();
        const auto one = [](const std::string &name) { return std::vector<std::string>{name}; };
        QCOMPARE(panel->checked(Plane::Orchestration), one("static")); // File > New's start
        QVERIFY(
            window
                .openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/kais-edge-cloud.yaml"))
                .isEmpty());
        QCOMPARE(panel->checked(Plane::Dequeue), one("discounted-experience"));
        QCOMPARE(panel->checked(Plane::Orchestration), one("hpa"));
        QCOMPARE(panel->checked(Plane::Placement), one("kube-default"));
        QCOMPARE(panel->checked(Plane::Dispatch),
                 (std::vector<std::string>{"random", "round-robin", "greedy"}));
    }

    void cancelStopsAndStoresNothing()
    {
        MainWindow window;
        QVERIFY(
            window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/kais-large.yaml"))
                .isEmpty());
        ComparisonPanel *panel = window.comparison();
        panel->setSeeds(200);
        QSignalSpy done(panel, &ComparisonPanel::finished);
        QSignalSpy stored(panel, &ComparisonPanel::stored);
        QVERIFY(panel->run());
        panel->cancel();
        QVERIFY(done.wait(120000));
        QVERIFY2(panel->statusText().startsWith("Cancelled: ") &&
                     panel->statusText().contains(" of 600 runs done."), // 3 policies x 200 seeds
                 qPrintable(panel->statusText()));
        QCOMPARE(stored.count(), 0);
    }

    /** Opening another scenario leaves nothing of the one before in the tab. */
    void anotherScenarioClearsTheResults()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        ComparisonPanel *panel = window.comparison();
        panel->choose(Plane::Dispatch, {"greedy", "random"});
        panel->setSeeds(1);
        panel->setDuration("10s");
        QSignalSpy done(panel, &ComparisonPanel::finished);
        QVERIFY(panel->run());
        QVERIFY(done.wait(120000));
        QCOMPARE(panel->table()->rowCount(), 2);
        QVERIFY(
            window
                .openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/kais-edge-cloud.yaml"))
                .isEmpty());
        QCOMPARE(panel->table()->rowCount(), 0);
        QVERIFY(panel->charts()->data(ComparisonCharts::Throughput).series.isEmpty());
        // Nor are the axes the last chart's.
        QCOMPARE(panel->charts()->plot(ComparisonCharts::Throughput)->xAxis->range(),
                 QCPRange(0, 1));
        QVERIFY(panel->charts()->data(ComparisonCharts::Bars).series.isEmpty());
        QVERIFY(!panel->charts()->canExport(ComparisonCharts::Bars));
        QVERIFY2(!panel->statusText().contains("tutorial"), qPrintable(panel->statusText()));

        // A model belongs to the scenario it was trained on: opening another drops it.
        auto model = std::make_shared<LearnedModel>();
        model->agent = "cmmac";
        panel->useModel(model, "cmmac.ckpt");
        const auto withModel = panel->checked(Plane::Dispatch);
        QCOMPARE(std::count(withModel.begin(), withModel.end(), "cmmac"), 1);
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        QVERIFY(!panel->model());
        const auto dispatch = panel->checked(Plane::Dispatch);
        QCOMPARE(std::count(dispatch.begin(), dispatch.end(), "cmmac"), 0);
        QVERIFY(!dispatch.empty());
        QVERIFY2(panel->statusText().contains("for the scenario before"),
                 qPrintable(panel->statusText()));
    }

    /** Resume takes the runs the store holds and runs only the rest, under the same
     *  label, to the same numbers as one uninterrupted comparison. */
    void resumeRunsOnlyWhatTheStoreLacks()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        ComparisonPanel *panel = window.comparison();
        panel->choose(Plane::Dispatch, {"greedy", "random"});
        panel->setDuration("35s");
        QSignalSpy done(panel, &ComparisonPanel::finished);
        QSignalSpy stored(panel, &ComparisonPanel::stored);
        panel->setSeeds(2);
        QVERIFY(panel->run());
        QVERIFY(done.wait(120000));
        QCOMPARE(stored.count(), 1);
        const QString label = stored.front().front().toString();

        panel->setSeeds(3);
        QVERIFY(panel->run(true));
        QVERIFY(done.wait(120000));
        QVERIFY2(panel->statusText().contains("6 runs done. 4 of them were in the store already"),
                 qPrintable(panel->statusText()));
        QCOMPARE(stored.back().front().toString(), label);
        QStringList resumed;
        for (int r = 0; r < panel->table()->rowCount(); ++r)
            resumed << panel->table()->item(r, 1)->text();

        QVERIFY(panel->run()); // the same runs, in a comparison of their own
        QVERIFY(done.wait(120000));
        QVERIFY(stored.back().front().toString() != label);
        QStringList whole;
        for (int r = 0; r < panel->table()->rowCount(); ++r)
            whole << panel->table()->item(r, 1)->text();
        QCOMPARE(resumed, whole);
    }

    /** A `kais` checkpoint holds cMMAC and GPG: both are ticked, each with its plane's
     *  baselines. */
    void kaisModelTicksBothPlanes()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        ComparisonPanel *panel = window.comparison();
        panel->choose(Plane::Orchestration, {"hpa"});
        auto model = std::make_shared<LearnedModel>();
        model->agent = "kais";
        panel->useModel(model, "kais.ckpt");
        const auto dispatch = panel->checked(Plane::Dispatch);
        const auto orchestration = panel->checked(Plane::Orchestration);
        QCOMPARE(std::count(dispatch.begin(), dispatch.end(), "cmmac"), 1);
        QCOMPARE(std::count(dispatch.begin(), dispatch.end(), "greedy"), 1);
        QCOMPARE(std::count(orchestration.begin(), orchestration.end(), "gpg"), 1);
        QCOMPARE(std::count(orchestration.begin(), orchestration.end(), "hpa"), 1);
        const auto placement = panel->checked(Plane::Placement);
        QCOMPARE(std::count(placement.begin(), placement.end(), "drs"), 0);
    }

    void refusesWhatCannotRun()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        ComparisonPanel *panel = window.comparison();
        panel->choose(Plane::Dispatch, {});
        QVERIFY(!panel->run());
        QVERIFY(panel->statusText().contains("at least one policy"));
        panel->choose(Plane::Dispatch, {"greedy"});
        panel->setDuration("40");
        QVERIFY(!panel->run());
        QVERIFY2(panel->statusText().contains("expected a duration with a unit"),
                 qPrintable(panel->statusText()));
    }

    /** A file whose own time.duration is too long to run compares for a Duration
     *  that is not; a Duration too long is refused as the Duration's. */
    void aRunOfItsOwnLengthIsCheckedForIt()
    {
        QTemporaryDir dir;
        QFile in(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        QVERIFY(text.contains("duration: 2m,"));
        text.replace("duration: 2m,", "duration: 100000h,"); // 1.44e9 slots of 250 ms
        QFile out(dir.filePath("long.yaml"));
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(text) == text.size());
        out.close();

        MainWindow window;
        window.openScenario(out.fileName());
        QVERIFY(!window.document()->problems().empty());
        ComparisonPanel *panel = window.comparison();
        panel->choose(Plane::Dispatch, {"greedy"});
        panel->setSeeds(1);
        QVERIFY(!panel->run());
        QVERIFY2(panel->statusText().contains("problems") && panel->statusText().contains("slots"),
                 qPrintable(panel->statusText()));
        panel->setDuration("200000h");
        QVERIFY(!panel->run());
        QVERIFY2(panel->statusText().startsWith("Duration: a run of 7.2e+08 s"),
                 qPrintable(panel->statusText()));
        panel->setDuration("10s");
        QSignalSpy done(panel, &ComparisonPanel::finished);
        QVERIFY2(panel->run(), qPrintable(panel->statusText()));
        QVERIFY(done.wait(60000));
        QVERIFY2(panel->statusText().contains("1 runs done"), qPrintable(panel->statusText()));
    }

    /** A comparison that schedlab.compare ran with a Python function ("pygreedy") reopens
     *  with every series and its own colour; the status says the workbench cannot run
     *  that policy, and the built-in ones stay ticked. */
    void aPythonPolicyReopensAndIsNamedAsNotRunnableHere()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        const Scenario &scenario = window.document()->scenario();
        // As the Python module stores it: the function's name where a policy's would be.
        const auto storePython = [&](const std::vector<std::string> &dispatch) {
            ComparisonSpec spec;
            std::vector<std::string> builtIn;
            for (const std::string &name : dispatch)
                builtIn.push_back(name == "pygreedy" ? "greedy" : name);
            spec.variants =
                crossVariants(scenario.policies, builtIn, {scenario.policies.dequeue},
                              {scenario.policies.orchestration}, {scenario.policies.placement});
            spec.seeds = {scenario.seed, scenario.seed + 1};
            spec.duration = 20.0;
            const std::vector<CellResult> cells = runComparison(scenario, spec);
            for (std::size_t v = 0; v < dispatch.size(); ++v) {
                spec.variants[v].label = dispatch[v];
                spec.variants[v].policies.dispatch = dispatch[v];
            }
            const std::string label = "python " + std::to_string(dispatch.size());
            std::string error;
            if (!storeComparison(experimentsDbPath().toStdString(), scenario, spec, cells, label,
                                 &error))
                qWarning("%s", error.c_str());
            return QString::fromStdString(label);
        };
        const QString three = storePython({"greedy", "pygreedy", "random"});
        const QString alone = storePython({"pygreedy"});
        ComparisonPanel *panel = window.comparison();
        ExperimentBrowser *browser = window.experiments();
        browser->refresh();

        QVERIFY(browser->open(three));
        QCOMPARE(panel->table()->rowCount(), 3);
        QCOMPARE(panel->table()->item(1, 0)->text(), "pygreedy");
        QCOMPARE(panel->checked(Plane::Dispatch), (std::vector<std::string>{"random", "greedy"}));
        const QString status = panel->statusText();
        QVERIFY2(status.contains("“pygreedy” is a Python dispatch policy") &&
                     status.contains("the workbench cannot run it again") &&
                     status.contains("Run compares the built-in ones."),
                 qPrintable(status));
        const auto &throughput = panel->charts()->data(ComparisonCharts::Throughput);
        QCOMPARE(throughput.series.size(), 3);
        QCOMPARE(throughput.series[1].name, "pygreedy");
        // Drawn in three colours, though "pygreedy" hashes to greedy's.
        QSet<QRgb> colours;
        QCustomPlot *plot = panel->charts()->plot(ComparisonCharts::Throughput);
        for (int g = 0; g < plot->graphCount(); ++g)
            if (QStringList{"greedy", "pygreedy", "random"}.contains(plot->graph(g)->name()))
                colours.insert(plot->graph(g)->pen().color().rgb());
        QCOMPARE(colours.size(), 3);
        QCOMPARE(panel->charts()->data(ComparisonCharts::Bars).series.size(), 3);

        QVERIFY(browser->open(alone));
        QCOMPARE(panel->table()->rowCount(), 1);
        QVERIFY(panel->checked(Plane::Dispatch).empty());
        QVERIFY2(panel->statusText().contains("tick a built-in one to run the comparison again"),
                 qPrintable(panel->statusText()));
        QVERIFY(!panel->run());
    }
};

QTEST_MAIN(TestComparisonPanel)
#include "tst_comparisonpanel.moc"
