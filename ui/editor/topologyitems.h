// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"
#include "topologyscene.h"

#include <QLineF>
#include <QRectF>

class QGraphicsItem;

/** The graphics items the topology is drawn with; the scene places them. */
namespace schedlab::ui::items {

QColor archColour(const std::string &arch);
void tag(QGraphicsItem *item, ItemKind kind, const QString &path, const QString &name = {});

QGraphicsItem *eapBox(const QRectF &r, const QString &name, int nodes);
QGraphicsItem *nodeBox(const QRectF &r, const NodeSpec &group, const QString &name);
QGraphicsItem *siteFrame(const QRectF &r, const QString &title);
QGraphicsItem *cloudBox(const QRectF &r, const QString &name, int vms, double cores);
QGraphicsItem *lanLink(const QLineF &line);
QGraphicsItem *wanLink(const QLineF &line);

} // namespace schedlab::ui::items
