// SPDX-License-Identifier: GPL-3.0-or-later
#include "runchoices.h"
#include "registry/buildpolicies.h"
#include "seedbox.h"

#include <QComboBox>
#include <QFormLayout>

namespace schedlab::ui {

RunChoices::RunChoices(QWidget *parent) : QWidget(parent), mForm(new QFormLayout(this))
{
    mForm->setContentsMargins(0, 0, 0, 0);
    const std::pair<Plane, QString> planes[] = {{Plane::Dispatch, tr("Dispatch")},
                                                {Plane::Dequeue, tr("Dequeue")},
                                                {Plane::Orchestration, tr("Orchestration")},
                                                {Plane::Placement, tr("Placement")}};
    for (const auto &[plane, label] : planes) {
        auto *box = new QComboBox;
        // A long name (discounted-experience) elides rather than widening the dock.
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(10);
        for (const PolicyInfo &p : policyCatalog())
            if (p.plane == plane) {
                box->addItem(QString::fromStdString(p.name));
                box->setItemData(box->count() - 1, QString::fromStdString(p.summary),
                                 Qt::ToolTipRole);
            }
        box->setObjectName(QString::fromStdString(planeName(plane)) + "Policy");
        mForm->addRow(label, box);
        mPolicies[plane] = box;
    }
    mSeed = new SeedBox;
    mSeed->setObjectName("seed");
    mSeed->setValue(1);
    mForm->addRow(tr("Seed"), mSeed);
    mForm->setRowVisible(mPolicies[Plane::Placement], false);
}

void RunChoices::setScenario(const Scenario &scenario, bool policiesToo, bool anotherFile)
{
    mForm->setRowVisible(mPolicies[Plane::Placement], scenario.hasDeployments());
    if (anotherFile || mScenarioSeed != scenario.seed)
        mSeed->setValue(scenario.seed);
    mScenarioSeed = scenario.seed;
    if (!policiesToo)
        return;
    choose(Plane::Dispatch, QString::fromStdString(scenario.policies.dispatch));
    choose(Plane::Dequeue, QString::fromStdString(scenario.policies.dequeue));
    choose(Plane::Orchestration, QString::fromStdString(scenario.policies.orchestration));
    choose(Plane::Placement, QString::fromStdString(scenario.policies.placement));
}

void RunChoices::choose(Plane plane, const QString &policy)
{
    const auto it = mPolicies.find(plane);
    if (it != mPolicies.end() && it->second->findText(policy) >= 0)
        it->second->setCurrentText(policy);
}

QString RunChoices::chosen(Plane plane) const
{
    return mPolicies.at(plane)->currentText();
}

bool RunChoices::offers(Plane plane) const
{
    return mForm->isRowVisible(mPolicies.at(plane));
}

void RunChoices::setSeed(std::uint64_t seed)
{
    mSeed->setValue(seed);
}

RunOptions RunChoices::options(const Scenario &scenario) const
{
    RunOptions o;
    o.seed = mSeed->value();
    o.policies = scenario.policies;
    o.policies.dispatch = chosen(Plane::Dispatch).toStdString();
    o.policies.dequeue = chosen(Plane::Dequeue).toStdString();
    o.policies.orchestration = chosen(Plane::Orchestration).toStdString();
    if (offers(Plane::Placement) &&
        chosen(Plane::Placement).toStdString() != o.policies.placement) {
        o.policies.placement = chosen(Plane::Placement).toStdString();
        o.policies.placementWeights.clear(); // they name the scenario's policy's plugins
    }
    return o;
}

void RunChoices::setEditable(bool editable)
{
    for (auto &[plane, box] : mPolicies)
        box->setEnabled(editable);
    mSeed->setEnabled(editable);
}

} // namespace schedlab::ui
