// SPDX-License-Identifier: GPL-3.0-or-later
#include "liveoverlay.h"

#include "livedots.h"
#include "overlayitems.h"
#include "podmarks.h"
#include "topologyitems.h"
#include "topologyscene.h"

#include <QBrush>
#include <QFont>
#include <QGraphicsLineItem>
#include <QGraphicsObject>
#include <QGraphicsPathItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QPainter>
#include <QPainterPath>
#include <QPen>
#include <algorithm>
#include <cmath>
#include <map>

namespace schedlab::ui {

using namespace overlay;

namespace {
constexpr double kQueueScale = 20.0; ///< a full bar: this many queued requests (log-scaled above)
constexpr qreal kEapBarMax = 70;
const QColor kBar(0x3b, 0x4a, 0x6b);

/** A parent for the overlay's items that draws nothing and is never hit. */
class OverlayRoot : public QGraphicsObject
{
public:
    QRectF boundingRect() const override { return {}; }
    void paint(QPainter *, const QStyleOptionGraphicsItem *, QWidget *) override {}
};

/** Queue length → bar fraction: linear up to kQueueScale, then slowly towards full. */
double queueFraction(int queue)
{
    if (queue <= 0)
        return 0.0;
    const double x = queue / kQueueScale;
    return x <= 0.8 ? x : std::min(1.0, 0.8 + 0.2 * std::log10(1.0 + 9.0 * (x - 0.8)) / 2.0);
}

} // namespace

LiveOverlay::LiveOverlay(QGraphicsScene *scene, QObject *parent) : QObject(parent), mScene(scene)
{
    connect(scene, &QGraphicsScene::selectionChanged, this, &LiveOverlay::selectionChanged);
    if (auto *topology = qobject_cast<TopologyScene *>(scene))
        connect(topology, &TopologyScene::relaidOut, this, &LiveOverlay::rebuild);
}

LiveOverlay::~LiveOverlay()
{
    clear();
}

QColor LiveOverlay::loadColour(double load)
{
    // Green (0) → yellow (1 request per core) → red (2 and more).
    const double t = std::clamp(load / 2.0, 0.0, 1.0);
    const QColor green(0x1a, 0x98, 0x50), yellow(0xf2, 0xc2, 0x2e), red(0xd7, 0x30, 0x27);
    const QColor &a = t < 0.5 ? green : yellow;
    const QColor &b = t < 0.5 ? yellow : red;
    const double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * u),
                            float(a.greenF() + (b.greenF() - a.greenF()) * u),
                            float(a.blueF() + (b.blueF() - a.blueF()) * u));
}

void LiveOverlay::clear()
{
    delete mRoot.data();
    mRoot = nullptr;
    mNodes.clear();
    mEaps.clear();
    mAggregates = false;
    mDots = nullptr;
    mPods.reset();
    mCloudText = nullptr;
    mLayout.reset();
    mSnapshot.reset();
}

