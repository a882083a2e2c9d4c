// SPDX-License-Identifier: GPL-3.0-or-later
#include "tools.h"

#include "topologydocument.h"
#include "topologyscene.h"

#include <QApplication>
#include <QGraphicsLineItem>
#include <QPen>

namespace schedlab::ui {

ElementRef AbstractTool::elementAt(QPointF pos) const
{
    QGraphicsItem *item = mScene->elementAt(pos);
    return item ? ElementRef::parse(item->data(kPathRole).toString()) : ElementRef{};
}

void AbstractTool::selectOnly(const ElementRef &ref) const
{
    mScene->clearSelection();
    for (QGraphicsItem *i : mScene->items())
        if (i->data(kPathRole).toString() == ref.path() && i->data(kKindRole).toInt() != int(ItemKind::Link)) {
            i->setSelected(true);
            break;
        }
}

QString SelectTool::name() const { return QObject::tr("Select"); }
QString SelectTool::statusTip() const
{
    return QObject::tr("Click to select, Ctrl+click to add to the selection, drag to move; "
                       "drag on empty canvas to select an area");
}

bool SelectTool::press(QPointF pos, Qt::KeyboardModifiers modifiers)
{
    QGraphicsItem *item = mScene->elementAt(pos);
    if (!item)
        return false; // rubber band
    if (modifiers & Qt::ControlModifier) {
        item->setSelected(!item->isSelected());
        return true;
    }
    if (!item->isSelected()) {
        mScene->clearSelection();
        item->setSelected(true);
    }
    if (QGraphicsItem *movable = TopologyScene::movableFor(item)) {
        mDragName = movable->data(kLayoutNameRole).toString();
        mDragFrom = movable->data(kLayoutPointRole).toPointF();
        mDragStart = pos;
        mDragging = true;
        mMoved = false;
        ++mDragId;
    }
    return true;
}

void SelectTool::move(QPointF pos)
{
    if (!mDragging)
        return;
    // A click that wobbles a pixel is still a click, not an edit of the layout.
    if (!mMoved && (pos - mDragStart).manhattanLength() < QApplication::startDragDistance())
        return;
    mMoved = true;
    // Whole pixels keep the saved layout readable.
    const QPointF to = mDragFrom + pos - mDragStart;
    mDocument->move(mDragName.toStdString(), CanvasPoint{std::round(to.x()), std::round(to.y())},
                    mDragId);
}

void SelectTool::release(QPointF pos)
{
    move(pos);
    mDragging = false;
}

QString AddTool::name() const
{
    switch (mWhat) {
    case Site: return QObject::tr("Add Site");
    case Eap: return QObject::tr("Add eAP");
    case Node: return QObject::tr("Add Edge Node");
    case Cloud: return QObject::tr("Add Cloud");
    }
    return {};
}

QString AddTool::statusTip() const
{
    switch (mWhat) {
    case Site: return QObject::tr("Click on empty canvas to add an edge site with one eAP");
    case Eap: return QObject::tr("Click inside an edge site to add an eAP there");
    case Node: return QObject::tr("Click on an eAP (or one of its nodes) to add an edge node to it");
    case Cloud: return QObject::tr("Click anywhere to add a cloud, or VMs to the existing cloud");
    }
    return {};
}

bool AddTool::press(QPointF pos, Qt::KeyboardModifiers)
{
    const ElementRef at = elementAt(pos);
    const QPointF p(std::round(pos.x()), std::round(pos.y()));
    ElementRef added;
    switch (mWhat) {
    case Site: added = mDocument->addEdgeSite({p.x(), p.y()}); break;
    case Eap: {
        if (at.kind == ElementRef::None || mDocument->scenario().sites[at.site].kind != SiteKind::Edge)
            return true;
        QPointF origin;
        for (QGraphicsItem *i : mScene->items())
            if (i->data(kKindRole).toInt() == int(ItemKind::Site) &&
                i->data(kPathRole).toString() == QString("sites[%1]").arg(at.site))
                origin = i->data(kLayoutPointRole).toPointF();
        added = mDocument->addEap(at.site, {p.x() - origin.x(), p.y() - origin.y()});
        break;
    }
    case Node: {
        if (at.kind != ElementRef::Eap && !(at.kind == ElementRef::Node && at.eap >= 0))
            return true;
        added = mDocument->addNode(ElementRef{ElementRef::Eap, at.site, at.eap});
        break;
    }
    case Cloud: added = mDocument->addCloudNodes(); break;
    }
    if (added.kind != ElementRef::None)
        selectOnly(added);
    return true;
}

ConnectTool::~ConnectTool() { clearLine(); }

QString ConnectTool::name() const { return QObject::tr("Connect"); }
QString ConnectTool::statusTip() const
{
    return QObject::tr("Drag from a node to an eAP: that eAP then manages the node");
}

bool ConnectTool::press(QPointF pos, Qt::KeyboardModifiers)
{
    mFrom = elementAt(pos);
    if (mFrom.kind != ElementRef::Node)
        return true;
    mLine = mScene->addLine(QLineF(pos, pos), QPen(QColor(0xd5, 0x5e, 0x00), 2, Qt::DashLine));
    mLine->setZValue(100);
    return true;
}

void ConnectTool::move(QPointF pos)
{
    if (mLine)
        mLine->setLine(QLineF(mLine->line().p1(), pos));
}

void ConnectTool::release(QPointF pos)
{
    clearLine();
    if (mFrom.kind != ElementRef::Node)
        return;
    ElementRef to = elementAt(pos);
    if (to.kind == ElementRef::Node && to.eap >= 0)
        to = ElementRef{ElementRef::Eap, to.site, to.eap};
    const ElementRef moved = mDocument->reattach(mFrom, to);
    if (moved.kind != ElementRef::None)
        selectOnly(moved);
    mFrom = {};
}

void ConnectTool::clearLine()
{
    if (mLine && mLine->scene())
        mLine->scene()->removeItem(mLine);
    delete mLine;
    mLine = nullptr;
}

} // namespace schedlab::ui
