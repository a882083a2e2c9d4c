// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "snapshot.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace schedlab::ui {

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
    QTableWidget *destinations() const { return mDestinations; }
    QTableWidget *drops() const { return mDrops; }
    QTableWidget *idle() const { return mIdle; }
    QLabel *hints() const { return mHints; }

private:
    void show(const RunExplanation &e);

    QLabel *mSummary;
    QTableWidget *mDestinations;
    QTableWidget *mDrops;
    QTableWidget *mIdle;
    QLabel *mHints;
    std::shared_ptr<const RunExplanation> mShown;
};

} // namespace schedlab::ui