bool LiveOverlay::build(const LiveLayout &layout)
{
    const std::shared_ptr<const LiveLayout> keep = mLayout;
    clear();
    mLayout = keep;
    std::map<QString, int> nodeIndex, eapIndex;
    for (int i = 0; i < int(layout.nodes.size()); ++i)
        nodeIndex[QString::fromStdString(layout.nodes[i])] = i;
    for (int i = 0; i < int(layout.eaps.size()); ++i)
        eapIndex[QString::fromStdString(layout.eaps[i])] = i;
    mNodes.assign(layout.nodes.size(), {});
    mEaps.assign(layout.eaps.size(), {});
    mCloudRect = {};
    for (QGraphicsItem *item : mScene->items()) {
        // Moving dots repaint much of the view 30 times a second; cached pixmaps
        // of the topology's boxes and labels make that cheap.
        item->setCacheMode(QGraphicsItem::DeviceCoordinateCache);
        if (!item->data(kKindRole).isValid())
            continue;
        const auto kind = ItemKind(item->data(kKindRole).toInt());
        const QString name = item->data(kNodeNameRole).toString();
        if (kind == ItemKind::Node && nodeIndex.count(name))
            mNodes[nodeIndex[name]].rect = item->sceneBoundingRect();
        else if (kind == ItemKind::Eap && eapIndex.count(name)) {
            mEaps[eapIndex[name]].rect = item->sceneBoundingRect();
            mEaps[eapIndex[name]].aggregate = item->data(kAggregateRole).isValid();
        } else if (kind == ItemKind::Cloud)
            mCloudRect = item->sceneBoundingRect();
    }

    auto *root = new OverlayRoot;
    root->setZValue(10);
    root->setAcceptedMouseButtons(Qt::NoButton);
    mScene->addItem(root);
    mRoot = root;

    const QPointF cloudAnchor(mCloudRect.center().x(), mCloudRect.bottom());
    for (EapItems &e : mEaps) {
        if (e.rect.isNull())
            continue;
        if (e.aggregate) {
            buildAggregate(e, root);
            continue;
        }
        if (!mCloudRect.isNull()) {
            e.wan = quiet(
                new QGraphicsLineItem(QLineF(cloudAnchor, {e.rect.center().x(), e.rect.top()})),
                root);
            e.wan->setZValue(-1);
        }
        e.queue = quiet(new QGraphicsRectItem, root);
        e.queue->setPen(Qt::NoPen);
        e.queue->setBrush(kBar);
        e.queueText = text(root, 8, kBar);
    }
    for (NodeItems &n : mNodes) {
        if (n.rect.isNull())
            continue;
        QPainterPath p;
        p.addRoundedRect(n.rect.adjusted(1, 1, -1, -1), 8, 8);
        n.tint = quiet(new QGraphicsPathItem(p), root);
        n.queue = quiet(new QGraphicsRectItem, root);
        n.queue->setPen(Qt::NoPen);
        n.queue->setBrush(kBar);
        n.queueText = text(root, 7, kBar);
        n.pull = text(root, 7, QColor(0x00, 0x72, 0xb2));
        n.pull->setText(QString::fromUtf8("\u2193 pull"));
        n.pull->setPos(n.rect.right() - 50, n.rect.top() + 6);
        n.drop = text(root, 7, QColor(0xd7, 0x30, 0x27));
    }
    if (!mCloudRect.isNull())
        mCloudText = text(root, 8, kBar, false);
    mDots = new LiveDots(mScene->sceneRect(), root);
    mDots->setZValue(2);
    std::vector<QRectF> rects;
    for (const NodeItems &n : mNodes)
        rects.push_back(n.rect);
    mPods = std::make_unique<PodMarks>(rects, root);
    return true;
}

void LiveOverlay::setSnapshot(const SnapshotPtr &snapshot)
{
    if (!snapshot || !snapshot->layout)
        return;
    if (!alive() || snapshot->layout != mLayout) {
        mLayout = snapshot->layout;
        build(*mLayout);
    }
    mSnapshot = snapshot;
    update(*snapshot);
    launch(*snapshot);
}

void LiveOverlay::update(const Snapshot &s)
{
    for (std::size_t i = 0; i < mNodes.size() && i < s.nodes.size(); ++i) {
        NodeItems &n = mNodes[i];
        if (!n.tint)
            continue;
        const LiveNode &ln = s.nodes[i];
        QColor c = loadColour(ln.load);
        auto *tint = static_cast<QGraphicsPathItem *>(n.tint);
        if (tint->pen().color() != c) {
            tint->setPen(QPen(c, 3));
            c.setAlpha(70);
            tint->setBrush(c);
        }
        const double h = queueFraction(ln.queue) * (n.rect.height() - 12);
        setRect(n.queue, QRectF(n.rect.right() - 11, n.rect.bottom() - 6 - h, 6, h));
        setText(n.queueText, ln.queue > 0 ? "q " + count(ln.queue) : QString());
        setPos(n.queueText,
               {n.rect.right() - 14 - n.queueText->boundingRect().width(), n.rect.bottom() - 17});
        setVisible(n.pull, ln.pulling + ln.podsPulling > 0); // replicas' and pods' images
        setText(n.drop,
                ln.dropped > 0 ? QString::fromUtf8("\u2715 %1").arg(count(ln.dropped)) : QString());
        setPos(n.drop, {n.rect.left() + 58, n.rect.top() + 6});
    }
    for (std::size_t b = 0; b < mEaps.size() && b < s.eapQueues.size(); ++b) {
        EapItems &e = mEaps[b];
        if (!e.queue)
            continue;
        const qreal w = queueFraction(s.eapQueues[b]) * kEapBarMax;
        setRect(e.queue, QRectF(e.rect.right() + 6, e.rect.center().y() - 4, w, 8));
        setText(e.queueText, s.eapQueues[b] > 0 ? count(s.eapQueues[b]) : QString());
        setPos(e.queueText, {e.rect.right() + 10 + w, e.rect.center().y() - 8});
        if (e.wan) {
            const double load = b < s.eapWanLoad.size() ? s.eapWanLoad[b] : 0.0;
            QColor c = loadColour(2.0 * std::min(1.0, load));
            c.setAlpha(200);
            const QPen pen(c, 1.5 + 8.0 * std::min(1.0, load), Qt::SolidLine, Qt::RoundCap);
            if (e.wan->pen() != pen)
                e.wan->setPen(pen);
            setVisible(e.wan, load > 0.005);
        }
    }
    if (mAggregates)
        updateAggregates(s);
    if (mPods)
        mPods->update(s);
    if (mCloudText) {
        setText(mCloudText, tr("queue %1 · cores %2% · WAN %3%")
                                .arg(count(s.cloudQueue))
                                .arg(qRound(100 * s.cloudBusy))
                                .arg(qRound(100 * s.wanLoad)));
        setPos(mCloudText, {mCloudRect.center().x() - mCloudText->boundingRect().width() / 2,
                            mCloudRect.bottom() + 4});
    }
}

