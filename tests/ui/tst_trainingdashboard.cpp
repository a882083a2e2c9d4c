// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonpanel.h"
#include "experimentsdb.h"
#include "faketrainer.h"
#include "mainwindow.h"
#include "qcustomplotheader.h"
#include "topologydocument.h"
#include "trainingcharts.h"
#include "trainingdashboard.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::ui;
using namespace std::chrono_literals;

namespace {
TrainerFactory slowFake()
{
    return [](const Scenario &, const TrainOptions &options) {
        return std::make_unique<test::FakeTrainer>(options.episodes, 20, 300us);
    };
}

/** Which of start, pause, resume, stop, save, load, use are enabled, as a string of 0 and 1. */
QString enabled(const TrainingDashboard &d)
{
    QString s;
    for (const QPushButton *b : {d.startButton(), d.pauseButton(), d.resumeButton(), d.stopButton(),
                                 d.saveButton(), d.loadButton(), d.useButton()})
        s += b->isEnabled() ? '1' : '0';
    return s;
}

void trainFake(TrainingDashboard &dashboard, int episodes)
{
    dashboard.setTrainerFactory([](const Scenario &, const TrainOptions &o) {
        return std::make_unique<test::FakeTrainer>(o.episodes, 10, 0us,
                                                   std::make_shared<std::atomic<long>>(0), o.agent);
    });
    dashboard.setEpisodes(episodes);
    QSignalSpy ended(&dashboard, &TrainingDashboard::runEnded);
    QVERIFY(dashboard.start());
    QVERIFY(ended.wait(10000));
    QCOMPARE(dashboard.mode(), TrainMode::Finished);
}
} // namespace

