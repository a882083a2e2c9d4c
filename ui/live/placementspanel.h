// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "snapshot.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QTableWidget;

namespace schedlab::ui {

/**
 * The placement plane of a live run, as the Kubernetes scheduler simulator shows
 * it: the recent decisions, and for the one selected "why this node": a row per
 * node (the chosen one first and highlighted, the filtered-out ones greyed with
 * the plugin and reason that rejected them), a column per plugin (filter verdict,
 * normalised score × weight) and the weighted total. The plugins that decided come
 * first, and a tie is named with the rule that broke it.
 */
class PlacementsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit PlacementsPanel(QWidget *parent = nullptr);

    /** Takes the snapshot's decisions; redraws only when a new one was made. */
    void setSnapshot(const SnapshotPtr &snapshot);
    /** Forgets the decisions (a new run). */
    void clear();
    /** Shows decision `index` of the list (0 = the newest). */
    void selectDecision(int index);

    QListWidget *list() const { return mList; }
    QTableWidget *table() const { return mTable; }
    /** The decision the table shows, or null. */
    const LivePlacement *shown() const { return mShown.get(); }
    /** The edge node of table row `row`. */
    int rowNode(int row) const;
    /** The table column of plugin `plugin` (framework order) in the decision shown. */
    int pluginColumn(int plugin) const;
    QString summaryText() const;

    /** "NodeResourcesFit" → "Node\nResources\nFit". */
    static QString headerText(const std::string &plugin);
    /** "worker-2", "unschedulable", "worker-2 · ImagePullError" */
    static QString outcome(const LivePlacement &decision, const LiveLayout &layout);
    /**
     * The plugins in column order: first the scores that favoured the chosen node over
     * the runner-up (the feasible node with the next best total), largest margin first;
     * then the filters that rejected nodes; then the scores that favoured the runner-up;
     * then the rest, in framework order.
     */
    static std::vector<int> pluginOrder(const LivePlacement &decision);
    /** "Tie at 150.0 between worker-1 and worker-2: ...", or empty without a tie. */
    static QString tieText(const LivePlacement &decision, const LiveLayout &layout);
    /** "Decided by LayerSharing (+30.0 over worker-1), ...", or how else it was decided. */
    static QString decidedText(const LivePlacement &decision, const LiveLayout &layout);

private:
    void listChanged();
    void show(const std::shared_ptr<const LivePlacement> &decision);

    QLabel *mCount;
    QListWidget *mList;
    QLabel *mSummary;
    QTableWidget *mTable;
    std::shared_ptr<const LiveLayout> mLayout;
    std::shared_ptr<const LivePlacementList> mDecisions; ///< newest last
    std::shared_ptr<const LivePlacement> mShown;
    std::vector<int> mOrder; ///< plugin of each plugin column, as pluginOrder()
    bool mFollow = true; ///< the newest decision is shown as it arrives
};

} // namespace schedlab::ui
