// SPDX-License-Identifier: GPL-3.0-or-later
// Quantities with units and distributions of quantities (DESIGN.md section 5).
#include "scenario/units.h"

#include <QtTest/QtTest>

#include <cmath>
#include <cstring>
#include <random>

using namespace schedlab;

Q_DECLARE_METATYPE(schedlab::Dimension)
Q_DECLARE_METATYPE(schedlab::Distribution::Kind)

namespace {
QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

constexpr double Ki = 1024.0;
constexpr double Mi = Ki * 1024.0;
constexpr double Gi = Mi * 1024.0;
constexpr double Ti = Gi * 1024.0;

const Dimension kAll[] = {Dimension::Duration, Dimension::Size, Dimension::Bandwidth,
                          Dimension::Cpu,      Dimension::Rate, Dimension::Ratio};
const char *const kNames[] = {"duration", "size", "bandwidth", "cpu", "rate", "ratio"};
} // namespace

class TestUnits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parse_data();
    void parse();
    void parseErrors_data();
    void parseErrors();
    void format_data();
    void format();
    void roundTrip_data();
    void roundTrip();
    void distributions_data();
    void distributions();
    void distributionErrors_data();
    void distributionErrors();
    void distributionFormat_data();
    void distributionFormat();
    void distributionProblems_data();
    void distributionProblems();
};

void TestUnits::parse_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Dimension>("dimension");
    QTest::addColumn<double>("expected");
    const auto D = Dimension::Duration;
    QTest::newRow("250ms") << "250ms" << D << 0.25;
    QTest::newRow("0.25s") << "0.25s" << D << 0.25;
    QTest::newRow("10m") << "10m" << D << 600.0;
    QTest::newRow("1h") << "1h" << D << 3600.0;
    QTest::newRow("1500us") << "1500us" << D << 1500.0 / 1e6;
    QTest::newRow("1.5ms") << "1.5ms" << D << 1.5 / 1000.0;
    QTest::newRow("500ns") << "500ns" << D << 500.0 / 1e9;
    QTest::newRow("1EiB: the size limit, in its own unit")
        << "1EiB" << Dimension::Size << 1152921504606846976.0;
    QTest::newRow("space before unit") << "250 ms" << D << 0.25;
    QTest::newRow("surrounding spaces") << "  2s " << D << 2.0;
    QTest::newRow("exponent") << "1e3ms" << D << 1.0;
    QTest::newRow("plus sign") << "+3s" << D << 3.0;
    QTest::newRow("negative (range checked elsewhere)") << "-2s" << D << -2.0;
    QTest::newRow("leading dot") << ".5s" << D << 0.5;
    const auto S = Dimension::Size;
    QTest::newRow("512Mi") << "512Mi" << S << 512 * Mi;
    QTest::newRow("4Gi") << "4Gi" << S << 4 * Gi;
    QTest::newRow("1Ti") << "1Ti" << S << Ti;
    QTest::newRow("20Ki") << "20Ki" << S << 20 * Ki;
    QTest::newRow("4GiB alias") << "4GiB" << S << 4 * Gi;
    QTest::newRow("120MB") << "120MB" << S << 120e6;
    QTest::newRow("1TB") << "1TB" << S << 1e12;
    QTest::newRow("20KB") << "20KB" << S << 20e3;
    QTest::newRow("3GB") << "3GB" << S << 3e9;
    QTest::newRow("100B") << "100B" << S << 100.0;
    QTest::newRow("1.5Gi") << "1.5Gi" << S << 1.5 * Gi;
    const auto B = Dimension::Bandwidth;
    QTest::newRow("50Mbps") << "50Mbps" << B << 50e6;
    QTest::newRow("1Gbps") << "1Gbps" << B << 1e9;
    QTest::newRow("100Kbps") << "100Kbps" << B << 100e3;
    QTest::newRow("9600bps") << "9600bps" << B << 9600.0;
    const auto C = Dimension::Cpu;
    QTest::newRow("cpu 2") << "2" << C << 2.0;
    QTest::newRow("cpu 500m") << "500m" << C << 0.5;
    QTest::newRow("cpu 1.5") << "1.5" << C << 1.5;
    QTest::newRow("cpu 250m") << "250m" << C << 0.25;
    const auto R = Dimension::Rate;
    QTest::newRow("20/s") << "20/s" << R << 20.0;
    QTest::newRow("30/m") << "30/m" << R << 0.5;
    QTest::newRow("7200/h") << "7200/h" << R << 2.0;
    QTest::newRow("1/m") << "1/m" << R << 1.0 / 60.0;
    QTest::newRow("ratio") << "0.5" << Dimension::Ratio << 0.5;
    QTest::newRow("ratio 0") << "0" << Dimension::Ratio << 0.0;
}

