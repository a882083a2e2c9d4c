// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/bundledscenario.h"
#include "liveoverlay.h"
#include "livesession.h"
#include "placement/placementtypes.h"
#include "placementhistory.h"
#include "placementspanel.h"
#include "podmarks.h"
#include "runchoices.h"
#include "rundock.h"
#include "scenario/scenarioio.h"
#include "snapshotrecorder.h"
#include "topologyscene.h"
#include "registry/buildpolicies.h"

#include <QListWidget>
#include <QTableWidget>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::ui;

namespace {
RunOptions optionsFor(const Scenario &s)
{
    RunOptions o;
    o.seed = s.seed;
    o.policies = s.policies;
    return o;
}

/** A decision as a plain Engine reports it. */
struct Decision
{
    int pod = 0;
    int chosen = -1;
    std::vector<double> totals;
    std::vector<double> normalized;
    std::vector<std::string> reasons;
};

class Collect final : public SimObserver
{
public:
    void onPlacement(const SimState &, int pod, const PlacementRecord &r) override
    {
        Decision d{pod, r.chosen, r.totals, {}, {}};
        for (const PluginResult &c : r.cells) {
            d.normalized.push_back(c.normalized);
            d.reasons.emplace_back(c.reason ? c.reason : "");
        }
        decisions.push_back(d);
    }
    std::vector<Decision> decisions;
};

/** The snapshot of a live run paused after `slots` slots. */
SnapshotPtr runLive(const Scenario &s, const RunOptions &o, long slots)
{
    LiveSession session;
    session.setSpeed(0);
    session.start(s, o);
    session.runTo(slots);
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 60000) {
        const SnapshotPtr l = session.latest();
        if (l && l->slot == slots && session.mode() == LiveMode::Paused)
            return l;
        QTest::qWait(5);
    }
    return nullptr;
}

int indexOfPod(const LivePlacementList &list, int pod)
{
    for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i]->pod == pod)
            return int(i);
    return -1;
}
} // namespace

