// SPDX-License-Identifier: GPL-3.0-or-later
// The response histogram's buckets: found through bounds, they are the logarithm's.
#include "metrics/loghistogram.h"
#include "state/random.h"

#include <QtTest>
#include <cmath>
#include <limits>

using namespace schedlab;

class TestLogHistogram : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void boundsGiveTheLogarithmsBuckets_data()
    {
        QTest::addColumn<double>("lo");
        QTest::addColumn<double>("hi");
        QTest::addColumn<double>("growth");
        QTest::newRow("response seconds") << 1e-5 << 1e5 << 1.01;
        QTest::newRow("decision nanoseconds") << 1.0 << 1e10 << 1.01;
        QTest::newRow("coarse") << 1e-3 << 1e3 << 1.25;
        QTest::newRow("fine") << 0.5 << 2.0 << 1.001;
        QTest::newRow("finer than the bounds take") << 1.0 << 1.1 << 1.00001;
    }
    void boundsGiveTheLogarithmsBuckets()
    {
        QFETCH(double, lo);
        QFETCH(double, hi);
        QFETCH(double, growth);
        const LogHistogram h(lo, hi, growth);
        long checked = 0;
        QString firstMismatch;
        auto check = [&](double v) {
            ++checked;
            if (h.bucketOf(v) != h.bucketByLog(v) && firstMismatch.isEmpty())
                firstMismatch = QStringLiteral("%1: bucket %2, by the logarithm %3")
                                    .arg(v, 0, 'g', 17)
                                    .arg(h.bucketOf(v))
                                    .arg(h.bucketByLog(v));
        };
        // Across the range and beyond it, drawn evenly in the logarithm.
        Rng rng(9);
        for (int i = 0; i < 200000; ++i)
            check(lo * std::pow(hi / lo, rng.uniform(-0.2, 1.2)));
        // Every double within 300 steps of each bucket's bound (the logarithm's own
        // error moves a bound by well under 100).
        const double logGrowth = std::log(growth);
        for (int b = 1; b < h.bucketCount() && b < 20000; ++b) {
            double v = lo * std::exp((b - 1) * logGrowth);
            for (int k = 0; k < 300; ++k)
                v = std::nextafter(v, 0.0);
            for (int k = 0; k < 600; ++k, v = std::nextafter(v, HUGE_VAL))
                check(v);
        }
        for (const double v :
             {0.0, -1.0, lo, std::nextafter(lo, HUGE_VAL), hi, hi * growth,
              std::numeric_limits<double>::max(), std::numeric_limits<double>::denorm_min(),
              std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN()})
            check(v);
        QVERIFY(checked > 200000);
        QCOMPARE(firstMismatch, QString());
    }

    void quantilesAreTheBucketCentres()
    {
        LogHistogram h; // 1% buckets from 10 us
        for (int i = 1; i <= 1000; ++i)
            h.add(i * 0.001); // 1 ms .. 1 s
        QCOMPARE(h.count(), std::uint64_t(1000));
        QVERIFY(std::abs(h.mean() - 0.5005) < 1e-12);
        QVERIFY(std::abs(h.quantile(0.5) / 0.5 - 1.0) < 0.01);
        QVERIFY(std::abs(h.quantile(0.99) / 0.99 - 1.0) < 0.01);
        QCOMPARE(h.cdf().back().second, 1.0);
        h.add(std::numeric_limits<double>::infinity()); // the last bucket, not a crash
        QCOMPARE(h.count(), std::uint64_t(1001));
    }
};

QTEST_GUILESS_MAIN(TestLogHistogram)
#include "tst_loghistogram.moc"