void LiveOverlay::launch(const Snapshot &s)
{
    if (!mDots || s.moves.empty())
        return;
    std::vector<LiveDots::Flight> flights;
    flights.reserve(s.moves.size());
    const std::vector<int> &nodeEap = s.layout->nodeEap;
    for (const LiveMove &m : s.moves) {
        if (m.eap < 0 || m.eap >= int(mEaps.size()) || mEaps[m.eap].rect.isNull())
            continue;
        const QRectF &eap = mEaps[m.eap].rect;
        const bool drawn = m.target >= 0 && m.target < int(mNodes.size());
        if (drawn && !mNodes[m.target].rect.isNull()) {
            flights.push_back({{eap.center().x(), eap.bottom()},
                               {mNodes[m.target].rect.center().x(), mNodes[m.target].rect.top()},
                               false});
        } else if (drawn && m.target < int(nodeEap.size())) {
            // A node inside another eAP's aggregate: the dot flies to that box.
            const int to = nodeEap[m.target];
            if (to != m.eap && to >= 0 && to < int(mEaps.size()) && mEaps[to].aggregate)
                flights.push_back({{eap.center().x(), eap.bottom()},
                                   {mEaps[to].rect.center().x(), mEaps[to].rect.top()},
                                   false});
        } else if (m.target < 0 && !mCloudRect.isNull()) {
            flights.push_back({{eap.center().x(), eap.top()},
                               {mCloudRect.center().x(), mCloudRect.bottom()},
                               true});
        }
    }
    mDots->launch(flights, s.running);
}

void LiveOverlay::buildAggregate(EapItems &e, QGraphicsItem *root)
{
    mAggregates = true;
    QPainterPath p; // below the box's dark header
    p.addRoundedRect(e.rect.adjusted(2, items::kAggregateHeader + 1, -2, -2), 8, 8);
    e.tint = quiet(new QGraphicsPathItem(p), root);
    e.busy = quiet(new QGraphicsRectItem, root);
    e.busy->setPen(Qt::NoPen);
    e.busy->setBrush(kBar);
    e.line = text(root, 9, kBar);
    e.line->setPos(e.rect.left() + 11, e.rect.top() + items::kAggregateLive);
}

void LiveOverlay::updateAggregates(const Snapshot &s)
{
    mSums.assign(mEaps.size(), {});
    const std::vector<int> &nodeEap = s.layout->nodeEap;
    const std::vector<double> &cpu = s.layout->nodeCpu;
    for (std::size_t n = 0; n < s.nodes.size() && n < nodeEap.size(); ++n) {
        const int b = nodeEap[n];
        if (b < 0 || b >= int(mSums.size()))
            continue;
        const LiveNode &ln = s.nodes[n];
        EapSums &sum = mSums[b];
        sum.cores += cpu[n];
        sum.load += ln.load * cpu[n];
        sum.busy += ln.busy * cpu[n];
        sum.queue += ln.queue;
        sum.dropped += ln.dropped;
    }
    for (std::size_t b = 0; b < mEaps.size(); ++b) {
        EapItems &e = mEaps[b];
        if (!e.tint)
            continue;
        const EapSums &sum = mSums[b];
        const double load = sum.cores > 0 ? sum.load / sum.cores : 0.0;
        const double busy = sum.cores > 0 ? std::clamp(sum.busy / sum.cores, 0.0, 1.0) : 0.0;
        QColor c = loadColour(load);
        auto *tint = static_cast<QGraphicsPathItem *>(e.tint);
        if (tint->pen().color() != c) {
            tint->setPen(QPen(c, 3));
            c.setAlpha(70);
            tint->setBrush(c);
        }
        setRect(e.busy,
                QRectF(e.rect.left() + 10, e.rect.bottom() - 7, busy * (e.rect.width() - 20), 3));
        const int queued = sum.queue + (b < s.eapQueues.size() ? s.eapQueues[b] : 0);
        QString line = tr("load %1 · q %2").arg(load, 0, 'f', 2).arg(count(queued));
        if (sum.dropped > 0)
            line += QString::fromUtf8(" · \u2715 %1").arg(count(sum.dropped));
        setText(e.line, line);
    }
}

