// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "elementref.h"

#include <QPointF>
#include <QString>
#include <Qt>

class QGraphicsLineItem;
class QGraphicsItem;

namespace schedlab::ui {

class TopologyDocument;
class TopologyScene;

/**
 * An editing mode of the topology view (Tiled's AbstractTool). The view hands
 * it mouse events in scene coordinates; a tool that returns false lets the view
 * do its default (rubber-band selection).
 */
class AbstractTool
{
public:
    AbstractTool(TopologyDocument *document, TopologyScene *scene)
        : mDocument(document), mScene(scene)
    {
    }
    virtual ~AbstractTool() = default;
    virtual QString name() const = 0;
    virtual QString statusTip() const = 0;
    virtual Qt::CursorShape cursor() const { return Qt::ArrowCursor; }
    virtual bool press(QPointF pos, Qt::KeyboardModifiers modifiers) = 0;
    virtual void move(QPointF pos) {}
    virtual void release(QPointF pos) {}

protected:
    ElementRef elementAt(QPointF pos) const;
    void selectOnly(const ElementRef &ref) const;

    TopologyDocument *mDocument;
    TopologyScene *mScene;
};

/** Select, multi-select (Ctrl) and drag sites, eAPs (with their nodes) and the cloud. */
class SelectTool : public AbstractTool
{
public:
    using AbstractTool::AbstractTool;
    QString name() const override;
    QString statusTip() const override;
    bool press(QPointF pos, Qt::KeyboardModifiers modifiers) override;
    void move(QPointF pos) override;
    void release(QPointF pos) override;

private:
    QString mDragName;
    QPointF mDragStart, mDragFrom;
    int mDragId = 0;
    bool mDragging = false;
    bool mMoved = false; ///< past the drag distance: a click alone moves nothing
};

/** Click to add an edge site, an eAP (in a site), an edge node (on an eAP) or cloud VMs. */
class AddTool : public AbstractTool
{
public:
    enum What { Site, Eap, Node, Cloud };
    AddTool(TopologyDocument *document, TopologyScene *scene, What what)
        : AbstractTool(document, scene), mWhat(what)
    {
    }
    QString name() const override;
    QString statusTip() const override;
    Qt::CursorShape cursor() const override { return Qt::CrossCursor; }
    bool press(QPointF pos, Qt::KeyboardModifiers modifiers) override;

private:
    What mWhat;
};

/** Drag from an edge node (or cloud VM group) to an eAP: that eAP now manages it. */
class ConnectTool : public AbstractTool
{
public:
    using AbstractTool::AbstractTool;
    ~ConnectTool() override;
    QString name() const override;
    QString statusTip() const override;
    Qt::CursorShape cursor() const override { return Qt::CrossCursor; }
    bool press(QPointF pos, Qt::KeyboardModifiers modifiers) override;
    void move(QPointF pos) override;
    void release(QPointF pos) override;

private:
    void clearLine();
    ElementRef mFrom;
    QGraphicsLineItem *mLine = nullptr;
};

} // namespace schedlab::ui
