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
    std::vector<VariantSummary> mSummary, mFarCloud;

    /** Empty with `error` set if a run failed. */
    static std::vector<VariantSummary> compareBaselines(const Scenario &scenario,
                                                        std::string &error)
    {
        ComparisonSpec spec;
        spec.variants = crossVariants(scenario.policies,
                                      {"greedy", "random", "round-robin", "kube-default"}, {}, {});
        spec.seeds = {1, 2, 3, 4};
        spec.duration = 240.0;
        spec.jobs = 2;
        const auto cells = runComparison(scenario, spec);
        for (const CellResult &c : cells)
            if (!c.error.empty()) {
                error = c.error;
                return {};
            }
        return summarise(spec, cells);
    }

    static double mean(const std::vector<VariantSummary> &summary, const std::string &variant,
                       const std::string &metric)
    {
        for (const VariantSummary &v : summary)
            if (v.label == variant)
                for (const auto &[name, ci] : v.metrics)
                    if (name == metric)
                        return ci.mean;
        return std::nan("");
    }

    double mean(const std::string &variant, const std::string &metric) const
    {
        return mean(mSummary, variant, metric);
    }

private Q_SLOTS:
    void initTestCase()
    {
        const ScenarioLoad load = loadScenarioFile(SCHEDLAB_SOURCE_DIR "/scenarios/kais-edge-cloud.yaml");
        QVERIFY(load.ok());
        mKais = *load.scenario;
        std::string error;
        mSummary = compareBaselines(mKais, error);
        QVERIFY2(error.empty(), error.c_str());
        // The same setting with the cloud 5 s away: only the analytics class could
        // still make it there.
        Scenario far = mKais;
        far.network.wan.latency = 5.0;
        mFarCloud = compareBaselines(far, error);
        QVERIFY2(error.empty(), error.c_str());
    }

    void greedyKeepsRequestsAtTheEdge()
    {
        // Random and round-robin give the cloud a turn; greedy only when no edge node hosts
        // the service: less request traffic over the WAN.
        QVERIFY(mean("greedy", "to_cloud_fraction") < mean("random", "to_cloud_fraction"));
        QVERIFY(mean("greedy", "to_cloud_fraction") < mean("round-robin", "to_cloud_fraction"));
        QVERIFY(mean("greedy", "wan_request_bytes") < mean("random", "wan_request_bytes"));
    }

    void theEdgeAloneCannotKeepUp()
    {
        // The setting's premise (KaiS Sec. V-E): keeping every request at the edge
        // queues the analytics class on its replicas, so greedy loses requests at the
        // nodes that random, which sends half to the cloud, serves.
        QVERIFY2(mean("greedy", "dropped_at_node") > 2 * mean("random", "dropped_at_node"),
                 qPrintable(QString("greedy %1, random %2")
                                .arg(mean("greedy", "dropped_at_node"))
                                .arg(mean("random", "dropped_at_node"))));
        QVERIFY2(mean("greedy", "throughput_rate") < mean("random", "throughput_rate"),
                 qPrintable(QString("greedy %1, random %2")
                                .arg(mean("greedy", "throughput_rate"))
                                .arg(mean("random", "throughput_rate"))));
    }

    void greedyIsNotBelowRandomWhenTheCloudCannotHelp()
    {
        const double greedy = mean(mFarCloud, "greedy", "throughput_rate");
        const double random = mean(mFarCloud, "random", "throughput_rate");
        QVERIFY2(greedy >= random,
                 qPrintable(QString("greedy %1, random %2").arg(greedy).arg(random)));
    }
};

QTEST_GUILESS_MAIN(TestBaselines)
#include "tst_baselines.moc"
