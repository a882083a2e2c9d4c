// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/testscenarios.h"
#include "experiment/storedcomparison.h"
#include "experiment/storedruns.h"
#include "learn/learnedmodel.h"
#include "scenario/scenarioio.h"
#include "store/experimentstore.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;

class TestStoredComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reopensTheSameComparison()
    {
        const Scenario scenario = test::smallScenario();
        ComparisonSpec spec;
        spec.variants = crossVariants(scenario.policies, {"greedy", "random"}, {}, {});
        spec.seeds = {1, 2, 3};
        spec.duration = 30;
        spec.jobs = 2;
        const auto cells = runComparison(scenario, spec);
        const auto summary = summarise(spec, cells);

        QTemporaryDir dir;
        const std::string db = dir.filePath("sub/experiments.db").toStdString();
        std::string error;
        QVERIFY2(storeComparison(db, scenario, spec, cells, "first", &error), error.c_str());
        QVERIFY2(storeComparison(db, scenario, spec, cells, "second", &error), error.c_str());

        auto store = ExperimentStore::open(db, &error);
        QVERIFY2(store, error.c_str());
        const auto list = listComparisons(*store);
        QCOMPARE(list.size(), std::size_t(2));
        QCOMPARE(list[0].label, std::string("first"));
        QCOMPARE(list[0].runs, 6);
        QCOMPARE(list[0].variants, (std::vector<std::string>{"greedy", "random"}));
        QCOMPARE(list[0].scenarioName, scenario.name);

        ComparisonSpec loadedSpec;
        std::vector<CellResult> loaded;
        ComparisonSettings settings;
        QVERIFY2(loadComparison(*store, "second", loadedSpec, loaded, &error, &settings),
                 error.c_str());
        QCOMPARE(loaded.size(), cells.size());
        QCOMPARE(loadedSpec.seeds, spec.seeds);
        QCOMPARE(loadedSpec.duration, 30.0);
        QCOMPARE(settings.model, std::string("none"));
        QCOMPARE(settings.scenarioYaml, saveScenarioText(scenario));
        QCOMPARE(loadedSpec.variants.size(), std::size_t(2));
        QVERIFY(loadedSpec.variants[1].policies == spec.variants[1].policies);
        const auto again = summarise(loadedSpec, loaded);
        for (std::size_t v = 0; v < summary.size(); ++v) {
            QCOMPARE(again[v].label, summary[v].label);
            QCOMPARE(again[v].metrics.size(), summary[v].metrics.size());
            for (std::size_t m = 0; m < summary[v].metrics.size(); ++m) {
                QCOMPARE(again[v].metrics[m].first, summary[v].metrics[m].first); // same order
                QCOMPARE(again[v].metrics[m].second.mean, summary[v].metrics[m].second.mean);
            }
        }
        for (const CellResult &c : loaded) {
            const CellResult &orig =
                *std::find_if(cells.begin(), cells.end(), [&](const CellResult &o) {
                    return o.variant == c.variant && o.seedIndex == c.seedIndex;
                });
            QCOMPARE(c.result.frames.size(), orig.result.frames.size());
            QCOMPARE(c.result.frames.back().throughput, orig.result.frames.back().throughput);
            QCOMPARE(c.result.frames.back().imbalance, orig.result.frames.back().imbalance);
            QCOMPARE(c.result.responseCdf, orig.result.responseCdf);
        }
        QVERIFY(!loadComparison(*store, "nope", loadedSpec, loaded, &error));
        QVERIFY(QString::fromStdString(error).contains("no complete runs of comparison 'nope'"));
    }
    /** A cell stored twice under one comparison (two processes that resumed it at
     *  once, in an older store) counts once: n is the seeds', not the copies'. */
    void aCellStoredTwiceCountsOnce()
    {
        const Scenario scenario = test::smallScenario();
        ComparisonSpec spec;
        spec.variants = crossVariants(scenario.policies, {"greedy", "random"}, {}, {});
        spec.seeds = {1, 2};
        spec.duration = 20;
        const auto cells = runComparison(scenario, spec);
        QTemporaryDir dir;
        const std::string db = dir.filePath("experiments.db").toStdString();
        std::string error;
        QVERIFY2(storeComparison(db, scenario, spec, cells, "twice", &error), error.c_str());
        const std::vector<CellResult> one(cells.begin(), cells.begin() + 1);
        QVERIFY2(storeComparison(db, scenario, spec, one, "twice", &error), error.c_str());
        auto store = ExperimentStore::open(db, &error);
        QVERIFY2(store, error.c_str());
        QCOMPARE(store->runs().size(), cells.size() + 1);
        QCOMPARE(listComparisons(*store).at(0).runs, int(cells.size()));
        ComparisonSpec loadedSpec;
        std::vector<CellResult> loaded;
        QVERIFY2(loadComparison(*store, "twice", loadedSpec, loaded, &error), error.c_str());
        QCOMPARE(loaded.size(), cells.size());
        for (const VariantSummary &v : summarise(loadedSpec, loaded))
            for (const auto &[metric, ci] : v.metrics)
                QCOMPARE(ci.n, 2);
    }

    /** A comparison that ran a learned model finds it again among the store's
     *  checkpoints (training runs store theirs), and not a damaged one. */
    void findsItsModelInTheStore()
    {
        const Scenario scenario = test::smallScenario();
        auto model = std::make_shared<LearnedModel>();
        model->agent = "cmmac";
        model->info["trained_on"] = "small";
        ComparisonSpec spec;
        spec.variants = crossVariants(scenario.policies, {"greedy"}, {}, {});
        spec.seeds = {1};
        spec.duration = 5;
        spec.model = model;
        const auto cells = runComparison(scenario, spec);

        QTemporaryDir dir;
        std::string error;
        auto store = ExperimentStore::open(dir.filePath("e.db").toStdString(), &error);
        QVERIFY2(store, error.c_str());
        QVERIFY(storeComparison(*store, scenario, spec, cells, "with-model", &error));
        QVERIFY(store->saveCheckpoint("damaged", {1, 2, 3}, 1));
        LearnedModel other = *model;
        other.info["trained_on"] = "another";
        const std::string otherBytes = encodeModel(other);
        QVERIFY(store->saveCheckpoint("other", {otherBytes.begin(), otherBytes.end()}, 1));

        ComparisonSpec loadedSpec;
        std::vector<CellResult> loaded;
        ComparisonSettings settings;
        QVERIFY(loadComparison(*store, "with-model", loadedSpec, loaded, &error, &settings));
        QCOMPARE(settings.model, modelFingerprint(model));
        QVERIFY(!settings.storedModel); // not stored yet

        const std::string bytes = encodeModel(*model);
        QVERIFY(store->saveCheckpoint("trained", {bytes.begin(), bytes.end()}, 1));
        QVERIFY(loadComparison(*store, "with-model", loadedSpec, loaded, &error, &settings));
        QVERIFY(settings.storedModel);
        QVERIFY(*settings.storedModel == *model);
        QCOMPARE(settings.storedModelName, std::string("trained"));
    }
};

QTEST_GUILESS_MAIN(TestStoredComparison)
#include "tst_storedcomparison.moc"
