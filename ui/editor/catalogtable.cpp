// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogtable.h"

#include "topologydocument.h"

#include <QHeaderView>
#include <algorithm>
#include <set>

namespace schedlab::ui {

CatalogTable::CatalogTable(TopologyDocument *document, CatalogSpec spec, QWidget *parent)
    : QTableWidget(parent), mDocument(document), mSpec(std::move(spec))
{
    setColumnCount(int(mSpec.columns.size()));
    QStringList headers;
    for (const CatalogColumn &c : mSpec.columns)
        headers << c.header;
    setHorizontalHeaderLabels(headers);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    verticalHeader()->hide();
    setSelectionBehavior(QAbstractItemView::SelectRows);
    connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (!mLoading)
            editCell(item->row(), item->column(), item->text());
    });
    connect(mDocument, &TopologyDocument::changed, this, [this](TopologyDocument::Change c) {
        if (c != TopologyDocument::Change::Layout)
            reload();
    });
    reload();
}

void CatalogTable::reload()
{
    mLoading = true;
    const Scenario &s = mDocument->scenario();
    const int rows = mSpec.rows(s);
    setRowCount(rows);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columnCount(); ++c) {
            const QString text = QString::fromStdString(mSpec.columns[c].text(s, r));
            QTableWidgetItem *item = this->item(r, c);
            if (!item)
                setItem(r, c, item = new QTableWidgetItem);
            item->setText(text);
            item->setToolTip(QString::fromStdString(mSpec.path(s, r) + "." + mSpec.columns[c].key));
        }
    mLoading = false;
}

QString CatalogTable::editCell(int row, int column, const QString &text)
{
    const CatalogColumn &col = mSpec.columns[column];
    Scenario copy = mDocument->scenario();
    const std::string path = mSpec.path(copy, row) + "." + col.key;
    QString problem;
    if (const std::string e = col.set(copy, row, text.toStdString()); !e.empty())
        problem = QString::fromStdString(path + ": " + e);
    else
        for (const ScenarioError &e : validateScenario(copy))
            if (e.keyPath == path || e.keyPath.rfind(path + ".", 0) == 0 ||
                e.keyPath.rfind(path + "[", 0) == 0) {
                problem = QString::fromStdString(e.keyPath + ": " + e.message);
                break;
            }
    if (problem.isEmpty())
        mDocument->edit(tr("Change %1 %2").arg(mSpec.noun, col.header),
                        TopologyDocument::Change::Properties,
                        [&](Scenario &s) { col.set(s, row, text.toStdString()); });
    reload(); // a refused edit shows the model's value again
    Q_EMIT message(problem);
    return problem;
}

void CatalogTable::addRow()
{
    const QModelIndexList rows = selectionModel()->selectedRows();
    mSpec.add(*mDocument, rows.isEmpty() ? rowCount() - 1 : rows.back().row());
}

void CatalogTable::removeSelectedRows()
{
    std::set<int> rows;
    for (const QModelIndex &i : selectionModel()->selectedRows())
        rows.insert(i.row());
    if (rows.empty())
        return;
    mDocument->edit(tr("Remove %n %1(s)", nullptr, int(rows.size())).arg(mSpec.noun),
                    TopologyDocument::Change::Structure, [&](Scenario &s) {
                        for (auto r = rows.rbegin(); r != rows.rend(); ++r)
                            mSpec.remove(s, *r);
                    });
}

} // namespace schedlab::ui
