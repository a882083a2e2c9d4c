// SPDX-License-Identifier: GPL-3.0-or-later
#include "overlayitems.h"

#include <QBrush>
#include <QFont>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>

namespace schedlab::ui::overlay {

QGraphicsItem *quietItem(QGraphicsItem *item, QGraphicsItem *parent)
{
    item->setParentItem(parent);
    item->setCacheMode(QGraphicsItem::DeviceCoordinateCache); // redrawn only when it changes
    item->setAcceptedMouseButtons(Qt::NoButton);
    item->setAcceptHoverEvents(false);
    return item;
}

QGraphicsSimpleTextItem *text(QGraphicsItem *parent, int pt, QColor colour, bool bold)
{
    auto *t = quiet(new QGraphicsSimpleTextItem, parent);
    QFont f;
    f.setPointSize(pt);
    f.setBold(bold);
    t->setFont(f);
    t->setBrush(colour);
    return t;
}

void setText(QGraphicsSimpleTextItem *t, const QString &s)
{
    if (t->text() != s)
        t->setText(s);
}

void setPos(QGraphicsItem *i, QPointF p)
{
    if (i->pos() != p)
        i->setPos(p);
}

void setRect(QGraphicsRectItem *i, const QRectF &r)
{
    if (i->rect() != r)
        i->setRect(r);
}

void setVisible(QGraphicsItem *i, bool v)
{
    if (i->isVisible() != v)
        i->setVisible(v);
}

QString count(int n)
{
    return n >= 10000 ? QString("%1k").arg(n / 1000) : QString::number(n);
}

} // namespace schedlab::ui::overlay
