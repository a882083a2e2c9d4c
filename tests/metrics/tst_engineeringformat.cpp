// SPDX-License-Identifier: GPL-3.0-or-later
// Numbers in tables: engineering prefixes on the metric's unit, the interval's precision.
#include "metrics/engineeringformat.h"
#include "metrics/metriccatalog.h"

#include <QtTest>

using namespace schedlab;

class TestEngineeringFormat : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void meanAndInterval_data()
    {
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("ci");
        QTest::addColumn<QString>("unit");
        QTest::addColumn<QString>("text");
        QTest::newRow("count in thousands") << 4819.0 << 310.0 << ""
                                            << "4.8 k ± 0.3 k";
        QTest::newRow("share") << 0.8336 << 0.018 << ""
                               << "0.834 ± 0.018";
        QTest::newRow("two digits of a 2") << 12.0 << 2.5 << ""
                                           << "12.0 ± 2.5";
        QTest::newRow("megabytes") << 3.6e6 << 3e3 << "bytes"
                                   << "3.600 MB ± 0.003 MB";
        QTest::newRow("gigabytes") << 1.73e9 << 2e8 << "bytes"
                                   << "1.73 GB ± 0.20 GB";
        QTest::newRow("ms as seconds") << 125000.0 << 4000.0 << "ms"
                                       << "125 s ± 4 s";
        QTest::newRow("ms stay ms") << 42.37 << 0.9 << "ms"
                                    << "42.4 ms ± 0.9 ms";
        QTest::newRow("µs") << 0.004 << 0.0005 << "ms"
                            << "4.0 µs ± 0.5 µs";
        QTest::newRow("wide interval") << 480.0 << 310.0 << ""
                                       << "500 ± 300";
        QTest::newRow("negative") << -2500.0 << 120.0 << ""
                                  << "-2.50 k ± 0.12 k";
        QTest::newRow("no interval") << 3.6e6 << 0.0 << "bytes"
                                     << "3.6 MB";
        QTest::newRow("not finite interval") << 1.73e9 << qQNaN() << "bytes"
                                             << "1.73 GB";
        QTest::newRow("zero ms") << 0.0 << 0.0 << "ms"
                                 << "0 ms";
        QTest::newRow("unknown unit") << 4819.0 << 0.0 << "W"
                                      << "4820 W";
    }

    void meanAndInterval()
    {
        QFETCH(double, mean);
        QFETCH(double, ci);
        QFETCH(QString, unit);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(formatMeanCi(mean, ci, unit.toStdString())), text);
    }

    void singleValues()
    {
        QCOMPARE(formatEngineering(3.6e6, "bytes"), std::string("3.6 MB"));
        QCOMPARE(formatEngineering(1.73e9, "bytes"), std::string("1.73 GB"));
        QCOMPARE(formatEngineering(999.7, ""), std::string("1 k")); // rounds into the next prefix
        QCOMPARE(formatEngineering(512, "bytes"), std::string("512 B"));
        QCOMPARE(formatEngineering(0.25, "s"), std::string("250 ms"));
        QCOMPARE(formatEngineering(7200, "s"), std::string("7200 s"));  // times grow no prefix
        QCOMPARE(formatEngineering(0.0004, ""), std::string("0.0004")); // nor shrink shares
        QCOMPARE(formatEngineering(qInf(), "ms"), std::string("n/a"));
    }

    void aColumnSharesOneUnit()
    {
        const EngineeringUnit u = engineeringUnit("bytes", 1.73e9);
        QCOMPARE(u.symbol(), std::string("GB"));
        std::string mean, ci;
        formatMeanCiIn(3.6e6, 3e3, u, &mean, &ci); // a small value in the column's unit
        QCOMPARE(mean, std::string("0.003600"));
        QCOMPARE(ci, std::string("0.000003"));
        formatMeanCiIn(1.73e9, 0.0, u, &mean, &ci);
        QCOMPARE(mean, std::string("1.73"));
        QVERIFY(ci.empty());
    }

    void everyCatalogRowHasAKnownUnitAndALabel()
    {
        // A unit the formatter does not know keeps no prefix; the catalog's all have one.
        for (const MetricInfo &m : metricCatalog()) {
            const EngineeringUnit u = engineeringUnit(m.unit, 1e7);
            QVERIFY2(m.unit.empty() || u.exponent != 0 || u.unit == "s",
                     std::string(m.name).c_str());
            // Tables and figures head a column with the label, not the key.
            QVERIFY2(!m.label.empty() && m.label.find('_') == std::string_view::npos,
                     std::string(m.name).c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestEngineeringFormat)
#include "tst_engineeringformat.moc"
