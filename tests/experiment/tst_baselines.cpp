// SPDX-License-Identifier: GPL-3.0-or-later
// The baselines' characteristic behaviour on the bundled KaiS setting, over seeds.
#include "experiment/comparison.h"
#include "scenario/scenarioio.h"

#include <QtTest>
#include <cmath>

using namespace schedlab;

class TestBaselines : public QObject
{
    Q_OBJECT

    Scenario mKais;
    std::vector<VariantSummary> mSummary;

    double mean(const std::string &variant, const std::string &metric) const
    {
        for (const VariantSummary &v : mSummary)
            if (v.label == variant)
                for (const auto &[name, ci] : v.metrics)
                    if (name == metric)
                        return ci.mean;
        return std::nan("");
    }

private Q_SLOTS:
    void initTestCase()
    {
        const ScenarioLoad load = loadScenarioFile(SCHEDLAB_SOURCE_DIR "/scenarios/kais-edge-cloud.yaml");
        QVERIFY(load.ok());
        mKais = *load.scenario;
        ComparisonSpec spec;
        spec.variants = crossVariants(mKais.policies, {"greedy", "random", "round-robin", "kube-default"},
                                      {}, {});
        spec.seeds = {1, 2, 3, 4};
        spec.duration = 240.0;
        spec.jobs = 2;
        const auto cells = runComparison(mKais, spec);
        for (const CellResult &c : cells)
            QVERIFY2(c.error.empty(), c.error.c_str());
        mSummary = summarise(spec, cells);
    }

    void greedyIsNotBelowRandom()
    {
        QVERIFY2(mean("greedy", "throughput_rate") >= mean("random", "throughput_rate"),
                 qPrintable(QString("greedy %1, random %2")
                                .arg(mean("greedy", "throughput_rate"))
                                .arg(mean("random", "throughput_rate"))));
    }

    void greedyKeepsRequestsAtTheEdge()
    {
        // Random and round-robin give the cloud a turn; greedy only when no edge node hosts
        // the service: less request traffic over the WAN.
        QVERIFY(mean("greedy", "to_cloud_fraction") < mean("random", "to_cloud_fraction"));
        QVERIFY(mean("greedy", "to_cloud_fraction") < mean("round-robin", "to_cloud_fraction"));
        QVERIFY(mean("greedy", "wan_request_bytes") < mean("random", "wan_request_bytes"));
    }

    void greedyBalancesTheEdgeBetterThanRandomChoiceAmongNodes()
    {
        QVERIFY(mean("greedy", "response_ms_p95") <= mean("random", "response_ms_p95"));
    }
};

QTEST_GUILESS_MAIN(TestBaselines)
#include "tst_baselines.moc"
