// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologyitems.h"

#include <QFont>
#include <QGraphicsLineItem>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPainterPath>
#include <QPen>
#include <algorithm>

namespace schedlab::ui::items {

namespace {
const QColor kInk(0x26, 0x32, 0x38);
const QColor kMuted(0x60, 0x6c, 0x76);

QString gib(double bytes)
{
    return QString::number(bytes / double(1 << 30), 'g', 3) + " GiB";
}

QGraphicsSimpleTextItem *label(QGraphicsItem *parent, const QString &s, qreal x, qreal y, int pt,
                               bool bold = false, QColor colour = kInk)
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

QGraphicsSimpleTextItem *centred(QGraphicsItem *parent, const QString &s, QPointF at, int pt,
                                 bool bold, QColor colour)
{
    auto *t = label(parent, s, 0, 0, pt, bold, colour);
    t->setPos(at - t->boundingRect().center());
    return t;
}

QString nodesText(int n)
{
    return n == 1 ? QObject::tr("1 node") : QObject::tr("%1 nodes").arg(n);
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

QColor archColour(const std::string &arch)
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

int nodeCount(const EapSpec &eap)
{
    int n = 0;
    for (const NodeSpec &g : eap.nodes)
        n += std::max(1, g.count);
    return n;
}

EapSummary summarise(const EapSpec &eap)
{
    EapSummary out;
    out.name = QString::fromStdString(eap.name);
    for (const NodeSpec &g : eap.nodes) {
        const int n = std::max(1, g.count);
        out.nodes += n;
        out.cores += n * g.cpu;
        auto it = std::find_if(out.archs.begin(), out.archs.end(),
                               [&](const auto &a) { return a.first == g.arch; });
        if (it == out.archs.end())
            out.archs.emplace_back(g.arch, n);
        else
            it->second += n;
    }
    return out;
}

void makeMovable(QGraphicsItem *item, const std::string &name, QPointF origin, QPointF at)
{
    item->setData(kLayoutNameRole, QString::fromStdString(name));
    item->setData(kLayoutOriginRole, origin);
    item->setData(kLayoutPointRole, at);
}

void tag(QGraphicsItem *item, ItemKind kind, const QString &path, const QString &name)
{
    item->setData(kKindRole, int(kind));
    item->setData(kPathRole, path);
    item->setData(kNodeNameRole, name);
    if (kind != ItemKind::Link)
        item->setFlag(QGraphicsItem::ItemIsSelectable);
}

QGraphicsItem *eapBox(const QRectF &r, const QString &name, int nodes)
{
    auto *box = roundedBox(r, 22, QColor(0x3b, 0x4a, 0x6b), QColor(0x26, 0x32, 0x48));
    centred(box, name, r.center() + QPointF(0, -6), 10, true, Qt::white);
    centred(box, QObject::tr("eAP · %n node(s)", nullptr, nodes), r.center() + QPointF(0, 10), 7,
            false, QColor(0xd0, 0xd8, 0xe8));
    return box;
}

QGraphicsItem *nodeBox(const QRectF &r, const NodeSpec &group, const QString &name)
{
    auto *node = roundedBox(r, 8, Qt::white, QColor(0xb8, 0xc2, 0xcc));
    const QColor colour = archColour(group.arch);
    auto *badge = roundedBox(QRectF(r.left() + 8, r.top() + 8, 46, 16), 8, colour, colour);
    badge->setParentItem(node);
    centred(badge, QString::fromStdString(group.arch), badge->boundingRect().center(), 7, true,
            Qt::white);
    auto *title = label(node, name, r.left() + 8, r.top() + 27, 9, true);
    if (title->boundingRect().width() > r.width() - 14)
        title->setScale((r.width() - 14) / title->boundingRect().width());
    label(node, QString("%1 cpu · %2 · ×%3").arg(group.cpu).arg(gib(group.memory)).arg(group.perf),
          r.left() + 8, r.top() + 44, 7, false, kMuted);
    return node;
}

QGraphicsItem *siteFrame(const QRectF &r, const QString &title)
{
    auto *frame = roundedBox(r, 14, QColor(0xff, 0xff, 0xff, 0x90), QColor(0xc9, 0xd1, 0xd9));
    frame->setZValue(-2);
    label(frame, title, r.left() + 14, r.top() + 10, 10, true, kMuted);
    return frame;
}

QGraphicsItem *aggregateBox(const QRectF &r, const EapSummary &eap)
{
    // Large type for its size: at the zoom that fits a hundred boxes the name still reads.
    auto *box = roundedBox(r, 10, Qt::white, QColor(0x8a, 0x96, 0xa8), 1.4);
    QPainterPath whole, top;
    whole.addRoundedRect(r, 10, 10);
    top.addRect(r.left(), r.top(), r.width(), kAggregateHeader);
    auto *header = new QGraphicsPathItem(whole.intersected(top), box);
    header->setBrush(QColor(0x3b, 0x4a, 0x6b));
    header->setPen(Qt::NoPen);
    label(box, eap.name, r.left() + 10, r.top() + 3, 15, true, Qt::white);
    auto *sign = label(box, eap.open ? QString::fromUtf8("\u25be") : QString::fromUtf8("\u25b8"), 0,
                       r.top() + 3, 15, true, QColor(0xd0, 0xd8, 0xe8));
    sign->setX(r.right() - 10 - sign->boundingRect().width());
    label(box,
          nodesText(eap.nodes) + QString::fromUtf8(" \u00b7 ") +
              QObject::tr("%1 cores").arg(eap.cores),
          r.left() + 10, r.top() + 36, 11, false, kInk);
    // The architecture mix as one stacked bar, its counts below.
    const QRectF bar(r.left() + 10, r.top() + 58, r.width() - 20, 8);
    qreal x = bar.left();
    QStringList mix;
    for (const auto &[arch, n] : eap.archs) {
        const qreal w = bar.width() * n / std::max(1, eap.nodes);
        auto *part = new QGraphicsRectItem(QRectF(x, bar.top(), w, bar.height()), box);
        part->setBrush(archColour(arch));
        part->setPen(Qt::NoPen);
        x += w;
        mix << QString("%1 %2").arg(QString::fromStdString(arch)).arg(n);
    }
    label(box, mix.join(QString::fromUtf8(" \u00b7 ")), r.left() + 10, r.top() + 67, 9, false,
          kMuted);
    box->setToolTip(eap.open ? QObject::tr("Double-click to hide its nodes")
                             : QObject::tr("Double-click to show its nodes"));
    return box;
}

QGraphicsItem *openedFrame(const QRectF &r, const QString &title)
{
    auto *frame = roundedBox(r, 10, QColor(0xee, 0xf2, 0xf7), QColor(0x8a, 0x96, 0xa8));
    frame->setZValue(-1.5);
    label(frame, title, r.left() + 12, r.top() + 8, 10, true, kMuted);
    frame->setToolTip(QObject::tr("Double-click to hide the nodes"));
    return frame;
}

QGraphicsItem *cloudBox(const QRectF &r, const QString &name, int vms, double cores)
{
    auto *cloud = roundedBox(r, 40, QColor(0xe8, 0xf1, 0xfb), QColor(0x56, 0xb4, 0xe9), 1.6);
    centred(cloud, name, r.center() + QPointF(0, -10), 12, true, kInk);
    centred(cloud, QObject::tr("%1 VMs · %2 cores").arg(vms).arg(cores),
            r.center() + QPointF(0, 14), 8, false, kMuted);
    return cloud;
}

QGraphicsItem *lanLink(const QLineF &line)
{
    auto *link = new QGraphicsLineItem(line);
    link->setPen(QPen(QColor(0x9a, 0xa5, 0xb1), 1.1));
    link->setZValue(-1);
    return link;
}

QGraphicsItem *wanLink(const QLineF &line)
{
    auto *link = new QGraphicsLineItem(line);
    link->setPen(QPen(QColor(0x56, 0xb4, 0xe9), 1.2, Qt::DashLine));
    link->setZValue(-3);
    return link;
}

} // namespace schedlab::ui::items