void TestUnits::parse()
{
    QFETCH(QString, text);
    QFETCH(Dimension, dimension);
    QFETCH(double, expected);
    const Parsed<double> p = parseQuantity(text.toStdString(), dimension);
    QVERIFY2(p.ok(), p.error.c_str());
    QCOMPARE(p.value, expected); // exact: sub-units divide by an exact integer
}

void TestUnits::parseErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Dimension>("dimension");
    QTest::addColumn<QString>("message");
    const auto D = Dimension::Duration;
    QTest::newRow("bare duration")
        << "250" << D
        << "expected a duration with a unit (e.g. 250ms, 2s, 10m), got bare number 250";
    QTest::newRow("bare zero duration")
        << "0" << D << "expected a duration with a unit (e.g. 250ms, 2s, 10m), got bare number 0";
    QTest::newRow("bare size")
        << "512" << Dimension::Size
        << "expected a size with a unit (e.g. 512Mi, 4Gi, 120MB), got bare number 512";
    QTest::newRow("bare bandwidth")
        << "50" << Dimension::Bandwidth
        << "expected a bandwidth with a unit (e.g. 50Mbps, 1Gbps), got bare number 50";
    QTest::newRow("bare rate")
        << "20" << Dimension::Rate
        << "expected a rate with a unit (e.g. 20/s, 300/m), got bare number 20";
    QTest::newRow("empty") << "" << D
                           << "expected a duration with a unit (e.g. 250ms, 2s, 10m), got an "
                              "empty value";
    QTest::newRow("word") << "fast" << D
                          << "expected a duration with a unit (e.g. 250ms, 2s, 10m), got 'fast'";
    QTest::newRow("unknown duration unit") << "5sec" << D
                                           << "unknown duration unit 'sec' in '5sec' (did you mean "
                                              "'s'?); expected s, ns, us, ms, m or h";
    QTest::newRow("unknown size unit")
        << "4G" << Dimension::Size
        << "unknown size unit 'G' in '4G' (did you mean 'GB'?); expected B, KB, MB, GB, TB, PB, "
           "EB, Ki, Mi, Gi, Ti, Pi or Ei";
    QTest::newRow("bits vs bytes")
        << "50Mb" << Dimension::Bandwidth
        << "unknown bandwidth unit 'Mb' in '50Mb' (did you mean 'Mbps'?); expected bps, Kbps, "
           "Mbps, Gbps or Tbps";
    QTest::newRow("unknown cpu unit")
        << "2x" << Dimension::Cpu
        << "unknown cpu quantity unit 'x' in '2x'; expected no unit (cores) or m";
    QTest::newRow("cpu word") << "two" << Dimension::Cpu
                              << "expected a cpu quantity in cores or millicores (e.g. 2, 500m), "
                                 "got 'two'";
    QTest::newRow("unknown rate unit")
        << "20/d" << Dimension::Rate
        << "unknown rate unit '/d' in '20/d' (did you mean '/s'?); expected /s, /m or /h";
    QTest::newRow("ratio with unit")
        << "5ms" << Dimension::Ratio << "expected a plain number without a unit, got '5ms'";
    QTest::newRow("ratio word") << "high" << Dimension::Ratio
                                << "expected a plain number, got 'high'";
    QTest::newRow("overflow") << "1e400s" << D << "number out of range in '1e400s'";
    QTest::newRow("overflow by unit") << "1e305h" << D << "number out of range in '1e305h'";
    QTest::newRow("inf") << "inf" << Dimension::Ratio << "expected a plain number, got 'inf'";
    QTest::newRow("nan") << "nan" << Dimension::Ratio << "expected a plain number, got 'nan'";
}

