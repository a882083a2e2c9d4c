// SPDX-License-Identifier: GPL-3.0-or-later
#include "placementspanel.h"

#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>
#include <tuple>

namespace schedlab::ui {

namespace {
const QColor kChosen(0xd9, 0xf0, 0xd3);
const QColor kGrey(0x8a, 0x8a, 0x8a);
const QColor kFailed(0xc0, 0x27, 0x1f);
constexpr int kReasonWidth = 190;

QString failureName(PodFailure f)
{
    switch (f) {
    case PodFailure::ImagePull:
        return QStringLiteral("ImagePullError");
    case PodFailure::ContainerCreate:
        return QStringLiteral("ContainerCreateError");
    case PodFailure::Unschedulable:
        return QObject::tr("unschedulable");
    case PodFailure::None:
        break;
    }
    return {};
}

constexpr double kTie = 1e-9; ///< the framework's: totals this close are equal

QString nodeName(int n, const LiveLayout &layout)
{
    return n >= 0 && n < int(layout.nodes.size()) ? QString::fromStdString(layout.nodes[n])
                                                  : QString::number(n);
}

/** The feasible node other than the chosen one with the best total (lowest id on ties). */
int runnerUp(const LivePlacement &d)
{
    int best = -1;
    for (int n = 0; n < d.nodeCount; ++n)
        if (n != d.chosen && d.feasible[n] && (best < 0 || d.totals[n] > d.totals[best] + kTie))
            best = n;
    return best;
}

/** Plugin `p`'s weighted score on the chosen node minus on `other`. */
double margin(const LivePlacement &d, int p, int other)
{
    const LivePluginCell &a = d.cell(p, d.chosen);
    const LivePluginCell &b = d.cell(p, other);
    return a.normalized * a.weight - b.normalized * b.weight;
}

int rejections(const LivePlacement &d, int p)
{
    int count = 0;
    for (int n = 0; n < d.nodeCount; ++n)
        count += d.cell(p, n).reason.empty() ? 0 : 1;
    return count;
}

QString joinNames(const QStringList &names)
{
    if (names.size() < 2)
        return names.join(QString());
    return QStringList(names.mid(0, names.size() - 1)).join(", ") + QObject::tr(" and ") +
           names.last();
}

QTableWidgetItem *cell(const QString &text, const QString &tip = {})
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (!tip.isEmpty())
        item->setToolTip(tip);
    return item;
}
} // namespace

PlacementsPanel::PlacementsPanel(QWidget *parent)
    : QWidget(parent), mCount(new QLabel), mList(new QListWidget), mSummary(new QLabel),
      mTable(new QTableWidget)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    mCount->setText(tr("No placement yet"));
    layout->addWidget(mCount);
    mList->setObjectName("placementList");
    mList->setUniformItemSizes(true);
    mList->setMinimumHeight(90);
    layout->addWidget(mList, 1);
    mSummary->setWordWrap(true);
    layout->addWidget(mSummary);
    mTable->setObjectName("whyThisNode");
    mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mTable->setSelectionMode(QAbstractItemView::NoSelection);
    mTable->setWordWrap(true);
    mTable->verticalHeader()->hide();
    mTable->horizontalHeader()->setDefaultAlignment(Qt::AlignCenter);
    mTable->setMinimumHeight(140);
    layout->addWidget(mTable, 2);
    connect(mList, &QListWidget::currentRowChanged, this, &PlacementsPanel::listChanged);
}

void PlacementsPanel::clear()
{
    const QSignalBlocker quiet(mList);
    mList->clear();
    mTable->clear();
    mTable->setRowCount(0);
    mTable->setColumnCount(0);
    mDecisions.reset();
    mShown.reset();
    mOrder.clear();
    mFollow = true;
    mCount->setText(tr("No placement yet"));
    mSummary->clear();
}

