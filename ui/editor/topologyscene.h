// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <QGraphicsScene>
#include <map>
#include <set>

namespace schedlab::ui {

/** What a graphics item of the topology stands for; stored in the item's data. */
enum class ItemKind { Site, Eap, Node, Cloud, Link };
constexpr int kKindRole = 0; ///< QGraphicsItem::data key: ItemKind as int
constexpr int kPathRole = 1; ///< QGraphicsItem::data key: "sites[0].eaps[1]" style path
constexpr int kNodeNameRole = 2;
/** Movable items: the scenario `layout` key they are placed by, and the point
 *  that layout value is relative to (a site's origin for its eAPs). */
constexpr int kLayoutNameRole = 3;
constexpr int kLayoutOriginRole = 4;
constexpr int kLayoutPointRole = 5; ///< the item's current layout value
/** An aggregated scene's eAP box and the frame of its opened nodes: the eAP's name. */
constexpr int kAggregateRole = 6;
constexpr int kOpenedRole = 7;

/**
 * Mirrors a scenario's topology: edge sites as framed groups, their eAPs with
 * the nodes they manage in a grid below, the cloud as one box, LAN links
 * eAP-node and dashed WAN links eAP-cloud. Positions come from the scenario's
 * `layout` where given, else from a deterministic automatic layout. Rebuilding
 * keeps the selection (by key path).
 *
 * Above kAggregateAbove edge nodes the scene is aggregated: each eAP is one box
 * (its nodes, cores, arch mix) in a grid per site, placed automatically. An eAP
 * opened by the user shows its nodes in a band below its row of the grid.
 */
class TopologyScene : public QGraphicsScene
{
    Q_OBJECT

public:
    explicit TopologyScene(QObject *parent = nullptr);

    /** Edge nodes above which every eAP is drawn as one aggregate box. */
    static constexpr int kAggregateAbove = 400;

    void setScenario(const Scenario &scenario);
    /** True when the eAPs are drawn as aggregates (see kAggregateAbove). */
    bool aggregated() const { return mAggregated; }
    /** Whether the eAP named `eap` shows its nodes (always true when not aggregated). */
    bool isOpen(const QString &eap) const;
    /** Opens or closes an aggregated eAP; `byZoom` opens it until closeZoomOpened(). */
    void setOpen(const QString &eap, bool open, bool byZoom = false);
    /** Closes the eAPs opened by zooming in. */
    void closeZoomOpened();
    /** The eAP name of the aggregate box or opened band at `pos`, or empty. */
    QString aggregateAt(QPointF pos) const;
    /** Opens the eAP that holds the edge node `name` to show it, closing the one
     *  opened to show another (unless the user opened it); false if there is none. */
    bool revealNode(const QString &name);
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
    /** Selects what draws the scenario tree's row `path` and `name` (that one node,
     *  opening its aggregated eAP) and returns it. A row without an item of its own
     *  (a cloud VM) selects nothing and returns the item it is part of, to be shown. */
    QGraphicsItem *selectRow(const QString &path, const QString &name);

    static QColor archColour(const std::string &arch);

Q_SIGNALS:
    /** The scene was rebuilt because an eAP opened or closed: overlays re-place their items. */
    void relaidOut();

private:
    void rebuild();
    /** Adds a site's eAPs and nodes; returns the rectangle they cover. */
    QRectF addSite(int s, QPointF origin, std::vector<QPointF> &eapAnchors);
    /** The same as eAP aggregates in a grid, opened ones with a band of their nodes. */
    QRectF addAggregatedSite(int s, QPointF origin, std::vector<QPointF> &eapAnchors);
    /** Opens `eap` to show a selection in it, in place of the last one so opened. */
    void reveal(const QString &eap);

    std::vector<SiteSpec> mSites;
    std::map<std::string, CanvasPoint> mLayout;
    bool mAggregated = false;
    std::set<QString> mOpened, mZoomOpened; ///< eAP names
    QString mRevealed;                      ///< the eAP opened to show the selection, if any
};

} // namespace schedlab::ui
