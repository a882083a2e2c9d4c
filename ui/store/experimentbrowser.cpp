// SPDX-License-Identifier: GPL-3.0-or-later
#include "experimentbrowser.h"

#include "experiment/storedcomparison.h"
#include "experimentsdb.h"
#include "store/experimentstore.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace schedlab::ui {

ExperimentBrowser::ExperimentBrowser(QWidget *parent) : QDockWidget(tr("Experiments"), parent)
{
    setObjectName("ExperimentBrowser");
    auto *body = new QWidget(this);
    auto *v = new QVBoxLayout(body);
    mList = new QTreeWidget(body);
    // The label names a comparison and the runs count is short: both always whole (the
    // list scrolls sideways in a narrow dock); the policies take the rest, elided, and
    // their tooltip has them all.
    mList->setHeaderLabels({tr("Comparison"), tr("Runs"), tr("Policies")});
    mList->setRootIsDecorated(false);
    mList->setMinimumWidth(110); // the window must still fit 900 × 600
    mList->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    mList->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    mList->header()->setStretchLastSection(true);
    mList->header()->setMinimumSectionSize(60);
    mMessage = new QLabel(body);
    mMessage->setWordWrap(true);
    auto *refreshButton = new QPushButton(tr("Refresh"), body);
    v->addWidget(mList, 1);
    v->addWidget(mMessage);
    v->addWidget(refreshButton);
    setWidget(body);
    connect(refreshButton, &QPushButton::clicked, this, &ExperimentBrowser::refresh);
    connect(mList, &QTreeWidget::itemActivated, this,
            [this](QTreeWidgetItem *item) { open(item->data(0, Qt::UserRole).toString()); });
    refresh();
}

int ExperimentBrowser::count() const
{
    return mList->topLevelItemCount();
}

void ExperimentBrowser::refresh()
{
    mList->clear();
    const QString path = experimentsDbPath();
    if (!QFileInfo::exists(path)) {
        mMessage->setText(tr("No experiments yet: run a comparison."));
        return;
    }
    std::string error;
    const auto store = ExperimentStore::open(path.toStdString(), &error);
    if (!store) {
        mMessage->setText(QString::fromStdString(error));
        return;
    }
    const auto comparisons = listComparisons(*store);
    for (auto c = comparisons.rbegin(); c != comparisons.rend(); ++c) {
        QStringList variants;
        for (const std::string &v : c->variants)
            variants << QString::fromStdString(v);
        auto *item = new QTreeWidgetItem(mList, {QString::fromStdString(c->label),
                                                 QString::number(c->runs), variants.join(", ")});
        item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
        item->setToolTip(2, variants.join(", "));
        item->setData(0, Qt::UserRole, QString::fromStdString(c->label));
        item->setToolTip(0, tr("%1, started %2")
                                .arg(QString::fromStdString(c->scenarioName),
                                     QString::fromStdString(c->startedAt)));
    }
    mMessage->setText(tr("%n comparison(s) in %1", nullptr, int(comparisons.size())).arg(path));
}

bool ExperimentBrowser::open(const QString &label)
{
    std::string error;
    const auto store = ExperimentStore::open(experimentsDbPath().toStdString(), &error);
    ComparisonSpec spec;
    std::vector<CellResult> cells;
    ComparisonSettings settings;
    if (!store || !loadComparison(*store, label.toStdString(), spec, cells, &error, &settings)) {
        mMessage->setText(QString::fromStdString(error));
        return false;
    }
    QString scenario;
    for (const StoredComparison &c : listComparisons(*store))
        if (c.label == label.toStdString())
            scenario = QString::fromStdString(c.scenarioName);
    if (mOpener)
        mOpener(scenario, spec, cells, label, settings);
    return true;
}

} // namespace schedlab::ui
