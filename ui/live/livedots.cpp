// SPDX-License-Identifier: GPL-3.0-or-later
#include "livedots.h"

#include <QPainter>
#include <algorithm>

namespace schedlab::ui {

namespace {
const QColor kEdgeDot(0x00, 0x72, 0xb2);
const QColor kCloudDot(0xd5, 0x5e, 0x00);
} // namespace

LiveDots::LiveDots(const QRectF &area, QGraphicsItem *parent)
    : QGraphicsObject(parent), mArea(area), mDots(kPool), mFrame(this)
{
    setAcceptedMouseButtons(Qt::NoButton);
    mFrame.setInterval(33);
    connect(&mFrame, &QTimer::timeout, this, &LiveDots::animate);
    mClock.start();
    mDrawn.reserve(kPool);
}

void LiveDots::launch(const std::vector<Flight> &flights, bool running)
{
    if (flights.empty())
        return;
    const qint64 now = mClock.elapsed();
    const qint64 since =
        running ? std::clamp<qint64>(now - mLastLaunch, 1, kFlightMs) : kFlightMs / 3;
    mLastLaunch = now;
    const int n = std::min<int>({int(flights.size()), kPool / 2,
                                 running ? std::max(1, int(kPool * since / kFlightMs)) : kPool});
    const double stride = double(flights.size()) / n;
    for (int k = 0; k < n; ++k) {
        Dot &d = mDots[mNext];
        mNext = (mNext + 1) % kPool;
        d.flight = flights[std::size_t(k * stride)];
        d.start = now + qint64(k * since / n); // spread over the interval, not in a burst
        d.active = true;
    }
    if (!mFrame.isActive())
        mFrame.start();
    animate();
}

void LiveDots::animate()
{
    const qint64 now = mClock.elapsed();
    const bool wasEmpty = mDrawn.empty();
    mDrawn.clear();
    bool any = false;
    for (Dot &d : mDots) {
        if (!d.active)
            continue;
        const double t = double(now - d.start) / kFlightMs;
        if (t >= 1.0) {
            d.active = false;
            continue;
        }
        any = true;
        if (t >= 0)
            mDrawn.emplace_back(d.flight.from + (d.flight.to - d.flight.from) * t, d.flight.cloud);
    }
    if (!wasEmpty || !mDrawn.empty())
        update();
    if (!any)
        mFrame.stop();
}

void LiveDots::paint(QPainter *p, const QStyleOptionGraphicsItem *, QWidget *)
{
    p->setPen(QPen(Qt::white, 1));
    for (const bool cloud : {false, true}) {
        p->setBrush(cloud ? kCloudDot : kEdgeDot);
        for (const auto &[at, toCloud] : mDrawn)
            if (toCloud == cloud)
                p->drawEllipse(at, 4.0, 4.0);
    }
}

} // namespace schedlab::ui
