// SPDX-License-Identifier: GPL-3.0-or-later
#include "propertiesdock.h"

#include "scenario/units.h"

#include <QHeaderView>
#include <QRegularExpression>
#include <QTableWidget>

namespace schedlab::ui {

namespace {
QString q(const std::string &s) { return QString::fromStdString(s); }

/** Index after `key[` in a path like "sites[0].eaps[1]", or -1. */
int indexOf(const QString &path, const QString &key)
{
    const auto m = QRegularExpression(QRegularExpression::escape(key) + "\\[(\\d+)\\]").match(path);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}
} // namespace

PropertiesDock::PropertiesDock(QWidget *parent) : QDockWidget(tr("Properties"), parent)
{
    setObjectName("PropertiesDock");
    mTable = new QTableWidget(0, 2, this);
    mTable->setHorizontalHeaderLabels({tr("Property"), tr("Value")});
    mTable->horizontalHeader()->setStretchLastSection(true);
    mTable->verticalHeader()->hide();
    mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    setWidget(mTable);
}

void PropertiesDock::setScenario(const Scenario &scenario)
{
    mScenario = scenario;
    mTable->setRowCount(0);
    addRow(tr("scenario"), q(scenario.name));
    addRow(tr("description"), q(scenario.description));
    addRow(tr("seed"), QString::number(scenario.seed));
    addRow(tr("slot"), q(formatDuration(scenario.time.slot)));
    addRow(tr("frame"), tr("%1 slots").arg(scenario.time.frame));
    addRow(tr("duration"), q(formatDuration(scenario.time.duration)));
    addRow(tr("dispatch per slot"), scenario.time.dispatchPerSlot == 0
                                        ? tr("all")
                                        : QString::number(scenario.time.dispatchPerSlot));
    const PolicySelection &p = scenario.policies;
    addRow(tr("policies"), q(p.dispatch + " · " + p.dequeue + " · " + p.orchestration + " · " +
                             p.placement));
    if (QTableWidgetItem *d = mTable->item(1, 1))
        d->setToolTip(d->text());
}

void PropertiesDock::addRow(const QString &key, const QString &value)
{
    const int r = mTable->rowCount();
    mTable->insertRow(r);
    mTable->setItem(r, 0, new QTableWidgetItem(key));
    mTable->setItem(r, 1, new QTableWidgetItem(value));
}

void PropertiesDock::show(const QString &path, const QString &name)
{
    mTable->setRowCount(0);
    const int s = indexOf(path, "sites");
    if (s < 0 || s >= int(mScenario.sites.size()))
        return;
    const SiteSpec &site = mScenario.sites[s];
    const int e = indexOf(path, "eaps");
    const int g = indexOf(path, "nodes");
    const std::vector<NodeSpec> *groups = &site.nodes;
    if (e >= 0 && e < int(site.eaps.size()))
        groups = &site.eaps[e].nodes;

    if (g >= 0 && g < int(groups->size())) {
        const NodeSpec &n = (*groups)[g];
        addRow(tr("node"), name);
        addRow(tr("group"), n.count > 1 ? QString("%1 × %2").arg(q(n.name)).arg(n.count) : q(n.name));
        addRow(tr("arch"), q(n.arch));
        addRow(tr("cpu"), q(formatCpu(n.cpu)));
        addRow(tr("memory"), q(formatSize(n.memory)));
        addRow(tr("disk"), q(formatSize(n.disk)));
        addRow(tr("bandwidth"), q(formatBandwidth(n.bandwidth)));
        addRow(tr("perf"), QString::number(n.perf));
        for (const auto &[k, v] : n.labels)
            addRow(tr("label"), q(k) + "=" + q(v));
        for (const Taint &t : n.taints)
            addRow(tr("taint"), q(t.key) + "=" + q(t.value) + ":" + q(t.effect));
        for (const auto &[svc, count] : n.hosts)
            addRow(tr("hosts"), QString("%1 × %2").arg(q(svc)).arg(count));
        return;
    }
    if (e >= 0 && e < int(site.eaps.size())) {
        int nodes = 0;
        for (const NodeSpec &n : site.eaps[e].nodes)
            nodes += n.count;
        addRow(tr("eAP"), q(site.eaps[e].name));
        addRow(tr("site"), q(site.name));
        addRow(tr("edge nodes"), QString::number(nodes));
        addRow(tr("access link"), q(formatDuration(mScenario.network.access.latency)) + ", " +
                                      q(formatBandwidth(mScenario.network.access.bandwidth)));
        return;
    }
    addRow(tr("site"), q(site.name));
    addRow(tr("kind"), site.kind == SiteKind::Cloud ? tr("cloud") : tr("edge"));
    addRow(tr("region"), q(site.region));
    addRow(tr("zone"), q(site.zone));
    addRow(tr("health"), QString::number(site.health));
    addRow(tr("energy efficiency"), QString::number(site.energyEfficiency));
}

QStringList PropertiesDock::rows() const
{
    QStringList out;
    for (int r = 0; r < mTable->rowCount(); ++r)
        out << mTable->item(r, 0)->text() + "=" + mTable->item(r, 1)->text();
    return out;
}

} // namespace schedlab::ui
