// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "registry/registry.h"
#include "engine/engine.h"
#include "registry/buildpolicies.h"

#include <QWidget>
#include <map>
#include <optional>

class QComboBox;
class QFormLayout;

namespace schedlab::ui {

class SeedBox;

/**
 * What a live run is started with: a policy per plane (the placement plane
 * only for scenarios with deployments) and the seed.
 */
class RunChoices : public QWidget
{
    Q_OBJECT

public:
    explicit RunChoices(QWidget *parent = nullptr);

    /** Takes what to offer, the scenario's policies when `policiesToo`, and its seed
     *  when `anotherFile` or when it differs from the last scenario's: an edit of the
     *  seed follows, a seed chosen here stays through other edits. */
    void setScenario(const Scenario &scenario, bool policiesToo, bool anotherFile);
    void choose(Plane plane, const QString &policy);
    QString chosen(Plane plane) const;
    void setSeed(std::uint64_t seed);
    /** The scenario's policies with this widget's choices over them. */
    RunOptions options(const Scenario &scenario) const;
    /** Choices are locked while a run is under way. */
    void setEditable(bool editable);
    bool offers(Plane plane) const;

private:
    QFormLayout *mForm;
    std::map<Plane, QComboBox *> mPolicies;
    SeedBox *mSeed;
    std::optional<std::uint64_t> mScenarioSeed;
};

} // namespace schedlab::ui
