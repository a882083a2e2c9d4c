// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <QDockWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace schedlab::ui {

/**
 * The scenario as a tree: sites, eAPs and nodes; services; images and their
 * variants. The node rows of an eAP or site are made when it is first expanded, so
 * a site of ten thousand nodes opens as fast as a small one.
 */
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
    /** Adds the node rows of the eAP or site `row` stands for, once. */
    void fill(QTreeWidgetItem *row);

    QTreeWidget *mTree;
    std::vector<SiteSpec> mSites;
};

} // namespace schedlab::ui
