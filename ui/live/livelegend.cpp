// SPDX-License-Identifier: GPL-3.0-or-later
#include "livelegend.h"

#include "liveoverlay.h"

#include <QPainter>

namespace schedlab::ui {

LiveLegend::LiveLegend(QWidget *parent) : QWidget(parent)
{
    setAttribute(Qt::WA_TransparentForMouseEvents);
    resize(sizeHint());
}

QSize LiveLegend::sizeHint() const
{
    return {236, mPods ? 122 : 104};
}

void LiveLegend::setPods(bool pods)
{
    mPods = pods;
    setFixedSize(sizeHint());
    update();
}

void LiveLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QColor(0xc9, 0xd1, 0xd9));
    p.setBrush(QColor(255, 255, 255, 230));
    p.drawRoundedRect(rect().adjusted(0, 0, -1, -1), 8, 8);

    QFont f = font();
    f.setPointSize(8);
    p.setFont(f);
    const QColor ink(0x26, 0x32, 0x38);
    const int x = 10, w = width() - 20;

    p.setPen(ink);
    p.drawText(x, 16, tr("Node load (requests per core)"));
    QLinearGradient g(x, 0, x + w, 0);
    for (int i = 0; i <= 8; ++i)
        g.setColorAt(i / 8.0, LiveOverlay::loadColour(2.0 * i / 8.0));
    p.setPen(Qt::NoPen);
    p.setBrush(g);
    p.drawRect(x, 22, w, 8);
    p.setPen(ink);
    p.drawText(x, 42, "0");
    p.drawText(x + w / 2 - 4, 42, "1");
    p.drawText(x + w - 16, 42, QString::fromUtf8("\u22652"));

    auto dot = [&](int cx, int cy, QColor c, const QString &label) {
        p.setPen(QPen(Qt::white, 1));
        p.setBrush(c);
        p.drawEllipse(QPointF(cx, cy), 4, 4);
        p.setPen(ink);
        p.drawText(cx + 9, cy + 4, label);
    };
    dot(x + 4, 56, QColor(0x00, 0x72, 0xb2), tr("to an edge node"));
    dot(x + 118, 56, QColor(0xd5, 0x5e, 0x00), tr("to the cloud"));
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0x3b, 0x4a, 0x6b));
    p.drawRect(x, 66, 5, 12);
    p.setPen(ink);
    p.drawText(x + 13, 77, tr("queue"));
    p.setPen(QColor(0x00, 0x72, 0xb2));
    p.drawText(x + 60, 77, QString::fromUtf8("\u2193 pull"));
    p.setPen(QColor(0xd7, 0x30, 0x27));
    p.drawText(x + 112, 77, QString::fromUtf8("\u2715 dropped"));
    p.setPen(ink);
    p.drawText(x, 96, tr("WAN link: width and colour by load"));
    if (mPods) {
        QFont bold = f;
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(QColor(0x3b, 0x4a, 0x6b));
        p.drawText(x, 114, tr("2 pods"));
        p.setPen(QColor(0xd7, 0x30, 0x27));
        p.drawText(x + 60, 114, QString::fromUtf8("\u2715 ") + tr("pod failed"));
        p.setFont(f);
    }
}

} // namespace schedlab::ui
