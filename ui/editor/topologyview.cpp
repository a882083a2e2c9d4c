// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyview.h"

#include "tools.h"
#include "topologyscene.h"

#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>
#include <cmath>

namespace schedlab::ui {

TopologyView::TopologyView(QWidget *parent) : QGraphicsView(parent)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setFrameShape(QFrame::NoFrame);
    // A live run changes items all over the view: one rectangle repaints faster
    // than a region of many small ones.
    setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
}

void TopologyView::fitAll()
{
    mUserZoomed = false;
    if (scene())
        fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    // A small topology grows a little, not to poster size.
    constexpr qreal kMaxScale = 1.5;
    if (transform().m11() > kMaxScale)
        setTransform(QTransform::fromScale(kMaxScale, kMaxScale));
}

void TopologyView::keepFitted()
{
    if (mUserZoomed || !scene())
        return;
    const QRectF shown = mapToScene(viewport()->rect()).boundingRect();
    if (!shown.contains(scene()->sceneRect()))
        fitAll();
}

void TopologyView::setTool(AbstractTool *tool)
{
    mTool = tool;
    mToolActive = false;
    viewport()->setCursor(tool ? tool->cursor() : Qt::ArrowCursor);
}

void TopologyView::wheelEvent(QWheelEvent *event)
{
    zoomAt(mapToScene(event->position().toPoint()), std::pow(1.0015, event->angleDelta().y()));
}

void TopologyView::zoomAt(QPointF at, qreal factor)
{
    mUserZoomed = true;
    const QPointF before = mapFromScene(at);
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(NoAnchor);
    scale(factor, factor);
    setTransformationAnchor(anchor);
    // Keeps `at` where it was on screen (the wheel's anchor does the same for the cursor).
    const QPointF moved = mapFromScene(at) - before;
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + qRound(moved.x()));
    verticalScrollBar()->setValue(verticalScrollBar()->value() + qRound(moved.y()));
    auto *topology = qobject_cast<TopologyScene *>(scene());
    if (!topology || !topology->aggregated())
        return;
    if (transform().m11() < kOpenScale) {
        topology->closeZoomOpened();
        return;
    }
    const QString eap = topology->aggregateAt(at);
    if (!eap.isEmpty())
        topology->setOpen(eap, true, true);
}

void TopologyView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (!mUserZoomed)
        fitAll();
}

void TopologyView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::MiddleButton) {
        mPanning = true;
        mPanFrom = event->pos();
        viewport()->setCursor(Qt::ClosedHandCursor);
        return;
    }
    if (event->button() == Qt::LeftButton && mTool &&
        mTool->press(mapToScene(event->pos()), event->modifiers())) {
        mToolActive = true;
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void TopologyView::mouseMoveEvent(QMouseEvent *event)
{
    if (mPanning) {
        const QPoint d = event->pos() - mPanFrom;
        mPanFrom = event->pos();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        return;
    }
    if (mToolActive) {
        mTool->move(mapToScene(event->pos()));
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void TopologyView::mouseReleaseEvent(QMouseEvent *event)
{
    if (mPanning && event->button() == Qt::MiddleButton) {
        mPanning = false;
        viewport()->setCursor(mTool ? mTool->cursor() : Qt::ArrowCursor);
        return;
    }
    if (mToolActive && event->button() == Qt::LeftButton) {
        mToolActive = false;
        mTool->release(mapToScene(event->pos()));
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void TopologyView::mouseDoubleClickEvent(QMouseEvent *event)
{
    auto *topology = qobject_cast<TopologyScene *>(scene());
    const QString eap = topology && event->button() == Qt::LeftButton
                            ? topology->aggregateAt(mapToScene(event->pos()))
                            : QString();
    if (eap.isEmpty()) {
        QGraphicsView::mouseDoubleClickEvent(event);
        return;
    }
    topology->setOpen(eap, !topology->isOpen(eap));
}

} // namespace schedlab::ui