QString PlacementsPanel::headerText(const std::string &plugin)
{
    // Words at capitals, packed into lines of about 10 characters: narrow columns.
    QStringList words;
    for (char c : plugin) {
        if (words.isEmpty() ||
            (std::isupper(static_cast<unsigned char>(c)) && !words.last().isEmpty()))
            words.append(QString());
        words.last() += QChar(c);
    }
    QStringList lines;
    for (const QString &w : words)
        if (!lines.isEmpty() && lines.last().size() + w.size() <= 10)
            lines.last() += w;
        else
            lines.append(w);
    return lines.join('\n');
}

QString PlacementsPanel::outcome(const LivePlacement &d, const LiveLayout &layout)
{
    if (d.chosen < 0)
        return d.retried ? tr("unschedulable, retried later") : tr("unschedulable");
    const QString node = d.chosen < int(layout.nodes.size())
                             ? QString::fromStdString(layout.nodes[d.chosen])
                             : QString::number(d.chosen);
    return d.failure == PodFailure::None
               ? node
               : node + QString::fromUtf8(" \u00b7 ") + failureName(d.failure);
}

void PlacementsPanel::setSnapshot(const SnapshotPtr &s)
{
    if (!s || !s->layout || !s->placements || s->placements == mDecisions)
        return;
    mLayout = s->layout;
    mDecisions = s->placements;
    const LivePlacementList &list = *mDecisions;
    if (list.empty())
        return;
    mCount->setText(tr("Placement decisions: %1 so far, newest first").arg(s->pods.decisions));
    const long keep = mShown ? mShown->sequence : -1;
    int select = 0;
    {
        const QSignalBlocker quiet(mList);
        mList->clear();
        for (auto it = list.rbegin(); it != list.rend(); ++it) {
            const LivePlacement &d = **it;
            auto *item =
                new QListWidgetItem(QString::fromUtf8("%1 s  #%2 %3 \u2192 %4")
                                        .arg(d.time, 0, 'f', 0)
                                        .arg(d.pod)
                                        .arg(QString::fromStdString(d.name), outcome(d, *mLayout)));
            item->setToolTip(QString::fromStdString(d.image));
            if (d.failure != PodFailure::None)
                item->setForeground(kFailed);
            if (!mFollow && d.sequence == keep)
                select = mList->count();
            mList->addItem(item);
        }
        mList->setCurrentRow(select);
    }
    if (select == 0)
        mFollow = true; // the one kept in view fell off the end of the list
    show(list[list.size() - 1 - std::size_t(select)]);
}

void PlacementsPanel::selectDecision(int index)
{
    mList->setCurrentRow(index);
}

void PlacementsPanel::listChanged()
{
    const int row = mList->currentRow();
    if (!mDecisions || row < 0 || row >= int(mDecisions->size()))
        return;
    mFollow = row == 0;
    show((*mDecisions)[mDecisions->size() - 1 - std::size_t(row)]);
}

std::vector<int> PlacementsPanel::pluginOrder(const LivePlacement &d)
{
    const LivePlugins &plugins = *d.plugins;
    const int count = int(plugins.names.size());
    const int other = d.chosen >= 0 ? runnerUp(d) : -1;
    std::vector<std::pair<int, double>> keys; // {group, then by}
    for (int p = 0; p < count; ++p) {
        const double m = other >= 0 && plugins.scores[p] ? margin(d, p, other) : 0.0;
        const int rejected = plugins.filters[p] ? rejections(d, p) : 0;
        if (m > kTie)
            keys.emplace_back(0, -m);
        else if (rejected > 0)
            keys.emplace_back(1, -rejected);
        else if (m < -kTie)
            keys.emplace_back(2, m);
        else
            keys.emplace_back(3, 0.0);
    }
    std::vector<int> order(static_cast<std::size_t>(count));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return keys[std::size_t(a)] < keys[std::size_t(b)]; });
    return order;
}

