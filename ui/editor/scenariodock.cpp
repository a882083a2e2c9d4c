// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariodock.h"

#include <QHeaderView>
#include <QTreeWidget>

namespace schedlab::ui {

namespace {
constexpr int kPath = Qt::UserRole, kName = Qt::UserRole + 1;

QTreeWidgetItem *row(QTreeWidgetItem *parent, const QString &name, const QString &detail,
                     const QString &path = {}, const QString &nodeName = {})
{
    auto *item = new QTreeWidgetItem(parent, {name, detail});
    item->setData(0, kPath, path);
    item->setData(0, kName, nodeName);
    return item;
}
} // namespace

ScenarioDock::ScenarioDock(QWidget *parent) : QDockWidget(tr("Scenario"), parent)
{
    setObjectName("ScenarioDock");
    mTree = new QTreeWidget(this);
    mTree->setHeaderLabels({tr("Name"), tr("Details")});
    mTree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    setWidget(mTree);
    connect(mTree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item && !item->data(0, kPath).toString().isEmpty())
            Q_EMIT pathActivated(item->data(0, kPath).toString(), item->data(0, kName).toString());
    });
}

void ScenarioDock::setScenario(const Scenario &s)
{
    mTree->clear();
    auto *topology = new QTreeWidgetItem(mTree, {tr("Topology")});
    for (int i = 0; i < int(s.sites.size()); ++i) {
        const SiteSpec &site = s.sites[i];
        const QString sitePath = QString("sites[%1]").arg(i);
        auto *siteRow = row(topology, QString::fromStdString(site.name),
                            site.kind == SiteKind::Cloud ? tr("cloud") : tr("edge site"), sitePath,
                            QString::fromStdString(site.name));
        auto addNodes = [&](QTreeWidgetItem *parent, const std::vector<NodeSpec> &nodes,
                            const QString &base) {
            for (int g = 0; g < int(nodes.size()); ++g)
                for (int k = 1; k <= nodes[g].count; ++k) {
                    const QString name = QString::fromStdString(nodes[g].nameOf(k));
                    row(parent, name,
                        QString("%1 · %2 cpu").arg(QString::fromStdString(nodes[g].arch)).arg(nodes[g].cpu),
                        base + QString(".nodes[%1]").arg(g), name);
                }
        };
        for (int e = 0; e < int(site.eaps.size()); ++e) {
            const QString eapPath = sitePath + QString(".eaps[%1]").arg(e);
            auto *eapRow = row(siteRow, QString::fromStdString(site.eaps[e].name), tr("eAP"),
                               eapPath, QString::fromStdString(site.eaps[e].name));
            addNodes(eapRow, site.eaps[e].nodes, eapPath);
        }
        addNodes(siteRow, site.nodes, sitePath);
    }
    auto *services = new QTreeWidgetItem(mTree, {tr("Services"), QString::number(s.services.size())});
    for (const ServiceSpec &svc : s.services)
        row(services, QString::fromStdString(svc.name),
            QString("%1 · %2 cpu").arg(QString::fromStdString(svc.image)).arg(svc.replicaCpu));
    auto *images = new QTreeWidgetItem(mTree, {tr("Images"), QString::number(s.images.size())});
    for (const ImageSpec &image : s.images) {
        auto *imageRow = row(images, QString::fromStdString(image.name),
                             image.index ? tr("multi-arch index") : tr("per-arch names"));
        for (const ImageVariant &v : image.variants) {
            double bytes = 0;
            for (const LayerSpec &l : v.layers)
                bytes += l.size;
            row(imageRow, QString::fromStdString(v.arch),
                QString("%1 layers · %2 MB").arg(v.layers.size()).arg(bytes / 1e6, 0, 'f', 0));
        }
    }
    topology->setExpanded(true);
    for (int i = 0; i < topology->childCount(); ++i)
        topology->child(i)->setExpanded(true);
}

void ScenarioDock::select(const QString &path, const QString &nodeName)
{
    for (QTreeWidgetItemIterator it(mTree); *it; ++it)
        if ((*it)->data(0, kPath).toString() == path && (*it)->data(0, kName).toString() == nodeName) {
            const QSignalBlocker block(mTree);
            mTree->setCurrentItem(*it);
            mTree->scrollToItem(*it);
            return;
        }
}

} // namespace schedlab::ui
