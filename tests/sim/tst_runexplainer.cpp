// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/cli.h"
#include "common/unreachablescenario.h"
#include "engine/engine.h"
#include "engine/runexplainer.h"
#include "registry/buildpolicies.h"
#include "scenario/scenarioio.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;

namespace {
const std::string kUnreachable = test::unreachableScenario("30s");

/** Counts every drop by place and service, apart from the explainer. */
struct DropWatch final : SimObserver
{
    std::map<std::tuple<int, int, int>, std::uint64_t> drops; ///< {site, where, service}
    std::uint64_t dispatchedTo[3] = {};                       ///< n1, n2, arm
    void onDrop(const SimState &state, std::int32_t id, DropSite site, int where) override
    {
        ++drops[{int(site), where, int(state.requests[std::size_t(id)].service)}];
    }
    void onDispatch(const SimState &, std::int32_t, int, int target) override
    {
        if (target >= 0)
            ++dispatchedTo[target];
    }
};

struct Explained
{
    RunExplanation e;
    RunResult result;
    DropWatch watch;
};

Explained explainRun(const Scenario &s)
{
    RunOptions o;
    o.seed = s.seed;
    o.policies = s.policies;
    Engine engine(s, buildPolicySet(o), o.config());
    Explained out;
    RunExplainer explainer(s, engine.topology(), o.policies);
    engine.addObserver(&out.watch);
    engine.addObserver(&explainer);
    out.result = engine.run();
    out.e = explainer.explain(engine);
    return out;
}

std::uint64_t dropsOf(const RunExplanation &e, DropCause cause, int where, int service)
{
    std::uint64_t n = 0;
    for (const DropCount &d : e.drops)
        if (d.cause == cause && d.where == where && d.service == service)
            n += d.count;
    return n;
}
} // namespace

