// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyview.h"

#include <QWheelEvent>
#include <cmath>

namespace schedlab::ui {

TopologyView::TopologyView(QWidget *parent) : QGraphicsView(parent)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setFrameShape(QFrame::NoFrame);
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

void TopologyView::wheelEvent(QWheelEvent *event)
{
    mUserZoomed = true;
    const double factor = std::pow(1.0015, event->angleDelta().y());
    scale(factor, factor);
}

void TopologyView::resizeEvent(QResizeEvent *event)
{
    QGraphicsView::resizeEvent(event);
    if (!mUserZoomed)
        fitAll();
}

} // namespace schedlab::ui
