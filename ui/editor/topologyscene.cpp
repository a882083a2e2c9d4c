// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyscene.h"

#include "elementref.h"
#include "topologyitems.h"

#include <QGraphicsItem>
#include <algorithm>

namespace schedlab::ui {

namespace {
using items::kGap;
using items::kNodeH;
using items::kNodeW;
using items::kSiteTitle;
using items::nodeCount;
constexpr qreal kEapW = 160, kEapH = 44, kRowGap = 70;
constexpr qreal kSitePad = 22, kMaxRowWidth = 2400;
constexpr int kMaxColumns = 5;

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}

const CanvasPoint *placed(const std::map<std::string, CanvasPoint> &layout, const std::string &name)
{
    const auto it = layout.find(name);
    return it == layout.end() ? nullptr : &it->second;
}

QPointF point(CanvasPoint p)
{
    return {p.x, p.y};
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
} // namespace

TopologyScene::TopologyScene(QObject *parent) : QGraphicsScene(parent)
{
    setBackgroundBrush(QColor(0xf6, 0xf7, 0xf9));
}

QColor TopologyScene::archColour(const std::string &arch)
{
    return items::archColour(arch);
}

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
                return i->data(kLayoutNameRole).isValid() ? i : nullptr; // an aggregate stays
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
    // A node group of an aggregated eAP is drawn once the eAP is open.
    if (const ElementRef ref = ElementRef::parse(path);
        mAggregated && ref.kind == ElementRef::Node) {
        if (ref.site >= 0 && ref.site < int(mSites.size()) && ref.eap >= 0 &&
            ref.eap < int(mSites[ref.site].eaps.size()))
            reveal(QString::fromStdString(mSites[ref.site].eaps[ref.eap].name));
    }
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

QGraphicsItem *TopologyScene::selectRow(const QString &path, const QString &name)
{
    if (mAggregated && ElementRef::parse(path).kind == ElementRef::Node)
        revealNode(name);
    const QString key = path + '|' + name;
    QGraphicsItem *found = nullptr;
    for (QGraphicsItem *i : items())
        if (i->flags() & QGraphicsItem::ItemIsSelectable) {
            const bool it =
                !found &&
                i->data(kPathRole).toString() + '|' + i->data(kNodeNameRole).toString() == key;
            i->setSelected(it);
            if (it)
                found = i;
        }
    if (found)
        return found;
    // A cloud VM has no item of its own. Its cloud is shown, not selected: Delete
    // would take the whole cloud.
    const int up = path.lastIndexOf('.');
    for (QGraphicsItem *i : items())
        if (up > 0 && (i->flags() & QGraphicsItem::ItemIsSelectable) &&
            i->data(kPathRole).toString() == path.left(up))
            return i;
    return nullptr;
}

void TopologyScene::setScenario(const Scenario &scenario)
{
    mSites = scenario.sites;
    mLayout = scenario.layout;
    int edgeNodes = 0;
    for (const SiteSpec &site : mSites)
        if (site.kind == SiteKind::Edge)
            for (const EapSpec &eap : site.eaps)
                edgeNodes += nodeCount(eap);
    mAggregated = edgeNodes > kAggregateAbove;
    rebuild();
}

void TopologyScene::rebuild()
{
    const QStringList selection = selectedPaths();
    const QSignalBlocker quiet(this); // one selectionChanged at the end, not one per item
    clear();
    qreal autoY = 0, widest = 0;
    std::vector<QPointF> eapAnchors;

    for (int s = 0; s < int(mSites.size()); ++s) {
        const SiteSpec &site = mSites[s];
        if (site.kind != SiteKind::Edge)
            continue;
        const QString sitePath = QString("sites[%1]").arg(s);
        const CanvasPoint *sitePlaced = placed(mLayout, site.name);
        const QPointF origin = sitePlaced ? point(*sitePlaced) : QPointF(0, autoY);
        const QRectF content =
            mAggregated ? addAggregatedSite(s, origin, eapAnchors) : addSite(s, origin, eapAnchors);
        QString title = text(site.name);
        if (!site.region.empty())
            title += "  ·  " + text(site.region) + (site.zone.empty() ? "" : "/" + text(site.zone));
        const QRectF frameRect = content.adjusted(-kSitePad, -kSiteTitle, kSitePad, kSitePad);
        QGraphicsItem *frame = items::siteFrame(frameRect, title);
        addItem(frame);
        items::tag(frame, ItemKind::Site, sitePath, text(site.name));
        items::makeMovable(frame, site.name, QPointF(0, 0), origin);
        widest = std::max(widest, frameRect.right());
        if (!sitePlaced)
            autoY = std::max(autoY, frameRect.bottom() + 40);
    }

    // The cloud above the edge, centred, with a WAN link to every eAP.
    for (int s = 0; s < int(mSites.size()); ++s) {
        const SiteSpec &site = mSites[s];
        if (site.kind != SiteKind::Cloud)
            continue;
        int vms = 0;
        double cores = 0;
        for (const NodeSpec &g : site.nodes) {
            vms += g.count;
            cores += g.count * g.cpu;
        }
        const CanvasPoint *cloudPlaced = placed(mLayout, site.name);
        const QPointF at = cloudPlaced ? point(*cloudPlaced) : QPointF(widest / 2 - 130, -170);
        const QRectF r(at, QSizeF(260, 86));
        QGraphicsItem *cloud = items::cloudBox(r, text(site.name), vms, cores);
        addItem(cloud);
        items::tag(cloud, ItemKind::Cloud, QString("sites[%1]").arg(s), text(site.name));
        items::makeMovable(cloud, site.name, QPointF(0, 0), at);
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

QRectF TopologyScene::addSite(int s, QPointF origin, std::vector<QPointF> &eapAnchors)
{
    const SiteSpec &site = mSites[s];
    const QString sitePath = QString("sites[%1]").arg(s);
    const std::vector<QPointF> flow = flowEaps(site);
    QRectF content(origin + QPointF(0, kSiteTitle), QSizeF(kEapW, kEapH));

    for (int e = 0; e < int(site.eaps.size()); ++e) {
        const EapSpec &eap = site.eaps[e];
        const CanvasPoint *eapPlaced = placed(mLayout, eap.name);
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
        items::makeMovable(eapItem, eap.name, origin, rel);
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
    return content;
}

} // namespace schedlab::ui
