// SPDX-License-Identifier: GPL-3.0-or-later
#include "livetext.h"

#include <QObject>

namespace schedlab::ui {

QString rateText(double perSecond)
{
    if (perSecond >= 1e6)
        return QString::number(perSecond / 1e6, 'f', 1) + " M";
    if (perSecond >= 1e3)
        return QString::number(perSecond / 1e3, 'f', 0) + " k";
    return QString::number(perSecond, 'f', 0) + " ";
}

QString totalsText(const Snapshot &s)
{
    const RunTotals &t = s.totals;
    QString text = QObject::tr("arrived %1 · on time %2%\ndropped %3 · to cloud %4%")
                       .arg(t.arrived)
                       .arg(100.0 * t.throughputRate(), 0, 'f', 1)
                       .arg(t.dropped)
                       .arg(t.toEdge + t.toCloud ? 100.0 * t.toCloud / (t.toEdge + t.toCloud) : 0.0,
                            0, 'f', 1);
    if (s.hasPods) {
        const LivePodTotals &p = s.pods;
        text += QObject::tr("\npods placed %1 · failed %2 · unschedulable %3")
                    .arg(p.placed)
                    .arg(p.imagePull + p.containerCreate)
                    .arg(p.unschedulable);
    }
    return text;
}

} // namespace schedlab::ui
