// SPDX-License-Identifier: GPL-3.0-or-later
// Progress inside an episode: TrainControl passes the trainer's fraction of simulated
// time on in hundredths, and every trainer reports it, rising within each episode,
// without changing what it learns.
#include "common/bundledscenario.h"
#include "common/testscenarios.h"
#include "common/trained.h"
#include "learn/trainer.h"
#include "train/trainers.h"

#include <QtTest/QtTest>
#include <cmath>
#include <limits>

using namespace schedlab;

namespace {

struct Report
{
    int episodesDone; ///< episodes finished when the report came
    double fraction;
};

Scenario scenarioFor(const std::string &agent)
{
    if (agent == "cmmac" || agent == "kais") {
        Scenario s = test::smallScenario(2, 3, 10.0);
        s.time.duration = 30.0;
        return s;
    }
    if (agent == "gpg")
        return test::underProvisionedScenario();
    return test::bundledScenario("drs-five-node");
}

} // namespace

class TestTrainProgress : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void controlPassesHundredths()
    {
        TrainControl silent;
        silent.progress(0.5); // no listener: nothing to tell

        TrainControl control;
        std::vector<double> heard;
        control.setProgressListener([&](double f) { heard.push_back(f); });
        for (int i = 0; i <= 1000; ++i)
            control.progress(i / 1000.0);
        QCOMPARE(heard.front(), 0.0);
        QCOMPARE(heard.back(), 1.0);
        QVERIFY2(heard.size() >= 95 && heard.size() <= 102,
                 qPrintable(QString::number(heard.size())));
        for (std::size_t i = 1; i + 1 < heard.size(); ++i)
            QVERIFY(heard[i] >= heard[i - 1] + 0.01 - 1e-12);

        const std::size_t before = heard.size();
        control.progress(1.0); // the end, once
        control.progress(std::numeric_limits<double>::quiet_NaN());
        QCOMPARE(heard.size(), before);
        control.progress(0.004); // a new episode starts below the last report
        QCOMPARE(heard.size(), before + 1);
        QCOMPARE(heard.back(), 0.004);
        control.progress(1.7); // clamped
        QCOMPARE(heard.back(), 1.0);
    }

    void everyTrainerReports_data()
    {
        QTest::addColumn<QString>("agent");
        QTest::addColumn<bool>("runsToTheEnd"); // the DRS environment ends once its pods are placed
        QTest::addColumn<int>("workers");       // episodes at once: progress is a round's
        QTest::newRow("cmmac") << "cmmac" << true << 1;
        QTest::newRow("cmmac, 2 workers") << "cmmac" << true << 2;
        QTest::newRow("gpg") << "gpg" << true << 1;
        QTest::newRow("drs") << "drs" << false << 1;
        QTest::newRow("ppo") << "ppo" << false << 1;
        QTest::newRow("sac") << "sac" << false << 1;
    }

    void everyTrainerReports()
    {
        QFETCH(QString, agent);
        QFETCH(bool, runsToTheEnd);
        QFETCH(int, workers);
        const int episodes = 2 * workers;
        Scenario s = scenarioFor(agent.toStdString());
        s.policies.kais.curriculum = "none"; // every episode the scenario's whole run
        TrainOptions options = test::trainOptions(agent.toStdString(), episodes, 5);
        options.workers = workers;
        auto trainer = makeTrainer(s, options);
        TrainControl control;
        std::vector<Report> reports;
        int done = 0;
        control.setProgressListener([&](double f) { reports.push_back({done, f}); });
        trainer->train(control, [&](const TrainPoint &p) { done += p.episodeDone ? 1 : 0; });
        QCOMPARE(done, episodes);

        for (int e = 0; e < episodes; e += workers) {
            std::vector<double> in;
            for (const Report &r : reports)
                if (r.episodesDone == e)
                    in.push_back(r.fraction);
            QVERIFY2(in.size() >= 3,
                     qPrintable(QString("episode %1: %2 reports").arg(e).arg(in.size())));
            QVERIFY(in.front() >= 0.0 && in.front() < 0.5);
            for (std::size_t i = 1; i < in.size(); ++i)
                QVERIFY(in[i] > in[i - 1] && in[i] <= 1.0);
            if (runsToTheEnd)
                QCOMPARE(in.back(), 1.0);
        }
    }

    /** Listening changes nothing that is learnt. */
    void listeningLeavesTheWeights()
    {
        const Scenario s = scenarioFor("cmmac");
        auto quiet = makeTrainer(s, test::trainOptions("cmmac", 2, 5));
        TrainControl a;
        quiet->train(a, {});
        auto heard = makeTrainer(s, test::trainOptions("cmmac", 2, 5));
        TrainControl b;
        int reports = 0;
        b.setProgressListener([&](double) { ++reports; });
        heard->train(b, {});
        QVERIFY(reports > 0);
        QVERIFY(quiet->model().nets == heard->model().nets);
    }
};

QTEST_GUILESS_MAIN(TestTrainProgress)
#include "tst_trainprogress.moc"
