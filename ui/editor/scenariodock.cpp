// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariodock.h"

#include "elementref.h"

#include <QHash>
#include <QHeaderView>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <optional>

namespace schedlab::ui {

namespace {
constexpr int kPath = Qt::UserRole, kName = Qt::UserRole + 1;
constexpr int kUnfilled = Qt::UserRole + 2; ///< an eAP or site whose node rows are not made yet
constexpr int kPlace = Qt::UserRole + 3;    ///< a catalog row's place: "images[0].variants[1]"
constexpr int kOpenSiteNodes = 200;         ///< a site with more nodes of its own starts collapsed

/** What identifies a row across rebuilds: its element's path and name, or its place. */
QString keyOf(const QTreeWidgetItem *item)
{
    const QString path = item->data(0, kPath).toString();
    if (!path.isEmpty())
        return path + '|' + item->data(0, kName).toString();
    return (item->parent() ? keyOf(item->parent()) : QString()) + '/' + item->text(0);
}

/** A state per row (open, or current), found again after a rebuild by the row's
 *  key, else by its element's name (it moved: one before it was deleted), else by
 *  its path and place among that path's rows (it was renamed). A catalog row (a
 *  service, an image, a variant) is found by its text, else by its place. */
class RowMemory
{
public:
    void remember(const QTreeWidgetItem *item, bool state)
    {
        mByKey.insert(keyOf(item), state);
        if (const QString place = item->data(0, kPlace).toString(); !place.isEmpty())
            mByPlace.insert(place, state);
        const QString path = item->data(0, kPath).toString();
        if (path.isEmpty())
            return;
        mByName.insert(item->data(0, kName).toString(), state);
        const QTreeWidgetItem *parent = item->parent();
        int ordinal = 0;
        for (int i = 0; parent && parent->child(i) != item; ++i)
            ordinal += parent->child(i)->data(0, kPath).toString() == path;
        mByPath.insert(path + '#' + QString::number(ordinal), state);
    }

    std::optional<bool> recall(const QTreeWidgetItem *item, int ordinal) const
    {
        if (const auto it = mByKey.find(keyOf(item)); it != mByKey.end())
            return *it;
        if (const auto it = mByPlace.find(item->data(0, kPlace).toString()); it != mByPlace.end())
            return *it;
        const QString path = item->data(0, kPath).toString();
        if (path.isEmpty())
            return std::nullopt;
        if (const auto it = mByName.find(item->data(0, kName).toString()); it != mByName.end())
            return *it;
        if (const auto it = mByPath.find(path + '#' + QString::number(ordinal));
            it != mByPath.end())
            return *it;
        return std::nullopt;
    }

private:
    QHash<QString, bool> mByKey, mByName, mByPath, mByPlace;
};

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
    connect(mTree, &QTreeWidget::itemExpanded, this, &ScenarioDock::fill);
    connect(mTree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item && !item->data(0, kPath).toString().isEmpty())
            Q_EMIT pathActivated(item->data(0, kPath).toString(), item->data(0, kName).toString());
    });
}

