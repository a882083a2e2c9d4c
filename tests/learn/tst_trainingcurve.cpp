// SPDX-License-Identifier: GPL-3.0-or-later
// A training's curve kept in its checkpoint (TrainingCurve) and reported by every
// run of the model: the metrics of group training, KaiS Fig. 9a's frames.
#include "common/testscenarios.h"
#include "common/trained.h"
#include "experiment/comparison.h"
#include "learn/learnedmodel.h"
#include "learn/trainingcurve.h"

#include <QtTest/QtTest>

using namespace schedlab;

namespace {
TrainPoint episode(int i, double phi, double frames, const std::string &stage = "full")
{
    TrainPoint p;
    p.episode = i;
    p.episodeDone = true;
    p.stage = stage;
    p.throughputRate = phi;
    p.frames = frames;
    return p;
}
} // namespace

class TestTrainingCurve : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    /** Frames count every episode (the short curriculum stages too) up to the episode
     *  at which the monitor saw the curve flatten. */
    void framesUntilTheCurveFlattened()
    {
        TrainingCurve curve(40);           // windows of 10
        QVERIFY(!curve.add(TrainPoint{})); // a point inside an episode counts nothing
        for (int i = 0; i < 5; ++i)
            curve.add(episode(i, 0.5, 2.0, "simple"));
        for (int i = 5; i < 25; ++i)
            curve.add(episode(i, 0.9 + 0.001 * (i % 2), 6.0));
        QVERIFY(curve.convergence().converged());
        QCOMPARE(curve.convergence().judgement().convergedFrom, 24);
        QCOMPARE(curve.framesToConverge(), 5 * 2.0 + 20 * 6.0);
        for (int i = 25; i < 35; ++i)
            curve.add(episode(i, 0.95, 6.0));
        QVERIFY(!curve.convergence().converged()); // it rose again: all it trained
        QCOMPARE(curve.framesToConverge(), 5 * 2.0 + 30 * 6.0);
        QCOMPARE(curve.finalThroughput(), 0.95);

        std::map<std::string, std::string> info;
        curve.record(info);
        QCOMPARE(info.at(kTrainingConvergedKey), std::string("0"));
        QCOMPARE(std::stod(info.at(kTrainingFramesKey)), 190.0);
        QCOMPARE(std::stod(info.at(kTrainingPhiKey)), 0.95);
    }

    /** The model's runs report its curve; a heuristic's runs beside it do not. */
    void runsOfTheModelReportItsCurve()
    {
        const Scenario s = test::smallScenario(2, 2, 8.0);
        auto trainer = makeTrainer(s, test::trainOptions("cmmac", 8));
        TrainingCurve curve(trainer->plannedEpisodes());
        TrainControl control;
        double frames = 0.0;
        trainer->train(control, [&](const TrainPoint &p) {
            frames += p.episodeDone ? p.frames : 0.0;
            curve.add(p);
        });
        QVERIFY(frames > 0.0);
        LearnedModel model = trainer->model();
        curve.record(model.info);
        const auto shared = std::make_shared<const LearnedModel>(model);

        PolicySelection learned = s.policies, greedy = s.policies;
        learned.dispatch = "cmmac";
        greedy.dispatch = "greedy";
        const RunResult r = runScenario(s, learned, 3, 10.0, nullptr, shared);
        QCOMPARE(r.value("training_frames"), frames); // too short to converge: every frame
        QCOMPARE(r.value("training_converged"), 0.0);
        QCOMPARE(r.value("training_phi"), curve.finalThroughput());
        QVERIFY(r.find("training_phi"));
        QVERIFY(!runScenario(s, greedy, 3, 10.0, nullptr, shared).find("training_phi"));
    }
};

QTEST_APPLESS_MAIN(TestTrainingCurve)
#include "tst_trainingcurve.moc"
