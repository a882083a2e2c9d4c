// SPDX-License-Identifier: GPL-3.0-or-later
#include "podmarks.h"

#include "overlayitems.h"

#include <QBrush>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace schedlab::ui {

using namespace overlay;

PodMarks::PodMarks(const std::vector<QRectF> &nodes, QGraphicsItem *root)
{
    mClock.start();
    mNodes.resize(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        Marks &m = mNodes[i];
        m.rect = nodes[i];
        if (m.rect.isNull())
            continue;
        m.count = text(root, 7, QColor(0x3b, 0x4a, 0x6b));
        m.failure = text(root, 7, QColor(0xd7, 0x30, 0x27));
        m.failure->setVisible(false);
    }
}

void PodMarks::update(const Snapshot &s)
{
    const qint64 now = mClock.elapsed();
    for (std::size_t i = 0; i < mNodes.size() && i < s.nodes.size(); ++i) {
        Marks &m = mNodes[i];
        if (!m.count)
            continue;
        const LiveNode &ln = s.nodes[i];
        const int pods = ln.podsRunning;
        setText(m.count, pods == 0   ? QString()
                         : pods == 1 ? QObject::tr("1 pod")
                                     : QObject::tr("%1 pods").arg(pods));
        // Just under the box: inside it, the node's own labels leave no room.
        setPos(m.count, {m.rect.left() + 4, m.rect.bottom() + 2});
        if (ln.podFailure == PodFailure::ImagePull ||
            ln.podFailure == PodFailure::ContainerCreate) {
            m.failedAt = now;
            setText(m.failure,
                    QString::fromUtf8("\u2715 ") + (ln.podFailure == PodFailure::ImagePull
                                                        ? QStringLiteral("ImagePullError")
                                                        : QStringLiteral("ContainerCreateError")));
        }
        const bool up = m.failedAt >= 0 && now - m.failedAt < kFailureMs;
        if (!up)
            m.failedAt = -1;
        setVisible(m.failure, up);
        // A line of its own: next to the count it would run into the neighbour's.
        setPos(m.failure, {m.rect.left() + 4, m.rect.bottom() + (pods > 0 ? 13 : 2)});
    }
}

QString PodMarks::badge(int node) const
{
    return node >= 0 && node < int(mNodes.size()) && mNodes[node].count ? mNodes[node].count->text()
                                                                        : QString();
}

QString PodMarks::failure(int node) const
{
    return node >= 0 && node < int(mNodes.size()) && mNodes[node].failure &&
                   mNodes[node].failure->isVisible()
               ? mNodes[node].failure->text()
               : QString();
}

} // namespace schedlab::ui