void TestUnits::parseErrors()
{
    QFETCH(QString, text);
    QFETCH(Dimension, dimension);
    QFETCH(QString, message);
    const Parsed<double> p = parseQuantity(text.toStdString(), dimension);
    QVERIFY(!p.ok());
    QCOMPARE(qs(p.error), message);
}

void TestUnits::format_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<Dimension>("dimension");
    QTest::addColumn<QString>("text");
    const auto D = Dimension::Duration;
    QTest::newRow("250ms") << 0.25 << D << "250ms";
    QTest::newRow("2s") << 2.0 << D << "2s";
    QTest::newRow("10m") << 600.0 << D << "10m";
    QTest::newRow("90s") << 90.0 << D << "90s";
    QTest::newRow("1h") << 3600.0 << D << "1h";
    QTest::newRow("1500us") << 0.0015 << D << "1500us";
    QTest::newRow("0s") << 0.0 << D << "0s";
    QTest::newRow("fallback") << 0.1 + 0.2 << D << "0.30000000000000004s";
    const auto S = Dimension::Size;
    QTest::newRow("256Mi") << 256 * Mi << S << "256Mi";
    QTest::newRow("4Gi") << 4 * Gi << S << "4Gi";
    QTest::newRow("1Ti") << Ti << S << "1Ti";
    QTest::newRow("49MB") << 49e6 << S << "49MB";
    QTest::newRow("20KB") << 20e3 << S << "20KB";
    QTest::newRow("1TB") << 1e12 << S << "1TB";
    QTest::newRow("100B") << 100.0 << S << "100B";
    QTest::newRow("0B") << 0.0 << S << "0B";
    QTest::newRow("1.5Gi") << 1.5 * Gi << S << "1536Mi";
    const auto B = Dimension::Bandwidth;
    QTest::newRow("50Mbps") << 50e6 << B << "50Mbps";
    QTest::newRow("1Gbps") << 1e9 << B << "1Gbps";
    QTest::newRow("100Kbps") << 100e3 << B << "100Kbps";
    const auto C = Dimension::Cpu;
    QTest::newRow("cpu 2") << 2.0 << C << "2";
    QTest::newRow("cpu 500m") << 0.5 << C << "500m";
    QTest::newRow("cpu 1.5") << 1.5 << C << "1500m";
    QTest::newRow("cpu 0") << 0.0 << C << "0";
    const auto R = Dimension::Rate;
    QTest::newRow("20/s") << 20.0 << R << "20/s";
    QTest::newRow("0.5/s") << 0.5 << R << "30/m";
    QTest::newRow("1/m") << 1.0 / 60.0 << R << "1/m";
    QTest::newRow("3000/s") << 3000.0 << R << "3000/s";
    QTest::newRow("ratio 1") << 1.0 << Dimension::Ratio << "1";
    QTest::newRow("ratio 0.9") << 0.9 << Dimension::Ratio << "0.9";
    QTest::newRow("ratio 1e-7") << 1e-7 << Dimension::Ratio << "1e-07";
}

void TestUnits::format()
{
    QFETCH(double, value);
    QFETCH(Dimension, dimension);
    QFETCH(QString, text);
    QCOMPARE(qs(formatQuantity(value, dimension)), text);
    const Parsed<double> back = parseQuantity(text.toStdString(), dimension);
    QVERIFY2(back.ok(), back.error.c_str());
    QCOMPARE(back.value, value);
}

