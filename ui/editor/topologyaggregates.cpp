// SPDX-License-Identifier: GPL-3.0-or-later
// The aggregated topology: an eAP per box in a grid, opened eAPs with their nodes.
#include "topologyitems.h"
#include "topologyscene.h"

#include <QGraphicsItem>
#include <algorithm>
#include <cmath>

namespace schedlab::ui {

namespace {
using items::kGap;
using items::kNodeH;
using items::kNodeW;
using items::kSiteTitle;
constexpr qreal kAggW = items::kAggregateW, kAggH = items::kAggregateH, kAggGap = 22, kBandPad = 14,
                kBandTitle = 30;

QString text(const std::string &s)
{
    return QString::fromStdString(s);
}
} // namespace

bool TopologyScene::isOpen(const QString &eap) const
{
    return !mAggregated || mOpened.count(eap) || mZoomOpened.count(eap) || mRevealed == eap;
}

void TopologyScene::setOpen(const QString &eap, bool open, bool byZoom)
{
    if (!mAggregated || isOpen(eap) == open)
        return;
    if (open)
        (byZoom ? mZoomOpened : mOpened).insert(eap);
    else {
        mOpened.erase(eap);
        mZoomOpened.erase(eap);
        if (mRevealed == eap)
            mRevealed.clear();
    }
    rebuild();
    Q_EMIT relaidOut();
}

void TopologyScene::reveal(const QString &eap)
{
    if (!mAggregated || mRevealed == eap)
        return;
    const bool closes =
        !mRevealed.isEmpty() && !mOpened.count(mRevealed) && !mZoomOpened.count(mRevealed);
    const bool opens = !isOpen(eap);
    mRevealed = eap;
    if (closes || opens) {
        rebuild();
        Q_EMIT relaidOut();
    }
}

void TopologyScene::closeZoomOpened()
{
    if (mZoomOpened.empty())
        return;
    mZoomOpened.clear();
    rebuild();
    Q_EMIT relaidOut();
}

QString TopologyScene::aggregateAt(QPointF pos) const
{
    if (!mAggregated)
        return {};
    for (QGraphicsItem *i : items(pos))
        for (QGraphicsItem *p = i; p; p = p->parentItem()) {
            if (p->data(kAggregateRole).isValid())
                return p->data(kAggregateRole).toString();
            if (p->data(kOpenedRole).isValid())
                return p->data(kOpenedRole).toString();
            if (p->data(kKindRole).toInt() == int(ItemKind::Node))
                return {}; // a node of an opened eAP is itself
        }
    return {};
}

bool TopologyScene::revealNode(const QString &name)
{
    const std::string wanted = name.toStdString();
    for (const SiteSpec &site : mSites)
        for (const EapSpec &eap : site.eaps)
            for (const NodeSpec &g : eap.nodes)
                for (int i = 1; i <= std::max(1, g.count); ++i)
                    if (g.nameOf(i) == wanted) {
                        reveal(text(eap.name));
                        return true;
                    }
    return false;
}

QRectF TopologyScene::addAggregatedSite(int s, QPointF origin, std::vector<QPointF> &eapAnchors)
{
    const SiteSpec &site = mSites[s];
    const QString sitePath = QString("sites[%1]").arg(s);
    const int eaps = int(site.eaps.size());
    // A near-square grid: boxes are about twice as wide as tall, so it comes out
    // about as wide as a screen.
    const int columns = std::max(1, int(std::ceil(std::sqrt(double(eaps)))));
    const qreal gridW = columns * (kAggW + kAggGap) - kAggGap;
    const qreal top = origin.y() + kSiteTitle;
    QRectF content(QPointF(origin.x(), top), QSizeF(gridW, kAggH));
    // The cloud links to the site as a whole: a hundred WAN lines would hide the grid.
    eapAnchors.push_back(QPointF(origin.x() + gridW / 2, origin.y()));

    qreal y = top;
    for (int row = 0; row * columns < eaps; ++row) {
        std::vector<int> opened;
        for (int c = 0; c < columns && row * columns + c < eaps; ++c) {
            const int e = row * columns + c;
            const EapSpec &eap = site.eaps[e];
            items::EapSummary summary = items::summarise(eap);
            summary.open = isOpen(summary.name);
            const QRectF r(origin.x() + c * (kAggW + kAggGap), y, kAggW, kAggH);
            QGraphicsItem *box = items::aggregateBox(r, summary);
            addItem(box);
            items::tag(box, ItemKind::Eap, sitePath + QString(".eaps[%1]").arg(e), summary.name);
            box->setData(kAggregateRole, summary.name);
            content |= r;
            if (summary.open)
                opened.push_back(e);
        }
        y += kAggH + kAggGap;
        // Each opened eAP of the row: a band of its nodes across the grid, below the row.
        for (int e : opened) {
            const EapSpec &eap = site.eaps[e];
            const QString eapPath = sitePath + QString(".eaps[%1]").arg(e);
            const int nodes = items::nodeCount(eap);
            const int perRow = std::max(1, int((gridW - 2 * kBandPad + kGap) / (kNodeW + kGap)));
            const int rows = (nodes + perRow - 1) / perRow;
            const QRectF band(origin.x(), y, gridW,
                              kBandTitle + rows * (kNodeH + kGap) - kGap + kBandPad);
            QGraphicsItem *frame = items::openedFrame(
                band, nodes == 1 ? tr("%1: 1 node").arg(text(eap.name))
                                 : tr("%1: %2 nodes").arg(text(eap.name)).arg(nodes));
            frame->setData(kOpenedRole, text(eap.name));
            addItem(frame);
            const int c = e % columns;
            const qreal boxX = origin.x() + c * (kAggW + kAggGap) + kAggW / 2;
            QGraphicsItem *link = items::lanLink(QLineF(boxX, y - kAggGap, boxX, y));
            addItem(link);
            items::tag(link, ItemKind::Link, eapPath);
            int k = 0;
            for (int g = 0; g < int(eap.nodes.size()); ++g) {
                const NodeSpec &group = eap.nodes[g];
                for (int i = 1; i <= std::max(1, group.count); ++i, ++k) {
                    const QRectF r(band.left() + kBandPad + (k % perRow) * (kNodeW + kGap),
                                   band.top() + kBandTitle + (k / perRow) * (kNodeH + kGap), kNodeW,
                                   kNodeH);
                    QGraphicsItem *node = items::nodeBox(r, group, text(group.nameOf(i)));
                    addItem(node);
                    items::tag(node, ItemKind::Node, eapPath + QString(".nodes[%1]").arg(g),
                               text(group.nameOf(i)));
                }
            }
            content |= band;
            y = band.bottom() + kAggGap;
        }
    }
    return content;
}

} // namespace schedlab::ui
