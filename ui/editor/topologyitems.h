// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "topologyscene.h"

#include <QLineF>
#include <QRectF>
#include <utility>
#include <vector>

class QGraphicsItem;

/** The graphics items the topology is drawn with; the scene places them. */
namespace schedlab::ui::items {

constexpr qreal kNodeW = 132, kNodeH = 62, kGap = 14, kSiteTitle = 34;
/** An aggregated eAP's box, its dark header, and the strip at its foot a live run writes in. */
constexpr qreal kAggregateW = 180, kAggregateH = 108, kAggregateHeader = 32, kAggregateLive = 84;

/** What an aggregated eAP's box shows. */
struct EapSummary
{
    QString name;
    int nodes = 0;
    double cores = 0;
    std::vector<std::pair<std::string, int>> archs; ///< nodes per architecture, in first-seen order
    bool open = false;
};

QColor archColour(const std::string &arch);
int nodeCount(const EapSpec &eap);
EapSummary summarise(const EapSpec &eap);
void tag(QGraphicsItem *item, ItemKind kind, const QString &path, const QString &name = {});
/** Marks an item as placed by the scenario's `layout` entry `name`, relative to `origin`. */
void makeMovable(QGraphicsItem *item, const std::string &name, QPointF origin, QPointF at);

QGraphicsItem *eapBox(const QRectF &r, const QString &name, int nodes);
QGraphicsItem *nodeBox(const QRectF &r, const NodeSpec &group, const QString &name);
QGraphicsItem *siteFrame(const QRectF &r, const QString &title);
/** An eAP drawn as one box: name, nodes, cores and a bar of its architectures. */
QGraphicsItem *aggregateBox(const QRectF &r, const EapSummary &eap);
/** The frame an opened aggregate's nodes are drawn in. */
QGraphicsItem *openedFrame(const QRectF &r, const QString &title);
QGraphicsItem *cloudBox(const QRectF &r, const QString &name, int vms, double cores);
QGraphicsItem *lanLink(const QLineF &line);
QGraphicsItem *wanLink(const QLineF &line);

} // namespace schedlab::ui::items