void TestUnits::roundTrip_data()
{
    QTest::addColumn<Dimension>("dimension");
    for (int i = 0; i < 6; ++i)
        QTest::newRow(kNames[i]) << kAll[i];
}

void TestUnits::roundTrip()
{
    QFETCH(Dimension, dimension);
    std::mt19937_64 gen(20240601);
    std::uniform_real_distribution<double> mantissa(-3.0, 3.0);
    std::uniform_int_distribution<int> exponent(-12, 15);
    std::uniform_int_distribution<int> small(0, 5000);
    for (int i = 0; i < 20000; ++i) {
        double v = 0.0;
        switch (i % 4) {
        case 0:
            v = mantissa(gen) * std::pow(10.0, exponent(gen));
            break;
        case 1:
            v = small(gen) / 1000.0;
            break; // millis
        case 2:
            v = small(gen) * 60.0;
            break;
        default: {
            std::uint64_t bits = gen();
            std::memcpy(&v, &bits, sizeof v);
            if (!std::isfinite(v))
                v = 1.0;
        }
        }
        const std::string text = formatQuantity(v, dimension);
        const Parsed<double> back = parseQuantity(text, dimension);
        QVERIFY2(back.ok(), (text + ": " + back.error).c_str());
        if (back.value != v || std::signbit(back.value) != std::signbit(v))
            QFAIL(("not identical: " + text).c_str());
    }
}

void TestUnits::distributions_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<Dimension>("dimension");
    QTest::addColumn<Distribution::Kind>("kind");
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");
    using K = Distribution::Kind;
    const auto D = Dimension::Duration;
    QTest::newRow("exp") << "exp(40ms)" << D << K::Exp << 0.04 << 0.0;
    QTest::newRow("uniform") << "uniform(10ms, 50ms)" << D << K::Uniform << 0.01 << 0.05;
    QTest::newRow("normal") << "normal(20s, 1s)" << D << K::Normal << 20.0 << 1.0;
    QTest::newRow("lognormal") << "lognormal(40ms, 0.5)" << D << K::LogNormal << 0.04 << 0.5;
    QTest::newRow("const") << "const(1s)" << D << K::Const << 1.0 << 0.0;
    QTest::newRow("plain") << "1s" << D << K::Const << 1.0 << 0.0;
    QTest::newRow("spaces") << " uniform ( 1s ,2s ) " << D << K::Uniform << 1.0 << 2.0;
    QTest::newRow("size") << "exp(20KB)" << Dimension::Size << K::Exp << 20e3 << 0.0;
    QTest::newRow("mixed units") << "uniform(500ms, 2s)" << D << K::Uniform << 0.5 << 2.0;
}

void TestUnits::distributions()
{
    QFETCH(QString, text);
    QFETCH(Dimension, dimension);
    QFETCH(Distribution::Kind, kind);
    QFETCH(double, a);
    QFETCH(double, b);
    const Parsed<Distribution> p = parseDistribution(text.toStdString(), dimension);
    QVERIFY2(p.ok(), p.error.c_str());
    QCOMPARE(int(p.value.kind), int(kind));
    QCOMPARE(p.value.a, a);
    QCOMPARE(p.value.b, b);
}

