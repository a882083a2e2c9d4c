// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QElapsedTimer>
#include <QGraphicsObject>
#include <QTimer>
#include <vector>

namespace schedlab::ui {

/**
 * The requests moving over the live canvas: a fixed pool of dots, each flying
 * from an eAP to its target in kFlightMs of wall time, all drawn by this one
 * item (one paint call and no scene index updates per dot).
 */
class LiveDots : public QGraphicsObject
{
    Q_OBJECT

public:
    static constexpr int kPool = 160;
    static constexpr int kFlightMs = 600;

    struct Flight
    {
        QPointF from, to;
        bool cloud = false;
    };

    explicit LiveDots(const QRectF &area, QGraphicsItem *parent = nullptr);

    /** Starts some of `flights` (a sample of one snapshot's dispatches). While
     *  running, as many as keep the pool about full at the snapshot rate; after a
     *  step or pause, a burst showing that slot. Reuses the oldest dots. */
    void launch(const std::vector<Flight> &flights, bool running);
    /** Dots drawn now. */
    int visible() const { return int(mDrawn.size()); }

    QRectF boundingRect() const override { return mArea; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) override;

private:
    struct Dot
    {
        Flight flight;
        qint64 start = 0;
        bool active = false;
    };
    void animate();

    QRectF mArea;
    std::vector<Dot> mDots;
    std::vector<std::pair<QPointF, bool>> mDrawn; ///< position, to the cloud
    int mNext = 0;
    QTimer mFrame;
    QElapsedTimer mClock;
    qint64 mLastLaunch = 0;
};

} // namespace schedlab::ui