class TestRunExplainer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesTheNodeWithoutReplicaAndTheDropsWithoutOne()
    {
        const ScenarioLoad load = loadScenarioText(kUnreachable, "unreachable.yaml");
        QVERIFY2(load.ok(), load.errors.empty() ? "" : load.errors.front().format().c_str());
        const Explained x = explainRun(*load.scenario);
        const RunExplanation &e = x.e;

        // n2 (node 1) holds no replica: idle, and the explanation says why.
        QCOMPARE(x.watch.dispatchedTo[1], std::uint64_t(0));
        QCOMPARE(int(e.idle.size()), 1);
        QCOMPARE(e.nodeNames[std::size_t(e.idle[0].node)], std::string("n2"));
        QCOMPARE(e.idle[0].reason, IdleReason::NoReplica);
        QVERIFY2(e.idle[0].why.find("static orchestration never adds any") != std::string::npos,
                 e.idle[0].why.c_str());

        // Requests for b at near and for a at far had no replica in reach: every one
        // went to the cloud (no nodes there) and is dropped there, by that cause.
        const auto cloudDrops = [&](int service) {
            const auto it = x.watch.drops.find({int(DropSite::Cloud), kCloud, service});
            return it == x.watch.drops.end() ? std::uint64_t(0) : it->second;
        };
        QVERIFY(cloudDrops(1) > 50);
        QVERIFY(cloudDrops(0) > 50);
        QCOMPARE(dropsOf(e, DropCause::CloudNoReplica, kCloud, 1), cloudDrops(1));
        QCOMPARE(dropsOf(e, DropCause::CloudNoReplica, kCloud, 0), cloudDrops(0));
        QCOMPARE(e.eaps[0].noReplica + e.eaps[1].noReplica, e.cloud.dispatched);
        QCOMPARE(e.cloud.onTime + e.cloud.late, std::uint64_t(0));

        // The counts add up to the run's totals.
        std::uint64_t drops = 0;
        for (const DropCount &d : e.drops)
            drops += d.count;
        QCOMPARE(drops, e.dropped);
        std::uint64_t onTime = e.cloud.onTime, late = e.cloud.late, dropped = e.cloud.dropped;
        std::uint64_t dispatched = e.cloud.dispatched;
        for (const PlaceCounts &n : e.nodes) {
            onTime += n.onTime, late += n.late, dropped += n.dropped;
            dispatched += n.dispatched;
        }
        for (const EapCounts &c : e.eaps)
            dropped += c.dropped;
        QCOMPARE(onTime, e.onTime);
        QCOMPARE(late, e.late);
        QCOMPARE(dropped, e.dropped);
        QCOMPARE(e.onTime + e.late + e.dropped + e.inFlight, e.arrived);
        std::uint64_t toEdge = 0, toCloud = 0;
        for (const EapCounts &c : e.eaps)
            toEdge += c.toEdge, toCloud += c.toCloud;
        QCOMPARE(toEdge + toCloud, dispatched);
        QCOMPARE(toCloud, e.cloud.dispatched);

        const auto metric = [&](const char *name) {
            for (const MetricValue &m : x.result.metrics)
                if (m.name == name)
                    return m.value;
            return -1.0;
        };
        QCOMPARE(double(e.arrived), metric("arrived"));
        QCOMPARE(double(e.dropped), metric("dropped"));
    }

    void dropsAtBusyNodesAreCountedThereWithAHintForStaticOrchestration()
    {
        // One replica of a per site, a load it cannot serve: requests queue at n1 past
        // their deadline; greedy never sends to the cloud while n1 hosts a.
        std::string text = kUnreachable;
        text.replace(text.find("work: 50ms, deadline: 2s"), 24, "work: 600ms, deadline: 1s");
        const ScenarioLoad load = loadScenarioText(text, "busy.yaml");
        QVERIFY(load.ok());
        const Explained x = explainRun(*load.scenario);
        const auto it = x.watch.drops.find({int(DropSite::Node), 0, 0});
        QVERIFY(it != x.watch.drops.end() && it->second > 20);
        QCOMPARE(dropsOf(x.e, DropCause::NodeBusy, 0, 0), it->second);
        QCOMPARE(x.e.placeOf({DropCause::NodeBusy, 0, 0, 1}), std::string("node n1"));
        bool staticHint = false;
        for (const std::string &h : x.e.hints)
            staticHint = staticHint || h.rfind("static orchestration keeps", 0) == 0;
        QVERIFY(staticHint);
    }

    void theDispatchCeilingIsNamed()
    {
        // One request per slot leaves an eAP: the rest wait past their deadline.
        std::string text = kUnreachable;
        text.replace(text.find("duration: 30s}"), 14, "duration: 30s, dispatch_per_slot: 1}");
        text.replace(text.find("rate: 10/s"), 10, "rate: 40/s");
        const ScenarioLoad load = loadScenarioText(text, "ceiling.yaml");
        QVERIFY(load.ok());
        const Explained x = explainRun(*load.scenario);
        std::uint64_t atEaps = 0;
        for (const auto &[key, count] : x.watch.drops)
            if (std::get<0>(key) == int(DropSite::Eap))
                atEaps += count;
        QVERIFY(atEaps > 50);
        std::uint64_t ceiling = 0, slotWait = 0;
        for (const DropCount &d : x.e.drops) {
            ceiling += d.cause == DropCause::EapCeiling ? d.count : 0;
            slotWait += d.cause == DropCause::EapSlotWait ? d.count : 0;
        }
        QCOMPARE(ceiling + slotWait, atEaps);
        QCOMPARE(slotWait, std::uint64_t(0)); // a 2 s deadline outlasts a 100 ms slot
        bool hint = false;
        for (const std::string &h : x.e.hints)
            hint = hint || h.find("time.dispatch_per_slot: 1") != std::string::npos;
        QVERIFY(hint);
    }

    void runExplainPrintsTheSameFacts()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("unreachable.yaml");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kUnreachable.c_str());
        f.close();
        const ScenarioLoad load = loadScenarioText(kUnreachable, "unreachable.yaml");
        const Explained x = explainRun(*load.scenario);

        const test::CliResult text = test::cli({"run", path, "--explain"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("  n2: held no replica of any service: site near's initial "
                                   "replicas"),
                 text.out.constData());
        QVERIFY(text.out.contains(
            QString("%1 arrived: %2 on time").arg(x.e.arrived).arg(x.e.onTime).toUtf8()));

        const test::CliResult json = test::cli({"run", path, "--explain", "--json"});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject explain =
            QJsonDocument::fromJson(json.out).object()["explain"].toObject();
        QCOMPARE(explain["dropped"].toInteger(), qint64(x.e.dropped));
        const QJsonArray drops = explain["drops"].toArray();
        QCOMPARE(drops.size(), qsizetype(x.e.drops.size()));
        qint64 sum = 0;
        for (const QJsonValue &d : drops) {
            QCOMPARE(d["cause"].toString(), QString("cloud-no-edge-replica"));
            sum += d["count"].toInteger();
        }
        QCOMPARE(sum, qint64(x.e.dropped));
        QCOMPARE(explain["idle_nodes"].toArray().at(0).toObject()["node"].toString(),
                 QString("n2"));
        QCOMPARE(explain["idle_nodes"].toArray().at(0).toObject()["reason"].toString(),
                 QString("no-replica"));
        QCOMPARE(explain["nodes"].toArray().at(1).toObject()["dispatched"].toInteger(), qint64(0));
    }
};

QTEST_GUILESS_MAIN(TestRunExplainer)
#include "tst_runexplainer.moc"
