// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "registry/registry.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"

#include <QWidget>
#include <map>

class QComboBox;
class QFormLayout;
class QSpinBox;

namespace schedlab::ui {

/**
 * What a live run is started with: a policy per plane (the placement plane
 * only for scenarios with deployments) and the seed.
 */
class RunChoices : public QWidget
{
    Q_OBJECT

public:
    explicit RunChoices(QWidget *parent = nullptr);

    /** Takes the scenario's policies and seed (`policiesToo` false: only what to offer). */
    void setScenario(const Scenario &scenario, bool policiesToo);
    void choose(Plane plane, const QString &policy);
    QString chosen(Plane plane) const;
    void setSeed(int seed);
    /** The scenario's policies with this widget's choices over them. */
    RunOptions options(const Scenario &scenario) const;
    /** Choices are locked while a run is under way. */
    void setEditable(bool editable);
    bool offers(Plane plane) const;

private:
    QFormLayout *mForm;
    std::map<Plane, QComboBox *> mPolicies;
    QSpinBox *mSeed;
};

} // namespace schedlab::ui
