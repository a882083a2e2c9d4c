// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <QGraphicsScene>

namespace schedlab::ui {

/** What a graphics item of the topology stands for; stored in the item's data. */
enum class ItemKind { Site, Eap, Node, Cloud, Link };
constexpr int kKindRole = 0;    ///< QGraphicsItem::data key: ItemKind as int
constexpr int kPathRole = 1;    ///< QGraphicsItem::data key: "sites[0].eaps[1]" style path
constexpr int kNodeNameRole = 2;
/** Movable items: the scenario `layout` key they are placed by, and the point
 *  that layout value is relative to (a site's origin for its eAPs). */
constexpr int kLayoutNameRole = 3;
constexpr int kLayoutOriginRole = 4;
constexpr int kLayoutPointRole = 5; ///< the item's current layout value

/**
 * Mirrors a scenario's topology: edge sites as framed groups, their eAPs with
 * the nodes they manage in a grid below, the cloud as one box, LAN links
 * eAP-node and dashed WAN links eAP-cloud. Positions come from the scenario's
 * `layout` where given, else from a deterministic automatic layout. Rebuilding
 * keeps the selection (by key path).
 */
class TopologyScene : public QGraphicsScene
{
    Q_OBJECT

public:
    explicit TopologyScene(QObject *parent = nullptr);

    void setScenario(const Scenario &scenario);
    int count(ItemKind kind) const;
    /** The topmost item standing for a model element (not a link or a label) at `pos`. */
    QGraphicsItem *elementAt(QPointF pos) const;
    /** The item that moves when `item` is dragged: an eAP, a site frame or the cloud. */
    static QGraphicsItem *movableFor(QGraphicsItem *item);
    QStringList selectedPaths() const;
    void selectPaths(const QStringList &paths);
    /** Selects the items of the site, eAP or node group at `path` (every node of a
     *  group) and nothing else; returns one of them, or null when none is drawn. */
    QGraphicsItem *selectElement(const QString &path);

    static QColor archColour(const std::string &arch);
};

} // namespace schedlab::ui
