// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "snapshot.h"

#include <QElapsedTimer>
#include <QWidget>

class QCustomPlot;
class QLabel;

namespace schedlab::ui {

/**
 * One edge node of a live run: its load and queue now, its replicas per
 * service, the image layers in its cache, and load and queue over the recent slots.
 */
class NodeDetails : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMinRedrawMs = 200;

    explicit NodeDetails(QWidget *parent = nullptr);

    void setNode(int node);
    int node() const { return mNode; }
    /** Shows `snapshot` when it carries details of this panel's node. */
    void setSnapshot(const SnapshotPtr &snapshot);

    QString title() const;
    QString replicasText() const;
    QString layersText() const;
    QCustomPlot *plot() const { return mPlot; }

private:
    void showDetails(bool show);

    int mNode = -1;
    QLabel *mTitle;
    QLabel *mNow;
    QLabel *mReplicas;
    QLabel *mLayers;
    QCustomPlot *mPlot;
    QElapsedTimer mSince; ///< since the last redraw
};

} // namespace schedlab::ui
