// SPDX-License-Identifier: GPL-3.0-or-later
// A comparison reopened from the store sets the panel to what it ran.
#include "comparisonpanel.h"

#include "experiment/storedruns.h"
#include "registry/registry.h"
#include "scenario/scenarioio.h"
#include "scenario/units.h"
#include "topologydocument.h"

#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

namespace schedlab::ui {

namespace {
QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

/** The names a plane takes across `variants`, in order of first use. */
QStringList namesOf(const std::vector<Variant> &variants, const std::string PolicySelection::*plane)
{
    QStringList names;
    for (const Variant &v : variants)
        if (!names.contains(q(v.policies.*plane)))
            names << q(v.policies.*plane);
    return names;
}

/** What `restore` says of the policies that `names` gives `plane` and no built-in policy has:
 *  Python functions (schedlab.run and schedlab.compare store them under their names). */
QString notBuiltIn(Plane plane, const QStringList &names, bool othersLeft)
{
    QStringList python;
    for (const QString &name : names)
        if (!findPolicy(plane, name.toStdString()))
            python << QStringLiteral("“%1”").arg(name);
    if (python.isEmpty())
        return {};
    const QString planeText = q(planeName(plane));
    const QString what =
        python.size() == 1
            ? ComparisonPanel::tr("%1 is a Python %2 policy: it lives in the script that ran it "
                                  "(schedlab.compare), and the workbench cannot run it again;")
                  .arg(python.front(), planeText)
            : ComparisonPanel::tr("%1 are Python %2 policies: they live in the script that ran "
                                  "them (schedlab.compare), and the workbench cannot run them "
                                  "again;")
                  .arg(python.join(QStringLiteral(", ")), planeText);
    return what + QLatin1Char(' ') +
           (othersLeft ? ComparisonPanel::tr("Run compares the built-in ones.")
                       : ComparisonPanel::tr("tick a built-in one to run the comparison again."));
}

QString seedRange(std::uint64_t first, std::size_t count)
{
    return count == 1 ? QString::number(first)
                      : QStringLiteral("%1–%2").arg(first).arg(first + count - 1);
}
} // namespace

void ComparisonPanel::restore(const ComparisonSpec &spec, const ComparisonSettings &settings)
{
    QStringList notes;
    const std::string loaded = modelFingerprint(mModel);
    if (settings.model == "none" && mModel)
        forgetModel(tr("The reopened comparison ran no learned model."));
    else if (!settings.model.empty() && settings.model != "none" && settings.model != loaded) {
        if (settings.storedModel)
            useModel(settings.storedModel,
                     tr("checkpoint “%1” in the store").arg(q(settings.storedModelName)));
        else
            notes << tr("It ran a learned model (fingerprint %1) that is neither loaded nor in "
                        "the store: load its checkpoint in Training before running it again.")
                         .arg(q(settings.model));
    }
    const std::pair<Plane, std::string PolicySelection::*> planes[] = {
        {Plane::Dispatch, &PolicySelection::dispatch},
        {Plane::Dequeue, &PolicySelection::dequeue},
        {Plane::Orchestration, &PolicySelection::orchestration},
        {Plane::Placement, &PolicySelection::placement}};
    for (const auto &[plane, member] : planes) {
        const QStringList names = namesOf(spec.variants, member);
        choose(plane, names);
        notes << notBuiltIn(plane, names, !checked(plane).empty());
    }
    notes.removeAll(QString());
    mSeeds->setValue(int(spec.seeds.size()));
    mDuration->setText(spec.duration > 0 ? q(formatDuration(spec.duration)) : QString());

    const Scenario &open = mDocument->scenario();
    if (!settings.scenarioYaml.empty() && settings.scenarioYaml != saveScenarioText(open))
        notes << tr("It ran a scenario that differs from the open one (%1): running it again "
                    "runs the open one.")
                     .arg(q(open.name));
    const bool sameSeeds = !spec.seeds.empty() && spec.seeds.front() == open.seed &&
                           spec.seeds.back() == open.seed + spec.seeds.size() - 1;
    if (!spec.seeds.empty() && !sameSeeds)
        notes << tr("It ran seeds %1; Run uses %2, from the open scenario's seed.")
                     .arg(seedRange(spec.seeds.front(), spec.seeds.size()),
                          seedRange(open.seed, spec.seeds.size()));
    mStatus->setText(mStatus->text() + " " +
                     tr("Its settings are restored: %1 policy sets × %2 seeds%3.")
                         .arg(spec.variants.size())
                         .arg(spec.seeds.size())
                         .arg(spec.duration > 0 ? tr(", %1 each").arg(mDuration->text())
                                                : tr(", the scenario's duration")) +
                     (notes.isEmpty() ? QString() : " " + notes.join(' ')));
}

} // namespace schedlab::ui
