// SPDX-License-Identifier: GPL-3.0-or-later
// The registry is the one place a policy's name is known: a row added there is a
// policy of every command, and a name it lacks is refused where it is written.
#include "common/cli.h"
#include "common/testscenarios.h"
#include "engine/policyset.h"
#include "experiment/comparison.h"
#include "registry/buildpolicies.h"
#include "registry/registry.h"
#include "scenario/scenarioio.h"
#include "state/topology.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;

namespace {
/** A policy of the test's own: the first available edge node, the cloud if none. */
class FirstCandidate final : public DispatchPolicy
{
public:
    int dispatch(const DispatchContext &ctx) override
    {
        return ctx.candidates.empty() ? kCloud : ctx.candidates.front();
    }
};

/** Every request to the cloud. */
class AllToCloud final : public DispatchPolicy
{
public:
    int dispatch(const DispatchContext &) override { return kCloud; }
};

const std::string kTutorial = SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml";
} // namespace

class TestRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        registerPolicy({Plane::Dispatch, "first-candidate", "the first available edge node",
                        "test", [](PolicySet &set, const LearnedModel *) {
                            set.dispatch = std::make_unique<FirstCandidate>();
                        }});
        registerPolicy({Plane::Dispatch, "all-to-cloud", "every request to the cloud", "test",
                        [](PolicySet &set, const LearnedModel *) {
                            set.dispatch = std::make_unique<AllToCloud>();
                        }});
    }

    /** One row: listed with its plane, loaded from YAML, run in a comparison. */
    void aRegisteredPolicyRunsInAComparison()
    {
        const std::vector<std::string> names = policyNames(Plane::Dispatch);
        QVERIFY(std::find(names.begin(), names.end(), "all-to-cloud") != names.end());
        std::vector<Plane> planes; // rows of a plane stay together
        for (const PolicyInfo &p : policyCatalog())
            if (planes.empty() || planes.back() != p.plane)
                planes.push_back(p.plane);
        QCOMPARE(planes.size(), std::size_t(5));

        const ScenarioLoad load =
            loadScenarioText(tutorialWith("policies: {dispatch: all-to-cloud}\n"), "row.yaml");
        QVERIFY(load.ok());
        QCOMPARE(load.scenario->policies.dispatch, std::string("all-to-cloud"));

        const Scenario s = test::smallScenario();
        ComparisonSpec spec;
        Variant cloud{"all-to-cloud", s.policies}, first{"first-candidate", s.policies};
        cloud.policies.dispatch = "all-to-cloud";
        first.policies.dispatch = "first-candidate";
        spec.variants = {cloud, first};
        spec.seeds = {1, 2};
        spec.duration = 10.0;
        for (const CellResult &cell : runComparison(s, spec)) {
            QVERIFY2(cell.error.empty(), cell.error.c_str());
            const double toCloud = cell.result.value("to_cloud_fraction");
            if (cell.variant == 0)
                QCOMPARE(toCloud, 1.0);
            else
                QVERIFY2(toCloud < 0.5, std::to_string(toCloud).c_str());
        }
    }

    void aNameIsRegisteredOnce()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 registerPolicy({Plane::Dispatch, "greedy", "again", "test",
                                                 [](PolicySet &, const LearnedModel *) {}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 registerPolicy({Plane::Dequeue, "nothing", "no factory", "test"}));
    }

    /** The loader checks names and weights against the registry, located in the file. */
    void unknownNamesAreLocated_data()
    {
        QTest::addColumn<QString>("policies");
        QTest::addColumn<QString>("keyPath");
        QTest::addColumn<QString>("message");
        QTest::newRow("dispatch") << "  dispatch: greedy-nosuch\n"
                                  << "policies.dispatch"
                                  << "unknown dispatch policy 'greedy-nosuch' (did you mean "
                                     "'greedy'?); known: ";
        QTest::newRow("orchestration") << "  orchestration: hap\n"
                                       << "policies.orchestration"
                                       << "unknown orchestration policy 'hap' (did you mean 'hpa'?)";
        QTest::newRow("own weight") << "  placement: lrscheduler\n  placement_weights: "
                                       "{LayerSharing: 2}\n"
                                    << "policies.placement_weights.LayerSharing"
                                    << "lrscheduler sets the LayerSharing weight itself";
    }

    void unknownNamesAreLocated()
    {
        QFETCH(QString, policies);
        QFETCH(QString, keyPath);
        QFETCH(QString, message);
        const std::string text = tutorialWith("policies:\n" + policies.toStdString());
        const ScenarioLoad load = loadScenarioText(text, "typo.yaml");
        QVERIFY(!load.ok());
        QCOMPARE(load.errors.size(), std::size_t(1));
        const ScenarioError &e = load.errors.front();
        QCOMPARE(QString::fromStdString(e.keyPath), keyPath);
        QVERIFY2(QString::fromStdString(e.message).startsWith(message), e.message.c_str());
        QVERIFY2(e.line > 0 && e.column > 0, e.format().c_str());
        const int line = policiesLine(text);
        QVERIFY2(e.line > line && e.line <= line + 2, e.format().c_str());
    }

    /** `validate` reports the loader's message: exit 2, file:line:col. */
    void validateNamesTheLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("typo.yaml");
        const std::string text = tutorialWith("policies: {dispatch: greedy-nosuch}\n");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text.data(), qint64(text.size()));
        f.close();
        const test::CliResult r = test::cli({"validate", path});
        QCOMPARE(r.exitCode, 2);
        const QString where = path + ":" + QString::number(policiesLine(text)) + ":";
        QVERIFY2(r.err.contains(where.toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("policies.dispatch: unknown dispatch policy 'greedy-nosuch' (did "
                                "you mean 'greedy'?)"),
                 r.err.constData());
    }

private:
    /** The tutorial with its last line, the policies, replaced by `policies`. */
    static std::string tutorialWith(const std::string &policies)
    {
        QFile f(QString::fromStdString(kTutorial));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot read %s", kTutorial.c_str());
        const std::string text = f.readAll().toStdString();
        const std::size_t at = text.rfind("\npolicies:");
        if (at == std::string::npos)
            qFatal("%s has no policies line", kTutorial.c_str());
        return text.substr(0, at + 1) + policies;
    }

    /** The 1-based line of `policies:`. */
    static int policiesLine(const std::string &text)
    {
        const std::size_t at = text.rfind("\npolicies:");
        return 2 + int(std::count(text.begin(), text.begin() + long(at), '\n'));
    }
};

QTEST_GUILESS_MAIN(TestRegistry)
#include "tst_registry.moc"
