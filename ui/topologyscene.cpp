// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyscene.h"

#include <QFont>
#include <QGraphicsEllipseItem>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPainterPath>
#include <QPen>
#include <algorithm>

namespace schedlab::ui {

namespace {
constexpr qreal kNodeW = 132, kNodeH = 62, kGap = 14, kEapH = 44, kRowGap = 70, kSitePad = 22;
constexpr qreal kMaxRowWidth = 2400;
constexpr int kMaxColumns = 5;
const QColor kInk(0x26, 0x32, 0x38);
const QColor kMuted(0x60, 0x6c, 0x76);

QString text(const std::string &s) { return QString::fromStdString(s); }

QString gib(double bytes) { return QString::number(bytes / double(1 << 30), 'g', 3) + " GiB"; }

QGraphicsSimpleTextItem *label(QGraphicsItem *parent, const QString &s, qreal x, qreal y,
                               int pt, bool bold = false, QColor colour = kInk)
{
    auto *t = new QGraphicsSimpleTextItem(s, parent);
    QFont f;
    f.setPointSize(pt);
    f.setBold(bold);
    t->setFont(f);
    t->setBrush(colour);
    t->setPos(x, y);
    return t;
}

void tag(QGraphicsItem *item, ItemKind kind, const QString &path, const QString &name = {})
{
    item->setData(kKindRole, int(kind));
    item->setData(kPathRole, path);
    item->setData(kNodeNameRole, name);
    if (kind != ItemKind::Link)
        item->setFlag(QGraphicsItem::ItemIsSelectable);
}

QGraphicsPathItem *roundedBox(QRectF r, qreal radius, QColor fill, QColor stroke, qreal width = 1.2)
{
    QPainterPath p;
    p.addRoundedRect(r, radius, radius);
    auto *item = new QGraphicsPathItem(p);
    item->setBrush(fill);
    item->setPen(QPen(stroke, width));
    return item;
}
} // namespace

TopologyScene::TopologyScene(QObject *parent) : QGraphicsScene(parent)
{
    setBackgroundBrush(QColor(0xf6, 0xf7, 0xf9));
}

QColor TopologyScene::archColour(const std::string &arch)
{
    // Okabe–Ito, colour-blind safe.
    if (arch == "amd64")
        return QColor(0x00, 0x72, 0xb2);
    if (arch == "arm64")
        return QColor(0xe6, 0x9f, 0x00);
    if (arch == "riscv64")
        return QColor(0x00, 0x9e, 0x73);
    return QColor(0xcc, 0x79, 0xa7);
}

int TopologyScene::count(ItemKind kind) const
{
    const auto all = items();
    return int(std::count_if(all.begin(), all.end(), [kind](const QGraphicsItem *i) {
        return i->data(kKindRole).isValid() && i->data(kKindRole).toInt() == int(kind);
    }));
}

void TopologyScene::setScenario(const Scenario &scenario)
{
    clear();
    qreal y = 0;
    std::vector<QPointF> eapAnchors;
    qreal widest = 0;

    for (int s = 0; s < int(scenario.sites.size()); ++s) {
        const SiteSpec &site = scenario.sites[s];
        if (site.kind != SiteKind::Edge)
            continue;
        const QString sitePath = QString("sites[%1]").arg(s);
        const qreal top = y;
        y += 34; // site title
        qreal x = kSitePad, rowTop = y, rowBottom = y, siteRight = 0;
        for (int e = 0; e < int(site.eaps.size()); ++e) {
            const EapSpec &eap = site.eaps[e];
            int nodes = 0;
            for (const NodeSpec &g : eap.nodes)
                nodes += g.count;
            // Nodes in a grid under their eAP; eAPs wrap to a new row past kMaxRowWidth.
            const int columns = std::clamp(nodes, 1, kMaxColumns);
            const qreal groupW = std::max<qreal>(kNodeW, columns * (kNodeW + kGap) - kGap);
            if (x > kSitePad && x + groupW > kMaxRowWidth) {
                x = kSitePad;
                rowTop = rowBottom + kRowGap / 2;
            }
            const QString eapPath = sitePath + QString(".eaps[%1]").arg(e);

            // The eAP, centred over the nodes it manages.
            const QRectF eapRect(x + groupW / 2 - 80, rowTop, 160, kEapH);
            auto *eapItem = roundedBox(eapRect, 22, QColor(0x3b, 0x4a, 0x6b), QColor(0x26, 0x32, 0x48));
            addItem(eapItem);
            tag(eapItem, ItemKind::Eap, eapPath, text(eap.name));
            auto *name = label(eapItem, text(eap.name), 0, 0, 10, true, Qt::white);
            name->setPos(eapRect.center() - name->boundingRect().center() + QPointF(0, -6));
            auto *sub = label(eapItem, QString("eAP · %1 nodes").arg(nodes), 0, 0, 7, false,
                              QColor(0xd0, 0xd8, 0xe8));
            sub->setPos(eapRect.center() - sub->boundingRect().center() + QPointF(0, 10));
            eapAnchors.push_back(QPointF(eapRect.center().x(), eapRect.top()));

            const qreal gridTop = rowTop + kEapH + kRowGap;
            int k = 0;
            for (int g = 0; g < int(eap.nodes.size()); ++g) {
                const NodeSpec &group = eap.nodes[g];
                for (int i = 1; i <= group.count; ++i, ++k) {
                    const QRectF r(x + (k % columns) * (kNodeW + kGap),
                                   gridTop + (k / columns) * (kNodeH + kGap), kNodeW, kNodeH);
                    if (k < columns) { // links to the first row; the rows below hang under them
                        auto *link = addLine(QLineF(eapRect.center().x(), eapRect.bottom(),
                                                    r.center().x(), r.top()),
                                             QPen(QColor(0x9a, 0xa5, 0xb1), 1.1));
                        tag(link, ItemKind::Link, eapPath);
                        link->setZValue(-1);
                    }

                    auto *node = roundedBox(r, 8, Qt::white, QColor(0xb8, 0xc2, 0xcc));
                    addItem(node);
                    const QString nodeName = text(group.nameOf(i));
                    tag(node, ItemKind::Node, eapPath + QString(".nodes[%1]").arg(g), nodeName);
                    auto *badge = roundedBox(QRectF(r.left() + 8, r.top() + 8, 46, 16), 8,
                                             archColour(group.arch), archColour(group.arch));
                    badge->setParentItem(node);
                    auto *arch = label(badge, text(group.arch), 0, 0, 7, true, Qt::white);
                    arch->setPos(badge->boundingRect().center() - arch->boundingRect().center());
                    auto *title = label(node, nodeName, r.left() + 8, r.top() + 27, 9, true);
                    if (title->boundingRect().width() > kNodeW - 14)
                        title->setScale((kNodeW - 14) / title->boundingRect().width());
                    label(node,
                          QString("%1 cpu · %2 · ×%3")
                              .arg(group.cpu)
                              .arg(gib(group.memory))
                              .arg(group.perf),
                          r.left() + 8, r.top() + 44, 7, false, kMuted);
                }
            }
            const int rows = (std::max(nodes, 1) + columns - 1) / columns;
            rowBottom = std::max(rowBottom, gridTop + rows * (kNodeH + kGap) - kGap);
            x += groupW + 3 * kGap;
            siteRight = std::max(siteRight, x - 3 * kGap);
        }
        const qreal siteW = std::max<qreal>(siteRight + kSitePad, 260);
        auto *frame = roundedBox(QRectF(0, top, siteW, rowBottom - top + kSitePad), 14,
                                 QColor(0xff, 0xff, 0xff, 0x90), QColor(0xc9, 0xd1, 0xd9));
        frame->setZValue(-2);
        addItem(frame);
        tag(frame, ItemKind::Site, sitePath, text(site.name));
        QString title = text(site.name);
        if (!site.region.empty())
            title += "  ·  " + text(site.region) + (site.zone.empty() ? "" : "/" + text(site.zone));
        label(frame, title, 14, top + 10, 10, true, kMuted);
        widest = std::max(widest, siteW);
        y = rowBottom + kSitePad + 40;
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
        const QRectF r(widest / 2 - 130, -170, 260, 86);
        auto *cloud = roundedBox(r, 40, QColor(0xe8, 0xf1, 0xfb), QColor(0x56, 0xb4, 0xe9), 1.6);
        addItem(cloud);
        tag(cloud, ItemKind::Cloud, QString("sites[%1]").arg(s), text(site.name));
        auto *t = label(cloud, text(site.name), 0, 0, 12, true);
        t->setPos(r.center() - t->boundingRect().center() + QPointF(0, -10));
        auto *d = label(cloud, QString("%1 VMs · %2 cores").arg(vms).arg(cores), 0, 0, 8, false, kMuted);
        d->setPos(r.center() - d->boundingRect().center() + QPointF(0, 14));
        for (const QPointF &a : eapAnchors) {
            QPen pen(QColor(0x56, 0xb4, 0xe9), 1.2, Qt::DashLine);
            auto *wan = addLine(QLineF(QPointF(r.center().x(), r.bottom()), a), pen);
            wan->setZValue(-3);
            tag(wan, ItemKind::Link, QString("sites[%1]").arg(s));
        }
        break; // one cloud cluster (KaiS C)
    }
    setSceneRect(itemsBoundingRect().adjusted(-30, -30, 30, 30));
}

} // namespace schedlab::ui
