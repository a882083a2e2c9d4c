// SPDX-License-Identifier: GPL-3.0-or-later
#include "nodedetails.h"

#include "qcustomplotheader.h"

#include <QLabel>
#include <QVBoxLayout>

namespace schedlab::ui {

namespace {
QString megabytes(double bytes)
{
    return QString::number(bytes / 1e6, 'f', 0) + " MB";
}

void setIfChanged(QLabel *label, const QString &text)
{
    if (label->text() != text)
        label->setText(text);
}
} // namespace

NodeDetails::NodeDetails(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    mTitle = new QLabel(tr("Click a node to follow it"), this);
    QFont bold = mTitle->font();
    bold.setBold(true);
    mTitle->setFont(bold);
    mNow = new QLabel(this);
    for (QLabel *l : {mTitle, mNow}) // wrap in a narrow dock rather than be cut
        l->setWordWrap(true);
    mReplicas = new QLabel(this);
    mReplicas->setWordWrap(true);
    mLayers = new QLabel(this);
    mLayers->setWordWrap(true);
    mLayers->setTextFormat(Qt::PlainText);
    for (QLabel *l : {mNow, mReplicas, mLayers})
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);

    mPlot = new QCustomPlot(this);
    mPlot->setMinimumHeight(150);
    mPlot->setNotAntialiasedElements(QCP::aeAll); // cheap replots while a run plays
    QFont small = font();
    small.setPointSize(7);
    for (QCPAxis *axis : {mPlot->xAxis, mPlot->yAxis, mPlot->yAxis2}) {
        axis->setTickLabelFont(small);
        axis->setLabelFont(small);
    }
    mPlot->yAxis2->setVisible(true);
    mPlot->xAxis->setLabel(tr("slots ago"));
    mPlot->yAxis->setLabel(tr("load"));
    mPlot->yAxis2->setLabel(tr("queue"));
    QCPGraph *load = mPlot->addGraph(mPlot->xAxis, mPlot->yAxis);
    load->setPen(QPen(QColor(0x00, 0x72, 0xb2), 1.5));
    load->setName(tr("load"));
    QCPGraph *queue = mPlot->addGraph(mPlot->xAxis, mPlot->yAxis2);
    queue->setPen(QPen(QColor(0xd5, 0x5e, 0x00), 1.5));
    queue->setName(tr("queue"));
    mPlot->legend->setVisible(true);
    mPlot->legend->setFont(small);
    mPlot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);

    layout->addWidget(mTitle);
    layout->addWidget(mNow);
    layout->addWidget(mReplicas);
    layout->addWidget(mLayers);
    layout->addWidget(mPlot, 1);
    layout->addStretch(0);
    setNode(-1);
}

void NodeDetails::setNode(int node)
{
    mNode = node;
    mSince.invalidate();
    showDetails(false); // until a snapshot carries this node's details
    mTitle->setText(node < 0 ? tr("Click a node to follow it")
                             : tr("The node's details show while a run is live"));
}

void NodeDetails::showDetails(bool show)
{
    for (QWidget *w : std::initializer_list<QWidget *>{mNow, mReplicas, mLayers, mPlot})
        if (w->isHidden() == show)
            w->setVisible(show);
}

QString NodeDetails::title() const
{
    return mTitle->text();
}
QString NodeDetails::replicasText() const
{
    return mReplicas->text();
}
QString NodeDetails::layersText() const
{
    return mLayers->text();
}

void NodeDetails::setSnapshot(const SnapshotPtr &s)
{
    if (!s || mNode < 0 || s->focus.node != mNode || mNode >= int(s->nodes.size()))
        return;
    // The history moves a slot at a time; a few redraws a second follow it.
    if (s->running && mSince.isValid() && mSince.elapsed() < kMinRedrawMs)
        return;
    mSince.start();
    const LiveLayout &layout = *s->layout;
    showDetails(true);
    const LiveFocus &f = s->focus;
    const LiveNode &n = s->nodes[mNode];
    const double cores = layout.nodeCpu[mNode];
    setIfChanged(mTitle, QString::fromStdString(layout.nodes[mNode]) +
                             (cores == 1 ? tr(" · 1 core") : tr(" · %1 cores").arg(cores)));
    setIfChanged(mNow, tr("load %1 · busy %2% · queue %3 · dropped %4")
                           .arg(n.load, 0, 'f', 2)
                           .arg(qRound(100 * n.busy))
                           .arg(n.queue)
                           .arg(n.dropped));

    QStringList replicas;
    for (std::size_t sv = 0; sv < f.ready.size() && sv < layout.services.size(); ++sv) {
        if (f.ready[sv] == 0 && f.pending[sv] == 0)
            continue;
        QString item =
            QString::fromStdString(layout.services[sv]) + QString(" ×%1").arg(f.ready[sv]);
        if (f.pending[sv] > 0)
            item += tr(" (+%1 pulling)").arg(f.pending[sv]);
        replicas << item;
    }
    setIfChanged(mReplicas,
                 tr("Replicas: %1").arg(replicas.isEmpty() ? tr("none") : replicas.join(", ")));
    QStringList layers;
    for (const LiveFocus::Layer &l : f.layers)
        layers << QString::fromStdString(l.digest) + " " + megabytes(l.size) +
                      (l.downloading ? tr(" (pulling)")
                       : l.inUse     ? QString()
                                     : tr(" (unused)"));
    setIfChanged(mLayers, tr("Layers cached (%1, %2):\n%3")
                              .arg(f.layers.size())
                              .arg(megabytes(f.diskUsed))
                              .arg(layers.isEmpty() ? tr("none") : layers.join('\n')));

    const int count = int(f.loadHistory.size());
    QVector<double> x(count), load(count), queue(count);
    double maxLoad = 1.0, maxQueue = 1.0;
    for (int i = 0; i < count; ++i) {
        x[i] = i - count + 1;
        load[i] = f.loadHistory[i];
        queue[i] = f.queueHistory[i];
        maxLoad = std::max(maxLoad, load[i]);
        maxQueue = std::max(maxQueue, queue[i]);
    }
    mPlot->graph(0)->setData(x, load, true);
    mPlot->graph(1)->setData(x, queue, true);
    mPlot->xAxis->setRange(std::min(-10, -count + 1), 0);
    mPlot->yAxis->setRange(0, maxLoad * 1.1);
    mPlot->yAxis2->setRange(0, maxQueue * 1.1);
    mPlot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace schedlab::ui
