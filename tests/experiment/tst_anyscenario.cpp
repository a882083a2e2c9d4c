// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/anyscenario.h"

#include <QtTest>

#include <algorithm>

using namespace schedlab;

namespace {
std::string bundledPath(const char *name)
{
    return std::string(SCHEDLAB_SOURCE_DIR) + "/scenarios/" + name;
}
} // namespace

class TestAnyScenario : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loadingTellsTheKindsApart()
    {
        const AnyScenarioLoad g = loadAnyScenarioFile(bundledPath("global-multicluster.yaml"));
        QVERIFY(g.ok() && g.scenario->isGlobal());
        QCOMPARE(g.scenario->name(), g.scenario->global().name);
        QVERIFY(QString::fromStdString(g.scenario->summary()).startsWith("global: "));

        const AnyScenarioLoad c = loadAnyScenarioFile(bundledPath("tutorial.yaml"));
        QVERIFY(c.ok() && !c.scenario->isGlobal());
        QCOMPARE(c.scenario->seed(), c.scenario->cluster().seed);
        QCOMPARE(QString::fromStdString(c.scenario->summary()), "6 edge nodes, 4 services");
    }

    void eachKindReportsItsOwnErrorsWithTheirPlace()
    {
        const AnyScenarioLoad g =
            loadAnyScenarioText("schedlab: 1\nname: g\nglobal:\n  clustrs: 3\n", "g.yaml");
        QVERIFY(!g.ok());
        QCOMPARE(QString::fromStdString(g.errors.front().file), "g.yaml");
        QCOMPARE(g.errors.front().line, 4);

        const AnyScenarioLoad c = loadAnyScenarioText("schedlab: 1\nname: c\nsits: []\n", "c.yaml");
        QVERIFY(!c.ok());
        const auto typo = std::find_if(c.errors.begin(), c.errors.end(),
                                       [](const ScenarioError &e) { return e.keyPath == "sits"; });
        QVERIFY(typo != c.errors.end());
        QCOMPARE(typo->line, 3);
    }

    void anUnreadableFileSaysSo()
    {
        const AnyScenarioLoad l = loadAnyScenarioFile("/nonexistent/s.yaml");
        QVERIFY(!l.ok());
        QVERIFY(QString::fromStdString(l.errors.front().message).contains("cannot read"));
    }
};

QTEST_APPLESS_MAIN(TestAnyScenario)
#include "tst_anyscenario.moc"
