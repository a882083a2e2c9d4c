// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "snapshot.h"

#include <QObject>
#include <QPointer>
#include <QRectF>
#include <memory>
#include <vector>

class QGraphicsItem;
class QGraphicsLineItem;
class QGraphicsObject;
class QGraphicsRectItem;
class QGraphicsScene;
class QGraphicsSimpleTextItem;

namespace schedlab::ui {

class LiveDots;
class PodMarks;

/**
 * Draws a live run over the topology scene: nodes tinted by load, queue bars at
 * nodes and eAPs, pull and drop marks, WAN links by load and request dots moving
 * from eAPs to their targets (LiveDots), pods per node and failed pods
 * (PodMarks). All items hang under one root item and are made
 * once per run; a snapshot only changes their geometry and colours. Dots come
 * from a fixed pool, so the item count stays bounded however busy the run.
 */
class LiveOverlay : public QObject
{
    Q_OBJECT

public:
    explicit LiveOverlay(QGraphicsScene *scene, QObject *parent = nullptr);
    ~LiveOverlay() override;

    void setSnapshot(const SnapshotPtr &snapshot);
    /** Removes every overlay item (the run ended or was stopped). */
    void clear();
    /** Makes the items again from the last snapshot, after the scene was rebuilt. */
    void rebuild();
    SnapshotPtr snapshot() const { return mSnapshot; }

    /** Load → colour: green (idle) through yellow (1 per core) to red (2 and more). */
    static QColor loadColour(double load);

    // For tests and the details panel.
    QColor nodeColour(int node) const;
    double queueBarHeight(int node) const;
    double eapBarWidth(int eap) const;
    /** An aggregated eAP's tint (its nodes' load per core), or invalid when drawn plainly. */
    QColor eapColour(int eap) const;
    /** An aggregated eAP's live line ("load 0.84 · q 12"), or empty. */
    QString eapLine(int eap) const;
    int itemCount() const;
    int visibleDots() const;
    bool pullShown(int node) const;
    /** "3 pods" on the node, or empty. */
    QString podBadge(int node) const;
    /** The failed-pod mark on the node while it is up, or empty. */
    QString podFailure(int node) const;
    /** The edge node of the selected scene item, or -1. */
    int selectedNode() const;

Q_SIGNALS:
    void nodeSelected(int node);

private:
    struct NodeItems
    {
        QRectF rect;
        QGraphicsItem *tint = nullptr;
        QGraphicsRectItem *queue = nullptr;
        QGraphicsSimpleTextItem *queueText = nullptr;
        QGraphicsSimpleTextItem *pull = nullptr;
        QGraphicsSimpleTextItem *drop = nullptr;
    };
    struct EapItems
    {
        QRectF rect;
        QGraphicsRectItem *queue = nullptr;
        QGraphicsSimpleTextItem *queueText = nullptr;
        QGraphicsLineItem *wan = nullptr;
        // An aggregated eAP stands for its nodes: their load, busy cores and queues.
        bool aggregate = false;
        QGraphicsItem *tint = nullptr;
        QGraphicsRectItem *busy = nullptr;
        QGraphicsSimpleTextItem *line = nullptr;
    };
    /** Sums over an aggregated eAP's nodes. */
    struct EapSums
    {
        double cores = 0, load = 0, busy = 0;
        int queue = 0, dropped = 0;
    };
    bool build(const LiveLayout &layout);
    /** False (and forgets its items) when a scene rebuild deleted them. */
    bool alive();
    void update(const Snapshot &s);
    void buildAggregate(EapItems &e, QGraphicsItem *root);
    void updateAggregates(const Snapshot &s);
    void launch(const Snapshot &s);
    void selectionChanged();

    QGraphicsScene *mScene;
    QPointer<QGraphicsObject> mRoot;
    std::shared_ptr<const LiveLayout> mLayout;
    SnapshotPtr mSnapshot;
    std::vector<NodeItems> mNodes;
    std::vector<EapItems> mEaps;
    std::vector<EapSums> mSums;
    bool mAggregates = false;
    QRectF mCloudRect;
    QGraphicsSimpleTextItem *mCloudText = nullptr;
    LiveDots *mDots = nullptr;       ///< a child of mRoot
    std::unique_ptr<PodMarks> mPods; ///< its items are children of mRoot
};

} // namespace schedlab::ui
