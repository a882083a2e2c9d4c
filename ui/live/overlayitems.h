// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>

class QGraphicsItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QPointF;
class QRectF;

/** Helpers for the live overlay's items: made quiet, changed only when a value changes. */
namespace schedlab::ui::overlay {

/** Parents `item`, caches it as a pixmap and makes it ignore the mouse. */
QGraphicsItem *quietItem(QGraphicsItem *item, QGraphicsItem *parent);
template <typename T> T *quiet(T *item, QGraphicsItem *parent)
{
    quietItem(item, parent);
    return item;
}
QGraphicsSimpleTextItem *text(QGraphicsItem *parent, int pt, QColor colour, bool bold = true);

// Setters that leave an unchanged item alone: every real change costs a repaint.
void setText(QGraphicsSimpleTextItem *t, const QString &s);
void setPos(QGraphicsItem *i, QPointF p);
void setRect(QGraphicsRectItem *i, const QRectF &r);
void setVisible(QGraphicsItem *i, bool v);

/** 9999, then "12k". */
QString count(int n);

} // namespace schedlab::ui::overlay
