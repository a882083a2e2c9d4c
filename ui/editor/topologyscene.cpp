// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyscene.h"

#include "topologyitems.h"

#include <QGraphicsItem>
#include <algorithm>

namespace schedlab::ui {

namespace {
constexpr qreal kNodeW = 132, kNodeH = 62, kGap = 14, kEapW = 160, kEapH = 44, kRowGap = 70;
constexpr qreal kSitePad = 22, kSiteTitle = 34, kMaxRowWidth = 2400;
constexpr int kMaxColumns = 5;

QString text(const std::string &s) { return QString::fromStdString(s); }

const CanvasPoint *placed(const Scenario &s, const std::string &name)
{
    const auto it = s.layout.find(name);
    return it == s.layout.end() ? nullptr : &it->second;
}

QPointF point(CanvasPoint p) { return {p.x, p.y}; }

int nodeCount(const EapSpec &eap)
{
    int n = 0;
    for (const NodeSpec &g : eap.nodes)
        n += std::max(1, g.count);
    return n;
}

/** Where the eAPs of an edge site go when the layout does not say: rows that wrap. */
std::vector<QPointF> flowEaps(const SiteSpec &site)
{
    std::vector<QPointF> at;
    qreal x = 0, rowTop = kSiteTitle, rowBottom = kSiteTitle;
    for (const EapSpec &eap : site.eaps) {
        const int columns = std::clamp(nodeCount(eap), 1, kMaxColumns);
        const qreal groupW = std::max(kEapW, columns * (kNodeW + kGap) - kGap);
        if (x > 0 && x + groupW > kMaxRowWidth) {
            x = 0;
            rowTop = rowBottom + kRowGap / 2;
        }
        at.emplace_back(x, rowTop);
        const int rows = (std::max(nodeCount(eap), 1) + columns - 1) / columns;
        rowBottom = std::max(rowBottom, rowTop + kEapH + kRowGap + rows * (kNodeH + kGap) - kGap);
        x += groupW + 3 * kGap;
    }
    return at;
}

void makeMovable(QGraphicsItem *item, const std::string &name, QPointF origin, QPointF at)
{
    item->setData(kLayoutNameRole, text(name));
    item->setData(kLayoutOriginRole, origin);
    item->setData(kLayoutPointRole, at);
}
} // namespace

TopologyScene::TopologyScene(QObject *parent) : QGraphicsScene(parent)
{
    setBackgroundBrush(QColor(0xf6, 0xf7, 0xf9));
}

QColor TopologyScene::archColour(const std::string &arch) { return items::archColour(arch); }

int TopologyScene::count(ItemKind kind) const
{
    const auto all = items();
    return int(std::count_if(all.begin(), all.end(), [kind](const QGraphicsItem *i) {
        return i->data(kKindRole).isValid() && i->data(kKindRole).toInt() == int(kind);
    }));
}

QGraphicsItem *TopologyScene::elementAt(QPointF pos) const
{
    for (QGraphicsItem *i : items(pos)) {
        for (QGraphicsItem *p = i; p; p = p->parentItem())
            if (p->data(kKindRole).isValid() && p->data(kKindRole).toInt() != int(ItemKind::Link))
                return p;
    }
    return nullptr;
}

QGraphicsItem *TopologyScene::movableFor(QGraphicsItem *item)
{
    if (!item)
        return nullptr;
    if (item->data(kLayoutNameRole).isValid())
        return item;
    if (item->data(kKindRole).toInt() == int(ItemKind::Node) && item->scene()) {
        // A node drags its eAP and the whole group with it.
        const QString path = item->data(kPathRole).toString();
        const QString eapPath = path.left(path.lastIndexOf(".nodes["));
        for (QGraphicsItem *i : item->scene()->items())
            if (i->data(kKindRole).toInt() == int(ItemKind::Eap) &&
                i->data(kPathRole).toString() == eapPath)
                return i;
    }
    return nullptr;
}

QStringList TopologyScene::selectedPaths() const
{
    QStringList paths;
    for (QGraphicsItem *i : selectedItems())
        paths << i->data(kPathRole).toString() + '|' + i->data(kNodeNameRole).toString();
    return paths;
}

void TopologyScene::selectPaths(const QStringList &paths)
{
    for (QGraphicsItem *i : items())
        if (i->flags() & QGraphicsItem::ItemIsSelectable)
            i->setSelected(paths.contains(i->data(kPathRole).toString() + '|' +
                                          i->data(kNodeNameRole).toString()));
}

QGraphicsItem *TopologyScene::selectElement(const QString &path)
{
    QGraphicsItem *first = nullptr;
    for (QGraphicsItem *i : items())
        if (i->flags() & QGraphicsItem::ItemIsSelectable) {
            const bool it = i->data(kPathRole).toString() == path;
            i->setSelected(it);
            if (it && !first)
                first = i;
        }
    return first;
}

void TopologyScene::setScenario(const Scenario &scenario)
{
    const QStringList selection = selectedPaths();
    const QSignalBlocker quiet(this); // one selectionChanged at the end, not one per item
    clear();
    qreal autoY = 0, widest = 0;
    std::vector<QPointF> eapAnchors;

    for (int s = 0; s < int(scenario.sites.size()); ++s) {
        const SiteSpec &site = scenario.sites[s];
        if (site.kind != SiteKind::Edge)
            continue;
        const QString sitePath = QString("sites[%1]").arg(s);
        const CanvasPoint *sitePlaced = placed(scenario, site.name);
        const QPointF origin = sitePlaced ? point(*sitePlaced) : QPointF(0, autoY);
        const std::vector<QPointF> flow = flowEaps(site);
        QRectF content(origin + QPointF(0, kSiteTitle), QSizeF(kEapW, kEapH));

        for (int e = 0; e < int(site.eaps.size()); ++e) {
            const EapSpec &eap = site.eaps[e];
            const CanvasPoint *eapPlaced = placed(scenario, eap.name);
            const QPointF rel = eapPlaced ? point(*eapPlaced) : flow[e];
            const QPointF at = origin + rel;
            const int nodes = nodeCount(eap);
            const int columns = std::clamp(nodes, 1, kMaxColumns);
            const qreal groupW = std::max(kEapW, columns * (kNodeW + kGap) - kGap);
            const QString eapPath = sitePath + QString(".eaps[%1]").arg(e);

            const QRectF eapRect(at.x() + groupW / 2 - kEapW / 2, at.y(), kEapW, kEapH);
            QGraphicsItem *eapItem = items::eapBox(eapRect, text(eap.name), nodes);
            addItem(eapItem);
            items::tag(eapItem, ItemKind::Eap, eapPath, text(eap.name));
            makeMovable(eapItem, eap.name, origin, rel);
            eapAnchors.push_back(QPointF(eapRect.center().x(), eapRect.top()));
            content |= eapRect;

            const qreal gridTop = at.y() + kEapH + kRowGap;
            int k = 0;
            for (int g = 0; g < int(eap.nodes.size()); ++g) {
                const NodeSpec &group = eap.nodes[g];
                for (int i = 1; i <= std::max(1, group.count); ++i, ++k) {
                    const QRectF r(at.x() + (k % columns) * (kNodeW + kGap),
                                   gridTop + (k / columns) * (kNodeH + kGap), kNodeW, kNodeH);
                    if (k < columns) { // links to the first row; the rows below hang under them
                        QGraphicsItem *link = items::lanLink(
                            QLineF(eapRect.center().x(), eapRect.bottom(), r.center().x(), r.top()));
                        addItem(link);
                        items::tag(link, ItemKind::Link, eapPath);
                    }
                    QGraphicsItem *node = items::nodeBox(r, group, text(group.nameOf(i)));
                    addItem(node);
                    items::tag(node, ItemKind::Node, eapPath + QString(".nodes[%1]").arg(g),
                               text(group.nameOf(i)));
                    content |= r;
                }
            }
        }
        QString title = text(site.name);
        if (!site.region.empty())
            title += "  ·  " + text(site.region) + (site.zone.empty() ? "" : "/" + text(site.zone));
        const QRectF frameRect = content.adjusted(-kSitePad, -kSiteTitle, kSitePad, kSitePad);
        QGraphicsItem *frame = items::siteFrame(frameRect, title);
        addItem(frame);
        items::tag(frame, ItemKind::Site, sitePath, text(site.name));
        makeMovable(frame, site.name, QPointF(0, 0), origin);
        widest = std::max(widest, frameRect.right());
        if (!sitePlaced)
            autoY = std::max(autoY, frameRect.bottom() + 40);
    }

    // The cloud above the edge, centred, with a WAN link to every eAP.
    for (int s = 0; s < int(scenario.sites.size()); ++s) {
        const SiteSpec &site = scenario.sites[s];
        if (site.kind != SiteKind::Cloud)
            continue;
        int vms = 0;
        double cores = 0;
        for (const NodeSpec &g : site.nodes) {
            vms += g.count;
            cores += g.count * g.cpu;
        }
        const CanvasPoint *cloudPlaced = placed(scenario, site.name);
        const QPointF at = cloudPlaced ? point(*cloudPlaced) : QPointF(widest / 2 - 130, -170);
        const QRectF r(at, QSizeF(260, 86));
        QGraphicsItem *cloud = items::cloudBox(r, text(site.name), vms, cores);
        addItem(cloud);
        items::tag(cloud, ItemKind::Cloud, QString("sites[%1]").arg(s), text(site.name));
        makeMovable(cloud, site.name, QPointF(0, 0), at);
        for (const QPointF &a : eapAnchors) {
            QGraphicsItem *wan = items::wanLink(QLineF(QPointF(r.center().x(), r.bottom()), a));
            addItem(wan);
            items::tag(wan, ItemKind::Link, QString("sites[%1]").arg(s));
        }
        break; // one cloud cluster (KaiS C)
    }
    setSceneRect(itemsBoundingRect().adjusted(-30, -30, 30, 30));
    selectPaths(selection);
}

} // namespace schedlab::ui