class TestPlacementsPanel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void snapshotHoldsTheEnginesDecisions()
    {
        const Scenario s = test::bundledScenario("lrscheduler-edge");
        const long slots = 1000;
        const SnapshotPtr snap = runLive(s, optionsFor(s), slots);
        QVERIFY(snap);
        QVERIFY(snap->hasPods);
        QVERIFY(snap->placements);

        const RunOptions o = optionsFor(s);
        Engine engine(s, buildPolicySet(o), o.config());
        Collect plain;
        engine.addObserver(&plain);
        while (engine.state().slot < slots && engine.stepSlot()) {
        }
        QVERIFY(plain.decisions.size() > 10);
        QCOMPARE(snap->pods.decisions, std::uint64_t(plain.decisions.size()));
        const LivePlacementList &live = *snap->placements;
        QCOMPARE(live.size(),
                 std::min(plain.decisions.size(), std::size_t(PlacementHistory::kKeep)));
        const std::size_t skip = plain.decisions.size() - live.size();
        for (std::size_t i = 0; i < live.size(); ++i) {
            const Decision &want = plain.decisions[skip + i];
            const LivePlacement &got = *live[i];
            QCOMPARE(got.sequence, long(skip + i + 1));
            QCOMPARE(got.pod, want.pod);
            QCOMPARE(got.chosen, want.chosen); // same seed, same node
            QCOMPARE(got.totals, want.totals);
            QCOMPARE(int(got.cells.size()), int(want.normalized.size()));
            for (std::size_t c = 0; c < got.cells.size(); ++c) {
                QCOMPARE(got.cells[c].normalized, want.normalized[c]);
                QCOMPARE(got.cells[c].reason, want.reasons[c]);
            }
            const Pod &pod = engine.state().pods[want.pod];
            QCOMPARE(got.name, s.workload.deployments[pod.stream].pods[pod.templ].name);
        }
        QCOMPARE(snap->pods.placed,
                 std::uint64_t(std::count_if(live.begin(), live.end(),
                                             [](const auto &d) { return d->chosen >= 0; })));
        int running = 0;
        for (const LiveNode &n : snap->nodes)
            running += n.podsRunning;
        int engineRunning = 0;
        for (const NodeState &n : engine.state().nodes)
            engineRunning += n.runningPods;
        QCOMPARE(running, engineRunning);
    }

    void keepsTheLastDecisionsOnly()
    {
        const Scenario s = test::bundledScenario("drs-five-node");
        const SnapshotPtr snap = runLive(s, optionsFor(s), 30000);
        QVERIFY(snap);
        const LivePlacementList &list = *snap->placements;
        QVERIFY2(snap->pods.decisions > std::uint64_t(PlacementHistory::kKeep),
                 qPrintable(QString::number(snap->pods.decisions)));
        QCOMPARE(int(list.size()), PlacementHistory::kKeep);
        for (int i = 0; i < PlacementHistory::kKeep; ++i)
            QCOMPARE(list[i]->sequence,
                     long(snap->pods.decisions) - PlacementHistory::kKeep + 1 + i);
    }

    void tableExplainsTheChoice()
    {
        const Scenario s = test::bundledScenario("lrscheduler-edge");
        const SnapshotPtr snap = runLive(s, optionsFor(s), 1000);
        QVERIFY(snap);
        const LivePlacementList &list = *snap->placements;
        // Pod 16 (gcc) at about 959 s: two workers lack the disk for its layers.
        const int i = indexOfPod(list, 16);
        QVERIFY(i >= 0);
        const LivePlacement &d = *list[i];
        QVERIFY(d.chosen >= 0);
        QVERIFY(std::count(d.feasible.begin(), d.feasible.end(), 0) > 0);

        PlacementsPanel panel;
        panel.setSnapshot(snap);
        QCOMPARE(panel.list()->count(), int(list.size()));
        QCOMPARE(panel.shown(), list.back().get()); // the newest first
        panel.selectDecision(int(list.size()) - 1 - i);
        QCOMPARE(panel.shown(), &d);
        QVERIFY(panel.summaryText().contains("gcc"));

        const QTableWidget *t = panel.table();
        const int plugins = int(d.plugins->names.size());
        QCOMPARE(t->rowCount(), int(snap->layout->nodes.size()));
        QCOMPARE(t->columnCount(), 2 + plugins + 1);
        QCOMPARE(panel.rowNode(0), d.chosen);
        QVERIFY(t->item(0, 0)->font().bold());
        QCOMPARE(t->item(0, 0)->text(), QString::fromStdString(snap->layout->nodes[d.chosen]));
        const int fit =
            int(std::find(d.plugins->names.begin(), d.plugins->names.end(), "NodeResourcesFit") -
                d.plugins->names.begin());
        QVERIFY(fit < plugins);
        bool seenFiltered = false;
        double previous = 1e300;
        for (int row = 0; row < t->rowCount(); ++row) {
            const int n = panel.rowNode(row);
            const QString why = t->item(row, t->columnCount() - 1)->text();
            if (d.feasible[n]) {
                QVERIFY2(!seenFiltered, "filtered nodes come last");
                QVERIFY(why.isEmpty());
                QCOMPARE(t->item(row, 1)->text(), QString::number(d.totals[n], 'f', 1));
                if (row > 0)
                    QVERIFY(d.totals[n] <= previous);
                previous = d.totals[n];
            } else {
                seenFiltered = true;
                QCOMPARE(why,
                         QString::fromStdString("NodeResourcesFit:\n" + d.cell(fit, n).reason));
                QVERIFY(why.contains("Insufficient disk"));
                QCOMPARE(t->item(row, panel.pluginColumn(fit))->text(), QString::fromUtf8("\u2717"));
                QVERIFY(t->item(row, 0)->foreground().color() !=
                        t->item(0, 0)->foreground().color());
            }
        }
        QVERIFY(seenFiltered);

        // A later snapshot keeps an older decision chosen by hand.
        auto later = std::make_shared<Snapshot>(*snap);
        auto more = std::make_shared<LivePlacementList>(list);
        more->push_back(list.back());
        later->placements = more;
        panel.setSnapshot(later);
        QCOMPARE(panel.shown(), &d);
    }

    void failuresShowOnNodesAndInTotals()
    {
        Scenario s = test::bundledScenario("kubehice-hetero");
        TopologyScene scene;
        scene.setScenario(s);
        RunDock dock(&scene);
        dock.setScenario(s);
        QVERIFY(dock.choices()->offers(Plane::Placement));
        dock.choose(Plane::Placement, "kube-default");
        dock.setSpeed(0);
        int marks = 0;
        QStringList wrong;
        connect(dock.session(), &LiveSession::snapshot, this, [&](const SnapshotPtr &snap) {
            for (std::size_t n = 0; n < snap->nodes.size(); ++n) {
                const PodFailure f = snap->nodes[n].podFailure;
                if (f == PodFailure::None)
                    continue;
                const QString mark = dock.overlay()->podFailure(int(n));
                const char *want =
                    f == PodFailure::ImagePull ? "ImagePullError" : "ContainerCreateError";
                ++marks;
                if (!mark.contains(want))
                    wrong << mark;
            }
        });
        const long slots = 600;
        QVERIFY(dock.runSlots(slots));
        const SnapshotPtr snap = dock.session()->latest();
        QVERIFY(snap->placements && !snap->placements->empty());
        QCOMPARE(snap->placements->back()->plugins->names.front(), std::string("NodeResourcesFit"));
        for (const std::string &p : snap->placements->back()->plugins->names)
            QVERIFY(p != "ArchesFilter"); // kube-default, not the scenario's kubehice

        RunOptions o = optionsFor(s);
        o.policies.placement = "kube-default";
        Engine engine(s, buildPolicySet(o), o.config());
        while (engine.state().slot < slots && engine.stepSlot()) {
        }
        const PodMetrics &pods = engine.metrics().pods();
        const std::uint64_t failed =
            pods.failures(PodFailure::ImagePull) + pods.failures(PodFailure::ContainerCreate);
        QVERIFY(failed > 0);
        QCOMPARE(snap->pods.imagePull, pods.failures(PodFailure::ImagePull));
        QCOMPARE(snap->pods.containerCreate, pods.failures(PodFailure::ContainerCreate));
        QCOMPARE(snap->pods.unschedulable, pods.failures(PodFailure::Unschedulable));
        QVERIFY(marks > 0);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(", ")));
        QVERIFY(dock.totalsLine().contains(QString("failed %1 · unschedulable %2")
                                               .arg(failed)
                                               .arg(pods.failures(PodFailure::Unschedulable))));
    }

    void podMarksFollowTheSnapshot()
    {
        const Scenario s = test::bundledScenario("lrscheduler-edge");
        TopologyScene scene;
        scene.setScenario(s);
        LiveOverlay overlay(&scene);
        RunOptions o = optionsFor(s);
        Engine engine(s, buildPolicySet(o), o.config());
        auto layout = SnapshotRecorder::makeLayout(engine, s);
        const auto blank = [&] {
            auto snap = std::make_shared<Snapshot>();
            snap->layout = layout;
            snap->nodes.resize(layout->nodes.size());
            snap->eapQueues.assign(layout->eaps.size(), 0);
            snap->eapWanLoad.assign(layout->eaps.size(), 0.0f);
            snap->hasPods = true;
            return snap;
        };
        auto first = blank();
        first->nodes[0].podsRunning = 3;
        first->nodes[1].podsPulling = 1; // a pod's image: the pull mark covers pods too
        first->nodes[2].podFailure = PodFailure::ContainerCreate;
        overlay.setSnapshot(first);
        QCOMPARE(overlay.podBadge(0), QString("3 pods"));
        QVERIFY(overlay.podBadge(1).isEmpty());
        QVERIFY(overlay.pullShown(1));
        QVERIFY(!overlay.pullShown(0));
        QVERIFY(overlay.podFailure(2).contains("ContainerCreateError"));
        QVERIFY(overlay.podFailure(0).isEmpty());

        overlay.setSnapshot(blank()); // short-lived, yet not gone with the next frame
        QVERIFY(overlay.podFailure(2).contains("ContainerCreateError"));
        QVERIFY(overlay.podBadge(0).isEmpty());
        QVERIFY(!overlay.pullShown(1));
        QTest::qWait(PodMarks::kFailureMs + 100);
        overlay.setSnapshot(blank());
        QVERIFY(overlay.podFailure(2).isEmpty());
    }
};

QTEST_MAIN(TestPlacementsPanel)
#include "tst_placementspanel.moc"
