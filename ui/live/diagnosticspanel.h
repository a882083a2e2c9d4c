// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "snapshot.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace schedlab::ui {

class FittedTable;

/**
 * A live run explained, at a pause, a step or its end (`run --explain` of the
 * CLI): where the requests went, per destination; the drops by cause; the edge
 * nodes that served nothing and why; hints that follow from those facts.
 */
class DiagnosticsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit DiagnosticsPanel(QWidget *parent = nullptr);

    /** Shows the snapshot's explanation; one taken while running leaves the last. */
    void setSnapshot(const SnapshotPtr &snapshot);
    /** Forgets the run (a new one, or another scenario). */
    void clear();

    QLabel *summary() const { return mSummary; }
    QTableWidget *destinations() const;
    QTableWidget *drops() const;
    QTableWidget *idle() const;
    QLabel *hints() const { return mHints; }

private:
    void explain(const RunExplanation &e);

    QLabel *mSummary;
    FittedTable *mDestinations;
    FittedTable *mDrops;
    FittedTable *mIdle;
    QLabel *mHints;
    std::shared_ptr<const RunExplanation> mShown;
};

} // namespace schedlab::ui