QString PlacementsPanel::tieText(const LivePlacement &d, const LiveLayout &layout)
{
    if (d.chosen < 0)
        return {};
    QStringList tied;
    int lowest = -1;
    for (int n = 0; n < d.nodeCount; ++n)
        if (d.feasible[n] && std::abs(d.totals[n] - d.totals[d.chosen]) <= kTie) {
            tied << nodeName(n, layout);
            if (lowest < 0)
                lowest = n;
        }
    if (tied.size() < 2)
        return {};
    // The engine gives the framework no random tie-break: the lowest node id wins,
    // unless Reserve refuses it (then the next one).
    return tr("Tie at %1 between %2: the tie-break takes the lowest node id%3 → %4.")
        .arg(d.totals[d.chosen], 0, 'f', 1)
        .arg(joinNames(tied))
        .arg(lowest == d.chosen ? QString() : tr(" that Reserve accepts"))
        .arg(nodeName(d.chosen, layout));
}

QString PlacementsPanel::decidedText(const LivePlacement &d, const LiveLayout &layout)
{
    if (d.chosen < 0)
        return {};
    const LivePlugins &plugins = *d.plugins;
    const int other = runnerUp(d);
    if (other < 0) {
        QStringList filters;
        for (int p : pluginOrder(d))
            if (plugins.filters[p] && rejections(d, p) > 0)
                filters << QString::fromStdString(plugins.names[p]);
        return filters.isEmpty() ? tr("The only node.")
                                 : tr("The only node the filters left (%1 rejected the others).")
                                       .arg(joinNames(filters));
    }
    QStringList parts;
    for (int p : pluginOrder(d)) {
        const double m = plugins.scores[p] ? margin(d, p, other) : 0.0;
        if (m <= kTie)
            break;
        parts << tr("%1 (+%2)").arg(QString::fromStdString(plugins.names[p])).arg(m, 0, 'f', 1);
    }
    if (parts.isEmpty())
        return {};
    return tr("Decided by %1 over %2, the runner-up.")
        .arg(parts.join(", "), nodeName(other, layout));
}

int PlacementsPanel::pluginColumn(int plugin) const
{
    const auto it = std::find(mOrder.begin(), mOrder.end(), plugin);
    return it == mOrder.end() ? -1 : 2 + int(it - mOrder.begin());
}

int PlacementsPanel::rowNode(int row) const
{
    const QTableWidgetItem *item = mTable->item(row, 0);
    return item ? item->data(Qt::UserRole).toInt() : -1;
}

QString PlacementsPanel::summaryText() const
{
    return mSummary->text();
}