void TestUnits::distributionErrors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("typo") << "expo(40ms)"
                          << "unknown distribution 'expo' (did you mean 'exp'?); expected exp, "
                             "uniform, normal, lognormal or const or a plain duration";
    QTest::newRow("too many") << "exp(40ms, 2ms)"
                              << "exp takes 1 argument (mean), got 2 in 'exp(40ms, 2ms)'";
    QTest::newRow("too few") << "uniform(10ms)"
                             << "uniform takes 2 arguments (low, high), got 1 in 'uniform(10ms)'";
    QTest::newRow("none") << "normal()"
                          << "normal takes 2 arguments (mean, stddev), got 0 in 'normal()'";
    QTest::newRow("bare argument")
        << "exp(40)"
        << "argument 1 of exp: expected a duration with a unit (e.g. 250ms, 2s, 10m), got bare "
           "number 40";
    QTest::newRow("sigma with unit")
        << "lognormal(40ms, 5ms)"
        << "argument 2 of lognormal: expected a plain number without a unit, got '5ms' (sigma "
           "is dimensionless)";
    QTest::newRow("cut at a comma (flow map)")
        << "uniform(10ms"
        << "malformed distribution 'uniform(10ms': expected uniform(low, high); inside a flow "
           "map {...} a comma ends the value: quote it, e.g. \"uniform(10ms, ...)\"";
    QTest::newRow("trailing text") << "exp(40ms)x"
                                   << "malformed distribution 'exp(40ms)x': expected exp(mean)";
    QTest::newRow("bare") << "40"
                          << "expected a duration with a unit (e.g. 250ms, 2s, 10m), got bare "
                             "number 40";
    QTest::newRow("word") << "random"
                          << "expected a duration with a unit (e.g. 250ms, 2s, 10m), got "
                             "'random', or a distribution such as exp(40ms), uniform(10ms, 50ms), "
                             "normal(20s, 1s), lognormal(40ms, 0.5)";
}

void TestUnits::distributionErrors()
{
    QFETCH(QString, text);
    QFETCH(QString, message);
    const Parsed<Distribution> p = parseDistribution(text.toStdString(), Dimension::Duration);
    QVERIFY(!p.ok());
    QCOMPARE(qs(p.error), message);
}

void TestUnits::distributionFormat_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("exp") << "exp(40ms)"
                         << "exp(40ms)";
    QTest::newRow("uniform") << "uniform(0.01s, 0.05s)"
                             << "uniform(10ms, 50ms)";
    QTest::newRow("normal") << "normal(20s, 1000ms)"
                            << "normal(20s, 1s)";
    QTest::newRow("lognormal") << "lognormal(40ms, 0.5)"
                               << "lognormal(40ms, 0.5)";
    QTest::newRow("const is plain") << "const(1s)"
                                    << "1s";
    QTest::newRow("plain") << "1500ms"
                           << "1500ms";
}

void TestUnits::distributionFormat()
{
    QFETCH(QString, text);
    QFETCH(QString, canonical);
    const Parsed<Distribution> p = parseDistribution(text.toStdString(), Dimension::Duration);
    QVERIFY2(p.ok(), p.error.c_str());
    const std::string out = formatDistribution(p.value, Dimension::Duration);
    QCOMPARE(qs(out), canonical);
    const Parsed<Distribution> back = parseDistribution(out, Dimension::Duration);
    QVERIFY(back.ok());
    QVERIFY(back.value == p.value);
}

void TestUnits::distributionProblems_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("problem");
    QTest::newRow("fine") << "exp(40ms)"
                          << "";
    QTest::newRow("negative const") << "-1s"
                                    << "must not be negative, got -1s";
    QTest::newRow("zero exp") << "exp(0s)"
                              << "exp mean must be > 0, got 0s";
    QTest::newRow("uniform reversed") << "uniform(50ms, 10ms)"
                                      << "uniform low 50ms is above high 10ms";
    QTest::newRow("negative stddev") << "normal(1s, -1s)"
                                     << "normal stddev must not be negative, got -1s";
    QTest::newRow("lognormal median") << "lognormal(0s, 0.5)"
                                      << "lognormal median must be > 0, got 0s";
    QTest::newRow("lognormal sigma") << "lognormal(1s, -0.5)"
                                     << "lognormal sigma must not be negative, got -0.5";
}

void TestUnits::distributionProblems()
{
    QFETCH(QString, text);
    QFETCH(QString, problem);
    const Parsed<Distribution> p = parseDistribution(text.toStdString(), Dimension::Duration);
    QVERIFY2(p.ok(), p.error.c_str());
    QCOMPARE(qs(distributionProblem(p.value, Dimension::Duration)), problem);
}

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
