// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's calendar gives its events in the order a plain event queue would,
// whether they were pushed one by one, in bulk, or as a key's event that moved.
#include "state/calendar.h"
#include "state/random.h"

#include <QtTest>

using namespace schedlab;

namespace {
/** What a plain queue does with a moving key's event: pushes each new one and
 *  skips those that were replaced, as the engine once did. */
struct Reference
{
    EventQueue queue;
    std::vector<std::uint64_t> current; ///< per key: its live event's order, or 0

    Event pop(double until, bool &any)
    {
        while (!queue.empty() && queue.top().time < until) {
            const Event e = queue.pop();
            if (e.kind() == 3) {
                if (current[std::size_t(e.b)] != e.order)
                    continue;
                current[std::size_t(e.b)] = 0;
            }
            any = true;
            return e;
        }
        any = false;
        return {};
    }
};
} // namespace

class TestCalendar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameOrderAsAnEventQueue_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::addColumn<bool>("coarseTimes"); // many equal times: ties by insertion
        QTest::newRow("fine") << quint64(1) << false;
        QTest::newRow("ties") << quint64(2) << true;
        QTest::newRow("ties, other seed") << quint64(3) << true;
    }
    void sameOrderAsAnEventQueue()
    {
        QFETCH(quint64, seed);
        QFETCH(bool, coarseTimes);
        constexpr int kKeys = 13;
        Rng rng(seed);
        Calendar calendar;
        calendar.setKeys(kKeys);
        Reference ref;
        ref.current.assign(kKeys, 0);
        double now = 0.0;
        auto later = [&] {
            const double dt = rng.uniform() * 2.0;
            return now + (coarseTimes ? std::floor(dt * 4.0) / 4.0 : dt);
        };
        int popped = 0;
        for (int step = 0; step < 20000; ++step) {
            const double u = rng.uniform();
            const auto a = std::int32_t(step);
            if (u < 0.25) {
                const double t = later();
                calendar.push(t, 0, a);
                ref.queue.push(t, 0, a);
            } else if (u < 0.5) {
                const int n = int(rng.uniform() * 200.0); // few are sorted one way, many another
                for (int i = 0; i < n; ++i) {
                    const double t = later();
                    calendar.pushInBulk(t, 1, a, i);
                    ref.queue.push(t, 1, a, i);
                }
            } else if (u < 0.7) {
                const int key = int(rng.uniform() * kKeys);
                const double t = later();
                const std::uint64_t order = calendar.reserve(3);
                ref.queue.push(t, 3, a, key);
                ref.current[std::size_t(key)] = order;
                calendar.setKeyed(key, {t, order, a, key});
            } else if (u < 0.75) {
                const int key = int(rng.uniform() * kKeys);
                calendar.clearKeyed(key);
                ref.current[std::size_t(key)] = 0;
            } else {
                const double until = now + rng.uniform();
                for (;;) {
                    Event got;
                    bool any = false;
                    const Event want = ref.pop(until, any);
                    const bool has = calendar.popBefore(until, got);
                    QCOMPARE(has, any);
                    if (!has)
                        break;
                    QCOMPARE(got.order, want.order);
                    QCOMPARE(got.time, want.time);
                    QCOMPARE(got.a, want.a);
                    QCOMPARE(got.b, want.b);
                    now = got.time;
                    ++popped;
                }
                now = std::max(now, until);
            }
        }
        QVERIFY(popped > 5000);
    }
};

QTEST_APPLESS_MAIN(TestCalendar)
#include "tst_calendar.moc"
