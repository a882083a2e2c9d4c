// SPDX-License-Identifier: GPL-3.0-or-later
#include "faketrainer.h"
#include "trainingcurves.h"
#include "trainingsession.h"

#include "model/scenario.h"
#include "store/experimentstore.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::ui;
using namespace std::chrono_literals;

namespace {
TrainerFactory
fake(int episodes, int steps, std::chrono::microseconds delay,
     std::shared_ptr<std::atomic<long>> counter = std::make_shared<std::atomic<long>>(0))
{
    return [=](const Scenario &, const TrainOptions &) {
        return std::make_unique<test::FakeTrainer>(episodes, steps, delay, counter);
    };
}

TrainOptions fakeOptions()
{
    TrainOptions o;
    o.agent = "fake";
    return o;
}

TrainPoints collected(const QSignalSpy &spy)
{
    TrainPoints all;
    for (const QList<QVariant> &args : spy) {
        const auto batch = args.front().value<TrainPoints>();
        all.insert(all.end(), batch.begin(), batch.end());
    }
    return all;
}

long modelSteps(const QSignalSpy &finished)
{
    const auto model = finished.front().front().value<ModelPtr>();
    return model ? std::stol(model->info.at("steps")) : -1;
}
} // namespace

class TestTrainingWorker : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void emitsEveryEpisodeAndRecordsTheCurve()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("experiments.db");
        ui::TrainingSession session;
        QSignalSpy points(&session, &ui::TrainingSession::points);
        QSignalSpy finished(&session, &ui::TrainingSession::finished);
        session.start(Scenario{}, fakeOptions(), fake(5, 10, 0us), db);
        QCOMPARE(session.mode(), TrainMode::Running);
        QVERIFY(finished.wait(10000));
        QCOMPARE(session.mode(), TrainMode::Finished);
        QCOMPARE(finished.front().at(1).toBool(), false); // not stopped
        QCOMPARE(modelSteps(finished), 50L);
        QVERIFY2(finished.front().at(2).toString().startsWith("Recorded as training session 1"),
                 qPrintable(finished.front().at(2).toString()));

        TrainingCurves curves;
        int progress = 0;
        for (const TrainPoint &p : collected(points))
            if (!curves.add(p))
                ++progress;
        QCOMPARE(curves.episodes(), 5);
        QVERIFY(progress > 0);
        QVector<double> x, y;
        curves.raw(TrainingCurves::Throughput, &x, &y);
        QCOMPARE(x, QVector<double>({1, 2, 3, 4, 5}));
        QCOMPARE(y.back(), 0.54);

        std::string error;
        auto store = ExperimentStore::open(db.toStdString(), &error);
        QVERIFY2(store, error.c_str());
        const auto reward = store->trainingCurve(1, "reward");
        QCOMPARE(int(reward.size()), 5);
        QCOMPARE(reward[4].first, std::int64_t(4));
        QCOMPARE(reward[4].second, -0.6);
        QCOMPARE(int(store->trainingCurve(1, "critic_loss").size()), 5);
        QVERIFY(store->checkpointExists("fake session 1")); // the final weights
    }

    /** Progress inside an episode follows the points of the one before, so a fraction
     *  is never read as the next episode's; it rises within each episode. */
    void reportsProgressInsideEpisodesInOrder()
    {
        ui::TrainingSession session;
        std::vector<std::vector<double>> perEpisode(1);
        connect(&session, &ui::TrainingSession::points, this, [&](const TrainPoints &batch) {
            for (const TrainPoint &p : batch)
                if (p.episodeDone)
                    perEpisode.emplace_back();
        });
        connect(&session, &ui::TrainingSession::progressed, this,
                [&](double f) { perEpisode.back().push_back(f); });
        QSignalSpy finished(&session, &ui::TrainingSession::finished);
        session.start(Scenario{}, fakeOptions(), fake(3, 100, 2ms), {});
        QVERIFY(finished.wait(20000));
        QCOMPARE(int(perEpisode.size()), 4); // and none after the last episode
        QVERIFY(perEpisode.back().empty());
        for (int e = 0; e < 3; ++e) {
            const std::vector<double> &f = perEpisode[std::size_t(e)];
            QVERIFY2(f.size() >= 2, qPrintable(QString("episode %1: %2").arg(e).arg(f.size())));
            for (std::size_t i = 1; i < f.size(); ++i)
                QVERIFY2(
                    f[i] > f[i - 1],
                    qPrintable(QString("episode %1: %2 after %3").arg(e).arg(f[i]).arg(f[i - 1])));
            QVERIFY(f.front() > 0.0 && f.back() <= 1.0);
        }
    }

    void stopsOnAWholeStepAndKeepsTheWeights()
    {
        auto counter = std::make_shared<std::atomic<long>>(0);
        ui::TrainingSession session;
        QSignalSpy points(&session, &ui::TrainingSession::points);
        QSignalSpy finished(&session, &ui::TrainingSession::finished);
        session.start(Scenario{}, fakeOptions(), fake(1000, 20, 500us, counter), {});
        QVERIFY(points.wait(5000));
        session.stop();
        QCOMPARE(session.mode(), TrainMode::Stopping);
        QVERIFY(finished.wait(5000));
        QCOMPARE(session.mode(), TrainMode::Finished);
        QCOMPARE(finished.front().at(1).toBool(), true);
        const long steps = modelSteps(finished);
        QVERIFY(steps > 0 && steps < 1000 * 20);
        QCOMPARE(steps, counter->load()); // the weights are those of the last whole step
        QVERIFY(finished.front().at(2).toString().contains("no experiment store"));
    }

    void pausesAndResumes()
    {
        auto counter = std::make_shared<std::atomic<long>>(0);
        ui::TrainingSession session;
        QSignalSpy points(&session, &ui::TrainingSession::points);
        QSignalSpy modes(&session, &ui::TrainingSession::modeChanged);
        QSignalSpy finished(&session, &ui::TrainingSession::finished);
        session.start(Scenario{}, fakeOptions(), fake(1000, 20, 500us, counter), {});
        QVERIFY(points.wait(5000));
        session.pause();
        QCOMPARE(session.mode(), TrainMode::Paused);
        QTest::qWait(50); // the step in progress ends
        const long atPause = counter->load();
        QTest::qWait(200);
        QCOMPARE(counter->load(), atPause);
        session.resume();
        QCOMPARE(session.mode(), TrainMode::Running);
        QTRY_VERIFY_WITH_TIMEOUT(counter->load() > atPause + 10, 5000);
        session.pause();
        session.stop(); // a paused run stops too
        QVERIFY(finished.wait(5000));
        QCOMPARE(finished.front().at(1).toBool(), true);
        QCOMPARE(modelSteps(finished), counter->load());
        QList<TrainMode> seen;
        for (const auto &args : modes)
            seen << args.front().value<TrainMode>();
        QCOMPARE(seen,
                 QList<TrainMode>({TrainMode::Running, TrainMode::Paused, TrainMode::Running,
                                   TrainMode::Paused, TrainMode::Stopping, TrainMode::Finished}));
    }

    void reportsATrainerThatCannotStart()
    {
        ui::TrainingSession session;
        QSignalSpy failed(&session, &ui::TrainingSession::failed);
        session.start(Scenario{}, fakeOptions(),
                      [](const Scenario &, const TrainOptions &) -> std::unique_ptr<Trainer> {
                          throw std::invalid_argument("unknown agent 'fake'; known: cmmac");
                      },
                      {});
        QVERIFY(failed.wait(5000));
        QCOMPARE(failed.front().front().toString(), QString("unknown agent 'fake'; known: cmmac"));
        QCOMPARE(session.mode(), TrainMode::Failed);
    }

    void abandonsAPausedRunPromptly()
    {
        auto session = std::make_unique<ui::TrainingSession>();
        QSignalSpy points(session.get(), &ui::TrainingSession::points);
        session->start(Scenario{}, fakeOptions(), fake(1000, 20, 500us), {});
        QVERIFY(points.wait(5000));
        session->pause();
        QElapsedTimer t;
        t.start();
        session.reset();
        QVERIFY(t.elapsed() < 2000);
    }

    void marksCurriculumStages()
    {
        TrainingCurves curves;
        const char *stages[] = {"simple", "simple", "medium", "full", "full"};
        for (int e = 0; e < 5; ++e) {
            TrainPoint p;
            p.episode = e;
            p.episodeDone = true;
            p.stage = stages[e];
            curves.add(p);
        }
        const auto marks = curves.stages();
        QCOMPARE(marks.size(), 3);
        QCOMPARE(marks[1].first, 3.0);
        QCOMPARE(marks[1].second, QString("medium"));
        QCOMPARE(marks[2].first, 4.0);
    }

    void smoothsLikeTensorBoard()
    {
        const QVector<double> y{1, 3, qQNaN(), 5};
        QCOMPARE(TrainingCurves::ema(y, 0.0), QVector<double>({1, 3, 3, 5}));
        const QVector<double> s = TrainingCurves::ema(y, 0.5);
        QCOMPARE(s, QVector<double>({1, 2, 2, 3.5}));
    }
};

QTEST_GUILESS_MAIN(TestTrainingWorker)
#include "tst_trainingworker.moc"
