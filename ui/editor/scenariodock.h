// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <QDockWidget>

class QTreeWidget;

namespace schedlab::ui {

/** The scenario as a tree: sites, eAPs and nodes; services; images and their variants. */
class ScenarioDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit ScenarioDock(QWidget *parent = nullptr);
    void setScenario(const Scenario &scenario);
    /** Selects the row of the item at `path` (e.g. "sites[0].eaps[1]"), if any. */
    void select(const QString &path, const QString &nodeName);

Q_SIGNALS:
    void pathActivated(const QString &path, const QString &nodeName);

private:
    QTreeWidget *mTree;
};

} // namespace schedlab::ui