void ScenarioDock::setScenario(const Scenario &s)
{
    // An edit rebuilds the tree: the rows the user opened, closed or selected stay so.
    RowMemory expanded;
    for (QTreeWidgetItemIterator it(mTree); *it; ++it)
        if ((*it)->childCount() > 0 || (*it)->data(0, kUnfilled).toBool())
            expanded.remember(*it, (*it)->isExpanded());
    RowMemory current;
    if (mTree->currentItem())
        current.remember(mTree->currentItem(), true);
    const QSignalBlocker quiet(mTree); // the rebuild is no choice of the user's
    mTree->clear();
    mSites = s.sites;
    auto *topology = new QTreeWidgetItem(mTree, {tr("Topology")});
    auto lazy = [](QTreeWidgetItem *row, const std::vector<NodeSpec> &nodes) {
        if (nodes.empty())
            return;
        row->setData(0, kUnfilled, true);
        row->setChildIndicatorPolicy(QTreeWidgetItem::ShowIndicator);
    };
    std::vector<QTreeWidgetItem *> open;
    for (int i = 0; i < int(s.sites.size()); ++i) {
        const SiteSpec &site = s.sites[i];
        const QString sitePath = QString("sites[%1]").arg(i);
        auto *siteRow = row(topology, QString::fromStdString(site.name),
                            site.kind == SiteKind::Cloud ? tr("cloud") : tr("edge site"), sitePath,
                            QString::fromStdString(site.name));
        for (int e = 0; e < int(site.eaps.size()); ++e) {
            const QString eapPath = sitePath + QString(".eaps[%1]").arg(e);
            auto *eapRow = row(siteRow, QString::fromStdString(site.eaps[e].name), tr("eAP"),
                               eapPath, QString::fromStdString(site.eaps[e].name));
            lazy(eapRow, site.eaps[e].nodes);
        }
        lazy(siteRow, site.nodes);
        int own = 0;
        for (const NodeSpec &g : site.nodes)
            own += g.count;
        if (own <= kOpenSiteNodes)
            open.push_back(siteRow);
    }
    auto *services =
        new QTreeWidgetItem(mTree, {tr("Services"), QString::number(s.services.size())});
    for (std::size_t i = 0; i < s.services.size(); ++i) {
        const ServiceSpec &svc = s.services[i];
        row(services, QString::fromStdString(svc.name),
            QString("%1 · %2 cpu").arg(QString::fromStdString(svc.image)).arg(svc.replicaCpu))
            ->setData(0, kPlace, QString("services[%1]").arg(i));
    }
    auto *images = new QTreeWidgetItem(mTree, {tr("Images"), QString::number(s.images.size())});
    for (std::size_t i = 0; i < s.images.size(); ++i) {
        const ImageSpec &image = s.images[i];
        const QString place = QString("images[%1]").arg(i);
        auto *imageRow = row(images, QString::fromStdString(image.name),
                             image.index ? tr("multi-arch index") : tr("per-arch names"));
        imageRow->setData(0, kPlace, place);
        for (std::size_t j = 0; j < image.variants.size(); ++j) {
            const ImageVariant &v = image.variants[j];
            double bytes = 0;
            for (const LayerSpec &l : v.layers)
                bytes += l.size;
            row(imageRow, QString::fromStdString(v.arch),
                QString("%1 layers · %2 MB").arg(v.layers.size()).arg(bytes / 1e6, 0, 'f', 0))
                ->setData(0, kPlace, place + QString(".variants[%1]").arg(j));
        }
    }
    topology->setExpanded(true);
    for (QTreeWidgetItem *siteRow : open) {
        fill(siteRow); // signals are blocked: itemExpanded would not fill it
        siteRow->setExpanded(true);
    }
    QHash<QString, int> ordinals; // of each row among the rows of its path, so far
    QTreeWidgetItem *chosen = nullptr;
    for (QTreeWidgetItemIterator it(mTree); *it; ++it) { // children come after: filled first
        const int ordinal = ordinals[(*it)->data(0, kPath).toString()]++;
        if (const auto was = expanded.recall(*it, ordinal)) {
            if (*was && (*it)->data(0, kUnfilled).toBool())
                fill(*it);
            (*it)->setExpanded(*was);
        }
        if (!chosen && current.recall(*it, ordinal))
            chosen = *it;
    }
    if (chosen)
        mTree->setCurrentItem(chosen);
}

void ScenarioDock::fill(QTreeWidgetItem *parent)
{
    if (!parent->data(0, kUnfilled).toBool())
        return;
    parent->setData(0, kUnfilled, false);
    const ElementRef ref = ElementRef::parse(parent->data(0, kPath).toString());
    if (ref.site < 0 || ref.site >= int(mSites.size()))
        return;
    const SiteSpec &site = mSites[ref.site];
    if (ref.eap >= int(site.eaps.size()))
        return;
    const std::vector<NodeSpec> &nodes = ref.eap >= 0 ? site.eaps[ref.eap].nodes : site.nodes;
    const QString base = parent->data(0, kPath).toString();
    QList<QTreeWidgetItem *> rows;
    for (int g = 0; g < int(nodes.size()); ++g)
        for (int k = 1; k <= nodes[g].count; ++k) {
            const QString name = QString::fromStdString(nodes[g].nameOf(k));
            auto *item = new QTreeWidgetItem({name, QString("%1 · %2 cpu")
                                                        .arg(QString::fromStdString(nodes[g].arch))
                                                        .arg(nodes[g].cpu)});
            item->setData(0, kPath, base + QString(".nodes[%1]").arg(g));
            item->setData(0, kName, name);
            rows << item;
        }
    parent->addChildren(rows); // one insertion, not one per row
}

void ScenarioDock::select(const QString &path, const QString &nodeName)
{
    // A node's row exists once its eAP or site was filled.
    if (const int at = path.indexOf(".nodes["); at > 0)
        for (QTreeWidgetItemIterator it(mTree); *it; ++it)
            if ((*it)->data(0, kPath).toString() == path.left(at) &&
                (*it)->data(0, kUnfilled).toBool()) {
                const QSignalBlocker block(mTree);
                fill(*it);
                break;
            }
    for (QTreeWidgetItemIterator it(mTree); *it; ++it)
        if ((*it)->data(0, kPath).toString() == path &&
            (*it)->data(0, kName).toString() == nodeName) {
            const QSignalBlocker block(mTree);
            mTree->setCurrentItem(*it);
            mTree->scrollToItem(*it);
            return;
        }
}

} // namespace schedlab::ui