bool LiveOverlay::alive()
{
    if (mRoot || mNodes.empty())
        return bool(mRoot);
    // The scene was rebuilt and deleted our items with everything else.
    mNodes.clear();
    mEaps.clear();
    mAggregates = false;
    mDots = nullptr;
    mPods.reset();
    mCloudText = nullptr;
    return false;
}

void LiveOverlay::rebuild()
{
    if (!mSnapshot)
        return;
    const SnapshotPtr s = mSnapshot;
    alive();
    mLayout.reset();
    setSnapshot(s);
}

QColor LiveOverlay::nodeColour(int node) const
{
    if (!mRoot)
        return {};
    if (node < 0 || node >= int(mNodes.size()) || !mNodes[node].tint)
        return {};
    return static_cast<QGraphicsPathItem *>(mNodes[node].tint)->pen().color();
}

double LiveOverlay::queueBarHeight(int node) const
{
    return node >= 0 && node < int(mNodes.size()) && mNodes[node].queue
               ? mNodes[node].queue->rect().height()
               : 0.0;
}

QColor LiveOverlay::eapColour(int eap) const
{
    if (!mRoot || eap < 0 || eap >= int(mEaps.size()) || !mEaps[eap].tint)
        return {};
    return static_cast<QGraphicsPathItem *>(mEaps[eap].tint)->pen().color();
}

QString LiveOverlay::eapLine(int eap) const
{
    return mRoot && eap >= 0 && eap < int(mEaps.size()) && mEaps[eap].line ? mEaps[eap].line->text()
                                                                           : QString();
}

double LiveOverlay::eapBarWidth(int eap) const
{
    return eap >= 0 && eap < int(mEaps.size()) && mEaps[eap].queue
               ? mEaps[eap].queue->rect().width()
               : 0.0;
}

bool LiveOverlay::pullShown(int node) const
{
    return mRoot && node >= 0 && node < int(mNodes.size()) && mNodes[node].pull &&
           mNodes[node].pull->isVisible();
}

QString LiveOverlay::podBadge(int node) const
{
    return mRoot && mPods ? mPods->badge(node) : QString();
}

QString LiveOverlay::podFailure(int node) const
{
    return mRoot && mPods ? mPods->failure(node) : QString();
}

int LiveOverlay::itemCount() const
{
    if (!mRoot)
        return 0;
    int n = 0;
    QList<QGraphicsItem *> stack = mRoot->childItems();
    while (!stack.isEmpty()) {
        QGraphicsItem *i = stack.takeLast();
        ++n;
        stack += i->childItems();
    }
    return n;
}

int LiveOverlay::visibleDots() const
{
    return mRoot && mDots ? mDots->visible() : 0;
}

int LiveOverlay::selectedNode() const
{
    if (!mLayout)
        return -1;
    for (QGraphicsItem *item : mScene->selectedItems()) {
        if (item->data(kKindRole).toInt() != int(ItemKind::Node))
            continue;
        const std::string name = item->data(kNodeNameRole).toString().toStdString();
        const auto it = std::find(mLayout->nodes.begin(), mLayout->nodes.end(), name);
        if (it != mLayout->nodes.end())
            return int(it - mLayout->nodes.begin());
    }
    return -1;
}

void LiveOverlay::selectionChanged()
{
    alive();
    const int node = selectedNode();
    if (node >= 0)
        Q_EMIT nodeSelected(node);
}

} // namespace schedlab::ui
