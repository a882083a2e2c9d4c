// SPDX-License-Identifier: GPL-3.0-or-later
// Random byte mutations of tutorial.yaml and lrscheduler-edge.yaml (fixed seeds):
// the loader never crashes or throws, every error is located, and whatever still
// loads round-trips.
#include "scenario/scenarioio.h"

#include <QtTest/QtTest>

#include <fstream>
#include <random>
#include <sstream>

using namespace schedlab;

namespace {
std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/** One random edit: overwrite, insert or delete a byte, or move a line. */
void mutate(std::string &text, std::mt19937_64 &gen)
{
    static const std::string significant = ":-{}[],#&*!|>'\"%@` \n\t?0123456789.~";
    if (text.empty()) {
        text.push_back(significant[gen() % significant.size()]);
        return;
    }
    const std::size_t at = gen() % text.size();
    const auto randomByte = [&] {
        return gen() % 3 == 0 ? char(gen() % 256) : significant[gen() % significant.size()];
    };
    switch (gen() % 5) {
    case 0:
        text[at] = randomByte();
        break;
    case 1:
        text.insert(text.begin() + std::ptrdiff_t(at), randomByte());
        break;
    case 2:
        text.erase(at, 1 + gen() % 8);
        break;
    case 3: { // duplicate a line
        const std::size_t begin = text.rfind('\n', at);
        const std::size_t end = text.find('\n', at);
        const std::size_t b = begin == std::string::npos ? 0 : begin + 1;
        const std::string line =
            text.substr(b, end == std::string::npos ? std::string::npos : end - b + 1);
        text.insert(b, line);
        break;
    }
    default: { // change indentation
        const std::size_t begin = text.rfind('\n', at);
        const std::size_t b = begin == std::string::npos ? 0 : begin + 1;
        if (gen() % 2)
            text.insert(b, std::string(1 + gen() % 4, ' '));
        else if (text[b] == ' ')
            text.erase(b, 1);
    }
    }
}
} // namespace

class TestLoaderFuzz : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mutations_data();
    void mutations();
};

void TestLoaderFuzz::mutations_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("edits");
    QTest::newRow("single edits") << "tutorial.yaml" << quint64(1) << 1;
    QTest::newRow("few edits") << "tutorial.yaml" << quint64(2) << 4;
    QTest::newRow("many edits") << "tutorial.yaml" << quint64(3) << 32;
    QTest::newRow("deployments, single edits") << "lrscheduler-edge.yaml" << quint64(4) << 1;
    QTest::newRow("deployments, few edits") << "lrscheduler-edge.yaml" << quint64(5) << 4;
}

void TestLoaderFuzz::mutations()
{
    QFETCH(QString, file);
    QFETCH(quint64, seed);
    QFETCH(int, edits);
    const std::string original =
        readFile(std::string(SCHEDLAB_SOURCE_DIR) + "/scenarios/" + file.toStdString());
    QVERIFY(!original.empty());
    std::mt19937_64 gen(seed);
    int loaded = 0;
    for (int iteration = 0; iteration < 700; ++iteration) {
        std::string text = original;
        const int n = 1 + int(gen() % std::uint64_t(edits));
        for (int i = 0; i < n; ++i)
            mutate(text, gen);
        ScenarioLoad load;
        try {
            load = loadScenarioText(text, "fuzz.yaml");
        } catch (const std::exception &e) {
            QFAIL(qPrintable(QString("iteration %1: exception %2").arg(iteration).arg(e.what())));
        } catch (...) {
            QFAIL(qPrintable(QString("iteration %1: unknown exception").arg(iteration)));
        }
        QCOMPARE(load.ok(), load.errors.empty());
        for (const ScenarioError &e : load.errors) {
            QCOMPARE(e.file, std::string("fuzz.yaml"));
            QVERIFY(!e.message.empty());
        }
        QVERIFY(load.errors.size() <= 51);
        if (!load.ok())
            continue;
        ++loaded;
        const std::string saved = saveScenarioText(*load.scenario);
        const ScenarioLoad again = loadScenarioText(saved, "again.yaml");
        QVERIFY2(again.ok(), saved.c_str());
        QVERIFY2(*again.scenario == *load.scenario, saved.c_str());
    }
    qInfo("%d of 700 mutants still loaded", loaded);
}

QTEST_GUILESS_MAIN(TestLoaderFuzz)
#include "tst_loaderfuzz.moc"