void PlacementsPanel::show(const std::shared_ptr<const LivePlacement> &decision)
{
    if (decision == mShown)
        return;
    mShown = decision;
    const LivePlacement &d = *decision;
    const LivePlugins &plugins = *d.plugins;
    const int count = int(plugins.names.size());
    QString why = decidedText(d, *mLayout).toHtmlEscaped();
    if (const QString tie = tieText(d, *mLayout); !tie.isEmpty())
        why += (why.isEmpty() ? "" : "<br>") + tie.toHtmlEscaped();
    mSummary->setText(tr("<b>#%1 %2</b> (%3) at %4 s \u2192 <b>%5</b><br>%6%7"
                         "<small>Filters: \u2713 pass, \u2717 reject. Scores: normalised "
                         "(0\u2013100) \u00d7 weight; total = their sum. The deciding "
                         "columns come first.</small>")
                          .arg(d.pod)
                          .arg(QString::fromStdString(d.name).toHtmlEscaped(),
                               QString::fromStdString(d.image).toHtmlEscaped())
                          .arg(d.time, 0, 'f', 1)
                          .arg(outcome(d, *mLayout).toHtmlEscaped())
                          .arg(why, why.isEmpty() ? QString() : QStringLiteral("<br>")));

    // Chosen first, then the feasible by total, then the filtered out.
    std::vector<int> order(std::size_t(d.nodeCount));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const auto key = [&](int n) {
            return std::make_tuple(n != d.chosen, !d.feasible[n], -d.totals[n]);
        };
        return key(a) < key(b);
    });

    mOrder = pluginOrder(d);
    const int other = d.chosen >= 0 ? runnerUp(d) : -1;
    QStringList headers = {tr("Node"), tr("Total")};
    for (const int p : mOrder)
        headers << headerText(plugins.names[p]);
    headers << tr("Rejected by");
    mTable->clear();
    mTable->setColumnCount(int(headers.size()));
    mTable->setRowCount(d.nodeCount);
    mTable->setHorizontalHeaderLabels(headers);
    for (int col = 0; col < count; ++col) {
        const int p = mOrder[std::size_t(col)];
        const QString stages = plugins.filters[p] && plugins.scores[p] ? tr("filter and score")
                               : plugins.filters[p]                    ? tr("filter")
                                                                       : tr("score");
        QTableWidgetItem *header = mTable->horizontalHeaderItem(2 + col);
        QString tip = QString::fromStdString(plugins.names[p]) + " (" + stages + ")";
        const double m = other >= 0 && plugins.scores[p] ? margin(d, p, other) : 0.0;
        if (m > kTie) {
            tip += tr("; gave the chosen node %1 more than %2")
                       .arg(m, 0, 'f', 1)
                       .arg(nodeName(other, *mLayout));
            QFont f = header->font();
            f.setBold(true);
            header->setFont(f);
        }
        header->setToolTip(tip);
    }
    for (int row = 0; row < d.nodeCount; ++row) {
        const int n = order[row];
        const bool ok = d.feasible[n];
        QList<QTableWidgetItem *> items;
        const QString name = n < int(mLayout->nodes.size())
                                 ? QString::fromStdString(mLayout->nodes[n])
                                 : QString::number(n);
        items << cell(name);
        items.front()->setData(Qt::UserRole, n);
        items << cell(ok ? QString::number(d.totals[n], 'f', 1) : QString::fromUtf8("\u2013"));
        QStringList rejected;
        for (const int p : mOrder) {
            const LivePluginCell &c = d.cell(p, n);
            if (plugins.filters[p] && !c.reason.empty()) {
                rejected << QString::fromStdString(plugins.names[p] + ":\n" + c.reason);
                items << cell(QString::fromUtf8("\u2717"), QString::fromStdString(c.reason));
            } else if (plugins.scores[p] && ok) {
                items << cell(QString::fromUtf8("%1 \u00d7%2")
                                  .arg(c.normalized, 0, 'f', 0)
                                  .arg(c.weight, 0, 'g', 3),
                              tr("raw %1 \u00b7 normalised %2 \u00b7 weight %3 \u2192 %4")
                                  .arg(c.raw, 0, 'g', 4)
                                  .arg(c.normalized, 0, 'f', 1)
                                  .arg(c.weight, 0, 'g', 3)
                                  .arg(c.normalized * c.weight, 0, 'f', 1));
            } else {
                items << cell(plugins.filters[p] ? QString::fromUtf8("\u2713")
                                                 : QString::fromUtf8("\u2013"));
            }
        }
        items << cell(rejected.join("\n"), rejected.join("\n"));
        for (int col = 0; col < int(items.size()); ++col) {
            QTableWidgetItem *item = items[col];
            if (col > 0 && col < int(items.size()) - 1)
                item->setTextAlignment(Qt::AlignCenter);
            if (n == d.chosen) {
                item->setBackground(kChosen);
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            } else if (!ok) {
                item->setForeground(kGrey);
            }
            mTable->setItem(row, col, item);
        }
    }
    mTable->resizeColumnsToContents();
    // The reasons are long: a narrow column whose rows wrap keeps the scores in view.
    mTable->setColumnWidth(mTable->columnCount() - 1, kReasonWidth);
    mTable->resizeRowsToContents();
}

} // namespace schedlab::ui
