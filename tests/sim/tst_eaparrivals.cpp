// SPDX-License-Identifier: GPL-3.0-or-later
// Requests join their eAP's queue in the order they get there (ties: in order of
// creation), however far their uploads reorder them.
#include "common/bundledscenario.h"

#include "engine/engine.h"
#include "registry/buildpolicies.h"

#include <QtTest>

using namespace schedlab;

namespace {
/** Per eAP, the requests in the order a FIFO eAP let them leave. */
class LeaveOrder final : public SimObserver
{
public:
    void onDispatch(const SimState &state, std::int32_t request, int eap, int) override
    {
        const Request &r = state.requests[std::size_t(request)];
        left.push_back({eap, r.enqueued, r.created});
    }
    struct Left
    {
        int eap;
        double enqueued, created;
    };
    std::vector<Left> left;
};
} // namespace

class TestEapArrivals : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void queuesAreInOrderOfArrivalThere()
    {
        Scenario s = test::bundledScenario("tutorial");
        s.time.dispatchPerSlot = 0; // all: each slot's queue leaves whole, in FIFO order
        s.workload.requests.rate = 400.0;
        // Uploads from 0 to seconds over the 50 Mbps access link: a request often
        // overtakes hundreds created before it.
        for (ServiceSpec &svc : s.services)
            svc.size = Distribution{Distribution::Kind::Exp, 4e6, 0.0};
        PolicySelection selection;
        selection.dispatch = "greedy";
        selection.dequeue = "fifo";
        selection.orchestration = "static";
        selection.placement = "kube-default";
        Engine engine(s, buildPolicySet(selection, nullptr), RunConfig{5, 20.0});
        LeaveOrder order;
        engine.addObserver(&order);
        engine.run();
        QVERIFY(order.left.size() > 3000);
        std::vector<const LeaveOrder::Left *> last(engine.topology().eaps.size(), nullptr);
        int overtaken = 0;
        for (const auto &l : order.left) {
            const LeaveOrder::Left *&prev = last[std::size_t(l.eap)];
            if (prev && l.enqueued == prev->enqueued)
                QVERIFY(l.created >= prev->created);
            if (prev && prev->enqueued <= l.enqueued && prev->created > l.created)
                ++overtaken;
            // A slot's queue leaves in order; a new slot starts a new run.
            if (prev && l.enqueued < prev->enqueued)
                QVERIFY2(false, "an eAP queue out of the order of arrival");
            prev = &l;
        }
        QVERIFY2(overtaken > 100, qPrintable(QString::number(overtaken)));
    }
};

QTEST_GUILESS_MAIN(TestEapArrivals)
#include "tst_eaparrivals.moc"
