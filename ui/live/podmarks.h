// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "snapshot.h"

#include <QElapsedTimer>
#include <QRectF>
#include <vector>

class QGraphicsItem;
class QGraphicsSimpleTextItem;

namespace schedlab::ui {

/**
 * The pods of a live run on the canvas: a count of the pods running on each
 * node, and a short-lived red mark on a node where a pod failed (ImagePullError,
 * ContainerCreateError). Its items hang under the overlay's root, which owns them.
 */
class PodMarks
{
public:
    static constexpr int kFailureMs = 2500; ///< wall time a failure mark stays up

    PodMarks(const std::vector<QRectF> &nodes, QGraphicsItem *root);

    void update(const Snapshot &snapshot);

    /** "3 pods", or empty. */
    QString badge(int node) const;
    /** The failure mark's text while it is up, else empty. */
    QString failure(int node) const;

private:
    struct Marks
    {
        QRectF rect;
        QGraphicsSimpleTextItem *count = nullptr;
        QGraphicsSimpleTextItem *failure = nullptr;
        qint64 failedAt = -1; ///< mClock ms of the last failure, or -1
    };
    std::vector<Marks> mNodes;
    QElapsedTimer mClock;
};

} // namespace schedlab::ui