class TestTrainingDashboard : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /** A short stage's name is cut before the next stage's line in a narrow chart,
     *  and read whole when the chart is wide. */
    void aStageNameStopsAtTheNextStage()
    {
        TrainingCurves curves;
        const char *stages[] = {"simple", "simple", "medium", "full"};
        for (int e = 0; e < 8; ++e) {
            TrainPoint p;
            p.episode = e;
            p.episodeDone = true;
            p.reward = e;
            p.stage = stages[std::min(e, 3)];
            curves.add(p);
        }
        TrainingCharts charts;
        charts.redraw(curves, 8);
        QCustomPlot *plot = charts.plot(TrainingCurves::Reward);
        const auto medium = [plot]() -> QCPItemText * {
            for (int i = 0; i < plot->itemCount(); ++i)
                if (auto *t = qobject_cast<QCPItemText *>(plot->item(i));
                    t && t->property("stageName") == "medium")
                    return t;
            return nullptr;
        };
        for (const int width : {300, 1600}) {
            charts.resize(2 * width, 600);
            charts.show();
            QVERIFY(QTest::qWaitForWindowExposed(&charts));
            plot->replot();
            QCPItemText *label = medium();
            QVERIFY(label);
            const double left = plot->xAxis->coordToPixel(label->position->coords().x());
            const double nextLine = plot->xAxis->coordToPixel(3.5);
            const int textWidth = QFontMetrics(label->font()).horizontalAdvance(label->text());
            QVERIFY2(left + textWidth <= nextLine,
                     qPrintable(QString("%1 + %2 > %3").arg(left).arg(textWidth).arg(nextLine)));
            if (width == 1600)
                QCOMPARE(label->text(), QString("medium"));
            else
                QVERIFY2(label->text() != "medium", qPrintable(label->text()));
        }
    }

    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the store goes to a test location
        QFile::remove(experimentsDbPath());
    }

    void buttonsFollowTheRun()
    {
        TrainingDashboard dashboard;
        dashboard.setTrainerFactory(slowFake());
        dashboard.setEpisodes(1000);
        //                                  start pause resume stop save load use
        QCOMPARE(enabled(dashboard), QString("1000010"));
        QSignalSpy ended(&dashboard, &TrainingDashboard::runEnded);
        QVERIFY(dashboard.start());
        QCOMPARE(enabled(dashboard), QString("0101000"));
        QTRY_VERIFY_WITH_TIMEOUT(dashboard.curves().episodes() >= 2, 10000);
        dashboard.pauseButton()->click();
        QCOMPARE(dashboard.mode(), TrainMode::Paused);
        QCOMPARE(enabled(dashboard), QString("0011000"));
        QVERIFY(dashboard.statusText().startsWith("Paused"));
        dashboard.resumeButton()->click();
        QCOMPARE(enabled(dashboard), QString("0101000"));
        dashboard.stopButton()->click();
        QCOMPARE(enabled(dashboard), QString("0000000")); // stopping: wait for the step
        QVERIFY(ended.wait(5000));
        QCOMPARE(enabled(dashboard), QString("1000111"));
        QVERIFY2(dashboard.statusText().startsWith("Stopped after"),
                 qPrintable(dashboard.statusText()));
        QVERIFY(dashboard.statusText().contains("Recorded as training session"));
        QVERIFY(dashboard.model());
        QVERIFY(dashboard.modelLabel().startsWith("trained here"));

        // The curves: a dot per episode under the moving average.
        const int episodes = dashboard.curves().episodes();
        QCustomPlot *reward = dashboard.charts()->plot(TrainingCurves::Reward);
        QCOMPARE(reward->graph(0)->dataCount(), episodes);
        QCOMPARE(reward->graph(1)->dataCount(), episodes);
        dashboard.setSmoothing(0.0);
        QCOMPARE(reward->graph(1)->data()->at(1)->value, reward->graph(0)->data()->at(1)->value);
        dashboard.setSmoothing(0.9);
        QVERIFY(reward->graph(1)->data()->at(1)->value < reward->graph(0)->data()->at(1)->value);
        const charts::ChartData data = dashboard.charts()->data(TrainingCurves::CriticLoss);
        QCOMPARE(data.series.size(), 2);
        QCOMPARE(data.series[0].y.size(), episodes);
    }

    /** A long episode shows how far it has come, and the next one starts again at the left. */
    void showsProgressInsideAnEpisode()
    {
        TrainingDashboard dashboard;
        dashboard.setTrainerFactory([](const Scenario &, const TrainOptions &o) {
            return std::make_unique<test::FakeTrainer>(o.episodes, 300, 3ms);
        });
        dashboard.setEpisodes(2);
        QProgressBar *bar = dashboard.episodeProgress();
        QVERIFY(bar->isHidden());
        QSignalSpy ended(&dashboard, &TrainingDashboard::runEnded);
        QVERIFY(dashboard.start());
        QVERIFY(!bar->isHidden());
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 100, 10000);
        dashboard.pause();
        QCOMPARE(dashboard.curves().episodes(), 0); // inside the first episode
        QVERIFY(bar->value() < bar->maximum());
        QVERIFY2(bar->text().startsWith("Episode 1 of 2: ") &&
                     bar->text().endsWith("% of its simulated time"),
                 qPrintable(bar->text()));
        dashboard.resume();
        QTRY_VERIFY_WITH_TIMEOUT(dashboard.curves().episodes() == 1 && bar->value() > 50, 10000);
        dashboard.pause();
        QVERIFY2(bar->text().startsWith("Episode 2 of 2: "), qPrintable(bar->text()));
        QVERIFY(bar->value() < bar->maximum());
        dashboard.stop();
        QVERIFY(ended.wait(10000));
        QVERIFY(bar->isHidden());
    }

    /** A new run starts on empty charts with its own axes, not the last run's ranges. */
    void newRunResetsTheAxes()
    {
        TrainingDashboard dashboard;
        trainFake(dashboard, 30); // rewards from -1 to 1.9 over 30 episodes
        QCustomPlot *reward = dashboard.charts()->plot(TrainingCurves::Reward);
        QCOMPARE(reward->xAxis->range().upper, 30.5);
        QVERIFY(reward->yAxis->range().lower < -1.0);

        dashboard.setTrainerFactory([](const Scenario &, const TrainOptions &o) {
            return std::make_unique<test::FakeTrainer>(o.episodes, 100, 20ms);
        });
        dashboard.setEpisodes(3);
        QSignalSpy ended(&dashboard, &TrainingDashboard::runEnded);
        QVERIFY(dashboard.start());
        QCOMPARE(dashboard.curves().episodes(), 0);
        for (int m = 0; m < TrainingCurves::MetricCount; ++m) {
            QCustomPlot *plot = dashboard.charts()->plot(TrainingCurves::Metric(m));
            QCOMPARE(plot->graph(0)->dataCount(), 0);
            QCOMPARE(plot->xAxis->range().upper, 3.5);
            QCOMPARE(plot->yAxis->range().lower, 0.0);
            QCOMPARE(plot->yAxis->range().upper, 1.0);
        }
        dashboard.stop();
        QVERIFY(ended.wait(10000));
    }

    void saysWhetherTheCurveConvergedAndCanStopThere()
    {
        TrainingDashboard dashboard;
        trainFake(dashboard, 40); // throughput rising by 0.01 an episode
        QCOMPARE(dashboard.convergence().judgement().verdict,
                 ConvergenceMonitor::Verdict::Improving);
        QVERIFY2(dashboard.statusText().contains("still improving: train longer"),
                 qPrintable(dashboard.statusText()));

        dashboard.setTrainerFactory([](const Scenario &, const TrainOptions &o) {
            auto flat = std::make_unique<test::FakeTrainer>(o.episodes, 10, 1ms);
            flat->throughputSlope = 0.0;
            return flat;
        });
        dashboard.untilConvergedBox()->setChecked(true);
        dashboard.setEpisodes(500);
        QSignalSpy ended(&dashboard, &TrainingDashboard::runEnded);
        QVERIFY(dashboard.start());
        QVERIFY(ended.wait(20000));
        QVERIFY(dashboard.convergence().converged());
        const int window = dashboard.convergence().window(); // 25 for 500 episodes
        QCOMPARE(window, 25);
        QCOMPARE(dashboard.convergence().judgement().convergedFrom, 2 * window - 1);
        QVERIFY2(dashboard.curves().episodes() >= 2 * window && dashboard.curves().episodes() < 500,
                 qPrintable(QString::number(dashboard.curves().episodes())));
        QVERIFY2(dashboard.statusText().startsWith("Converged: "),
                 qPrintable(dashboard.statusText()));
        QVERIFY(dashboard.statusText().contains("converged at episode 50"));
    }

    void checkpointsRoundTripAndBadFilesAreRefused()
    {
        QTemporaryDir dir;
        TrainingDashboard dashboard;
        dashboard.show();
        trainFake(dashboard, 3);
        const ModelPtr trained = dashboard.model();
        QVERIFY(trained);
        const QString good = dir.filePath("fake.ckpt");
        QVERIFY(dashboard.saveCheckpoint(good));
        QCOMPARE(dashboard.modelLabel(), QString("fake.ckpt"));

        QFile bad(dir.filePath("bad.ckpt"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("SLMODEL\nthis is not a model");
        bad.close();
        QVERIFY(!dashboard.loadCheckpoint(bad.fileName()));
        QVERIFY2(dashboard.messageText().contains("bad.ckpt"), qPrintable(dashboard.messageText()));
        QVERIFY(dashboard.messageText().contains("current weights are kept"));
        QMessageBox *box = nullptr;
        for (QMessageBox *b : dashboard.findChildren<QMessageBox *>())
            if (b->isVisible())
                box = b;
        QVERIFY(box);
        QCOMPARE(box->text(), dashboard.messageText());
        box->close();
        QCOMPARE(dashboard.model(), trained); // nothing lost
        QVERIFY(!dashboard.loadCheckpoint(dir.filePath("missing.ckpt")));
        QVERIFY(dashboard.messageText().contains("missing.ckpt"));
        QCOMPARE(dashboard.model(), trained);

        TrainingDashboard other;
        QVERIFY(!other.saveButton()->isEnabled());
        QVERIFY(other.loadCheckpoint(good));
        QVERIFY(other.model());
        QCOMPARE(*other.model(), *trained); // bit-exact
        QVERIFY(other.saveButton()->isEnabled() && other.useButton()->isEnabled());
        QSignalSpy use(&other, &TrainingDashboard::useModel);
        QVERIFY(other.useInComparison());
        QCOMPARE(use.front().at(1).toString(), QString("fake.ckpt"));

        // Training on from the loaded weights says where it started.
        other.setTrainerFactory([](const Scenario &, const TrainOptions &o) {
            if (!o.initial || o.initial->info.at("steps") != "30")
                throw std::invalid_argument("expected the loaded weights");
            return std::make_unique<test::FakeTrainer>(o.episodes, 10, 0us);
        });
        other.setEpisodes(2);
        QSignalSpy ended(&other, &TrainingDashboard::runEnded);
        QVERIFY(other.start());
        QVERIFY(ended.wait(10000));
        QVERIFY2(other.mode() == TrainMode::Finished, qPrintable(other.statusText()));
        QVERIFY2(other.modelLabel().endsWith(", continued from fake.ckpt"),
                 qPrintable(other.modelLabel()));
    }

    void everyAgentTrainsOrSaysWhyNot()
    {
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        Scenario shortRun = window.document()->scenario();
        shortRun.time.duration = 10.0;
        TrainingDashboard *training = window.training();
        training->setScenario(shortRun);
        training->setEpisodes(1);
        for (const std::string &agent : trainableAgents()) {
            QVERIFY(training->setAgent(QString::fromStdString(agent)));
            QSignalSpy ended(training, &TrainingDashboard::runEnded);
            QVERIFY(training->start());
            QVERIFY2(ended.wait(30000), agent.c_str());
            const QString status = training->statusText();
            if (training->mode() == TrainMode::Finished) {
                QCOMPARE(training->model()->agent, agent);
                QVERIFY2(status.startsWith("Finished: 1 episode."), qPrintable(status));
            } else {
                QCOMPARE(training->mode(), TrainMode::Failed);
                QVERIFY2(status.startsWith("Training failed: ") && status.size() > 30,
                         qPrintable(status));
            }
            QVERIFY(training->startButton()->isEnabled());
            qInfo("%s: %s", agent.c_str(), qPrintable(status));
        }
    }

    /** ε weighs cMMAC's reward and the reward setting is the DRS family's: each is
     *  offered only for the agents that take it. */
    void theRewardsSettingsFollowTheAgent()
    {
        TrainingDashboard dashboard;
        auto *epsilon = dashboard.findChild<QDoubleSpinBox *>("epsilon");
        QVERIFY(epsilon);
        for (const std::string &agent : trainableAgents()) {
            QVERIFY(dashboard.setAgent(QString::fromStdString(agent)));
            QCOMPARE(epsilon->isEnabled(), agentTakesEpsilon(agent));
        }
        QVERIFY(dashboard.setAgent("kais") && epsilon->isEnabled());
        QVERIFY(dashboard.setAgent("gpg") && !epsilon->isEnabled());
        QVERIFY(dashboard.setAgent("drs") && !epsilon->isEnabled());

        // Episodes at once: cMMAC's trainer's, the machine's cores unless set.
        auto *workers = dashboard.findChild<QSpinBox *>("workers");
        QVERIFY(workers);
        QCOMPARE(workers->value(), defaultTrainWorkers());
        for (const std::string &agent : trainableAgents()) {
            QVERIFY(dashboard.setAgent(QString::fromStdString(agent)));
            QCOMPARE(workers->isEnabled(), agentTakesWorkers(agent));
        }
    }

    void trainsAPlacementAgentOnDeployments()
    {
        MainWindow window;
        QVERIFY(
            window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/drs-five-node.yaml"))
                .isEmpty());
        TrainingDashboard *training = window.training();
        QVERIFY(training->setAgent("drs"));
        training->setEpisodes(1);
        QSignalSpy ended(training, &TrainingDashboard::runEnded);
        QVERIFY(training->start());
        QVERIFY(ended.wait(30000));
        QVERIFY2(training->mode() == TrainMode::Finished, qPrintable(training->statusText()));
        QCOMPARE(training->model()->agent, std::string("drs"));
        QVERIFY(training->useInComparison()); // drs joins the placement policies checked
        ComparisonPanel *panel = window.comparison();
        QVERIFY(panel->modelText().startsWith("drs — trained here: 1 episode on"));

        // Another scenario: the weights and curves of this one are gone from both tabs.
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        QVERIFY(!training->model());
        QCOMPARE(training->curves().episodes(), 0);
        QVERIFY(!panel->model());
    }

    void comparesTheTrainedPolicy()
    {
        if (std::find(trainableAgents().begin(), trainableAgents().end(), "cmmac") ==
            trainableAgents().end())
            QSKIP("cmmac cannot be trained in this build");
        MainWindow window;
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        Scenario shortRun = window.document()->scenario();
        shortRun.time.duration = 20.0; // seconds per training episode
        TrainingDashboard *training = window.training();
        training->setScenario(shortRun);
        QVERIFY(training->setAgent("cmmac"));
        training->setEpisodes(2);
        QSignalSpy ended(training, &TrainingDashboard::runEnded);
        QVERIFY(training->start());
        QVERIFY(ended.wait(40000));
        QVERIFY2(training->mode() == TrainMode::Finished, qPrintable(training->statusText()));
        QCOMPARE(training->curves().episodes(), 2);
        QCOMPARE(training->model()->agent, std::string("cmmac"));

        QVERIFY(training->useInComparison());
        ComparisonPanel *panel = window.comparison();
        QCOMPARE(panel->model(), training->model());
        QVERIFY2(panel->modelText().startsWith("cmmac — trained here"),
                 qPrintable(panel->modelText()));
        panel->setSeeds(1);
        panel->setDuration("20s");
        QSignalSpy done(panel, &ComparisonPanel::finished);
        QVERIFY(panel->run());
        QVERIFY(done.wait(30000));
        QVERIFY2(panel->statusText().contains("3 runs done") &&
                     !panel->statusText().contains("failed"),
                 qPrintable(panel->statusText()));
        QStringList rows;
        for (int r = 0; r < panel->table()->rowCount(); ++r)
            rows << panel->table()->item(r, 0)->text();
        QVERIFY2(rows.contains("cmmac") && rows.contains("greedy") && rows.contains("random"),
                 qPrintable(rows.join(", ")));
        panel->useModel(nullptr, {}); // "forget"
        QVERIFY(!panel->model());
        QVERIFY(panel->modelText().isEmpty());
    }
};

QTEST_MAIN(TestTrainingDashboard)
#include "tst_trainingdashboard.moc"
