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
    mSummary->setText(tr("<b>#%1 %2</b> (%3) at %4 s \u2192 <b>%5</b><br>"
                         "<small>Filters: \u2713 pass, \u2717 reject. Scores: normalised "
                         "(0\u2013100) \u00d7 weight; total = their sum.</small>")
                          .arg(d.pod)
                          .arg(QString::fromStdString(d.name).toHtmlEscaped(),
                               QString::fromStdString(d.image).toHtmlEscaped())
                          .arg(d.time, 0, 'f', 1)
                          .arg(outcome(d, *mLayout).toHtmlEscaped()));

    // Chosen first, then the feasible by total, then the filtered out.
    std::vector<int> order(std::size_t(d.nodeCount));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const auto key = [&](int n) {
            return std::make_tuple(n != d.chosen, !d.feasible[n], -d.totals[n]);
        };
        return key(a) < key(b);
    });

    QStringList headers = {tr("Node"), tr("Total")};
    for (const std::string &name : plugins.names)
        headers << headerText(name);
    headers << tr("Rejected by");
    mTable->clear();
    mTable->setColumnCount(int(headers.size()));
    mTable->setRowCount(d.nodeCount);
    mTable->setHorizontalHeaderLabels(headers);
    for (int p = 0; p < count; ++p) {
        const QString stages = plugins.filters[p] && plugins.scores[p] ? tr("filter and score")
                               : plugins.filters[p]                    ? tr("filter")
                                                                       : tr("score");
        mTable->horizontalHeaderItem(2 + p)->setToolTip(QString::fromStdString(plugins.names[p]) +
                                                        " (" + stages + ")");
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
        for (int p = 0; p < count; ++p) {
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
