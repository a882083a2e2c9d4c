// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/testscenarios.h"
#include "scenario/fieldschema.h"
#include "scenario/scenarioio.h"

#include <QtTest>

using namespace schedlab;

namespace {
/** A value of `field`'s type that breaks its bound, or false when it has none. */
template <typename T> bool breakBound(const ScalarField<T> &field, T &o)
{
    if (field.bound == FieldBound::None)
        return false;
    std::visit(
        [&]<typename V>(V T::*member) {
            if constexpr (std::is_same_v<V, std::string>)
                o.*member = "";
            else if (field.bound == FieldBound::UnitInterval ||
                     field.bound == FieldBound::OpenUnitInterval ||
                     field.bound == FieldBound::PositiveUnit)
                o.*member = V(2);
            else if (field.bound == FieldBound::Positive)
                o.*member = V(0);
            else
                o.*member = V(-1);
        },
        field.member);
    return true;
}

/** A valid value of `field` that no default has. */
template <typename T> void setOdd(const ScalarField<T> &field, T &o)
{
    std::visit(
        [&]<typename V>(V T::*member) {
            if constexpr (std::is_same_v<V, std::string>)
                o.*member = std::string_view(field.key) == "arch" ? "riscv64" // one of a list
                                                                  : "odd-" + std::string(field.key);
            else if constexpr (std::is_same_v<V, int>)
                o.*member = 3;
            else
                o.*member = field.bound == FieldBound::UnitInterval ||
                                    field.bound == FieldBound::OpenUnitInterval ||
                                    field.bound == FieldBound::PositiveUnit
                                ? 0.625
                                : 1.625 * (o.*member + 1);
        },
        field.member);
}

bool hasErrorAt(const std::vector<ScenarioError> &errors, const std::string &path)
{
    return std::any_of(errors.begin(), errors.end(),
                       [&](const ScenarioError &e) { return e.keyPath == path; });
}

/** A field whose value other parts refer to, or one of a few words. */
bool isChoice(std::string_view key)
{
    for (std::string_view k : {"name", "encoder", "advantage", "critic", "state_scale",
                               "violations", "xi_unit", "curriculum", "gpg_baseline"})
        if (key == k)
            return true;
    return false;
}

/** Checks every row of `schema` on the object `access` picks out of a valid scenario. */
template <typename T, typename Access>
void checkEveryRow(const TypeSchema<T> &schema, Access access, const std::string &path)
{
    const Scenario valid = test::smallScenario();
    QVERIFY(validateScenario(valid).empty());
    for (const ScalarField<T> &field : schema.scalars) {
        Scenario broken = valid;
        if (breakBound(field, access(broken)))
            QVERIFY2(hasErrorAt(validateScenario(broken), path + "." + field.key), field.key);

        Scenario odd = valid;
        if (isChoice(field.key))
            continue; // names are referenced elsewhere; a choice is one of a few words
        setOdd(field, access(odd));
        const std::string text = saveScenarioText(odd);
        QVERIFY2(text.find(std::string(field.key) + ": " + formatField(field, access(odd))) !=
                     std::string::npos,
                 field.key);
        const ScenarioLoad load = loadScenarioText(text);
        QVERIFY2(load.ok(), load.ok() ? "" : load.errors.front().format().c_str());
        Scenario back = *load.scenario;
        QVERIFY2(access(back) == access(odd), field.key);
    }
}
} // namespace

class TestFieldSchema : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyNodeFieldIsReadWrittenAndChecked()
    {
        checkEveryRow(
            nodeSchema(), [](Scenario &s) -> NodeSpec & { return s.sites[0].eaps[0].nodes[0]; },
            "sites[0].eaps[0].nodes[0]");
    }

    void everySiteFieldIsReadWrittenAndChecked()
    {
        checkEveryRow(
            siteSchema(), [](Scenario &s) -> SiteSpec & { return s.sites[0]; }, "sites[0]");
    }

    void everyLinkFieldIsReadWrittenAndChecked()
    {
        checkEveryRow(
            linkSchema(), [](Scenario &s) -> LinkSpec & { return s.network.lan; }, "network.lan");
    }

    void everyCentralDispatchFieldIsReadWrittenAndChecked()
    {
        checkEveryRow(
            centralDispatchSchema(),
            [](Scenario &s) -> CentralDispatchSpec & { return s.centralDispatch; },
            "central_dispatch");
    }

    void everyKaisParameterIsReadWrittenAndChecked()
    {
        checkEveryRow(
            kaisSchema(), [](Scenario &s) -> KaisParameters & { return s.policies.kais; },
            "policies.kais");
    }

    void aMapAllowsExactlyTheSchemasKeys()
    {
        const std::vector<std::string> keys = nodeSchema().keys();
        QCOMPARE(keys.front(), std::string("name"));
        QVERIFY(std::find(keys.begin(), keys.end(), "disk_read") != keys.end());
        QVERIFY(std::find(keys.begin(), keys.end(), "taints") != keys.end());
    }
};

QTEST_APPLESS_MAIN(TestFieldSchema)
#include "tst_fieldschema.moc"
