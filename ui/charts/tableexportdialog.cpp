// SPDX-License-Identifier: GPL-3.0-or-later
#include "tableexportdialog.h"

#include "base/textfile.h"
#include "chartbuilders.h"
#include "chartexport.h"
#include "metrics/metriccatalog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace schedlab::charts {

TableExportDialog::TableExportDialog(std::vector<VariantSummary> summary,
                                     const QStringList &checked, QWidget *parent)
    : QDialog(parent), mSummary(std::move(summary))
{
    setWindowTitle(tr("LaTeX Table"));
    mList = new QListWidget(this);
    for (const QString &name : metricNames(mSummary)) {
        const MetricInfo *m = findMetric(name.toStdString());
        auto *item = new QListWidgetItem(
            m ? QStringLiteral("%1 (%2)").arg(
                    QString::fromUtf8(m->label.data(), qsizetype(m->label.size())), name)
              : name,
            mList);
        item->setData(Qt::UserRole, name);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked.contains(name) ? Qt::Checked : Qt::Unchecked);
        if (m)
            item->setToolTip(QString::fromUtf8(m->meaning.data(), qsizetype(m->meaning.size())));
    }
    mPreview = new QPlainTextEdit(this);
    mPreview->setReadOnly(true);
    mPreview->setLineWrapMode(QPlainTextEdit::NoWrap);
    mPreview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    mPath = new QLineEdit(QDir::home().filePath(QStringLiteral("comparison.tex")), this);
    auto *browseButton = new QPushButton(tr("Browse…"), this);
    mError = new QLabel(this);
    mError->setWordWrap(true);
    mError->setStyleSheet(QStringLiteral("color: #b00020;"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);

    auto *columns = new QVBoxLayout;
    columns->addWidget(new QLabel(tr("Columns:"), this));
    columns->addWidget(mList, 1);
    auto *top = new QHBoxLayout;
    top->addLayout(columns, 1);
    top->addWidget(mPreview, 2);
    auto *file = new QHBoxLayout;
    file->addWidget(new QLabel(tr("File:"), this));
    file->addWidget(mPath, 1);
    file->addWidget(browseButton);
    auto *v = new QVBoxLayout(this);
    v->addLayout(top, 1);
    v->addLayout(file);
    v->addWidget(mError);
    v->addWidget(buttons);

    // Wide enough for the metrics' names and a table's rows as they are written.
    mList->setMinimumWidth(mList->sizeHintForColumn(0) + 2 * mList->frameWidth() + 24);
    mPreview->setMinimumSize(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 72,
                             fontMetrics().lineSpacing() * 16);
    connect(mList, &QListWidget::itemChanged, this, &TableExportDialog::updatePreview);
    connect(browseButton, &QPushButton::clicked, this, &TableExportDialog::browse);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (exportNow())
            accept();
    });
    updatePreview();
}

QStringList TableExportDialog::metrics() const
{
    QStringList out;
    for (int i = 0; i < mList->count(); ++i)
        if (mList->item(i)->checkState() == Qt::Checked)
            out << mList->item(i)->data(Qt::UserRole).toString();
    return out;
}

void TableExportDialog::setMetrics(const QStringList &names)
{
    const QSignalBlocker quiet(mList);
    for (int i = 0; i < mList->count(); ++i)
        mList->item(i)->setCheckState(names.contains(mList->item(i)->data(Qt::UserRole).toString())
                                          ? Qt::Checked
                                          : Qt::Unchecked);
    updatePreview();
}

QString TableExportDialog::path() const
{
    return mPath->text().trimmed();
}

void TableExportDialog::setPath(const QString &path)
{
    mPath->setText(path);
}

QString TableExportDialog::tableText() const
{
    const QStringList chosen = metrics();
    if (chosen.isEmpty())
        return {};
    return latexTable(mSummary, chosen, nullptr).value_or(QString());
}

void TableExportDialog::updatePreview()
{
    const QString text = tableText();
    mPreview->setPlainText(text.isEmpty() ? tr("Tick the metrics the table shows.") : text);
}

void TableExportDialog::browse()
{
    const QString chosen =
        QFileDialog::getSaveFileName(this, tr("LaTeX Table"), path(), tr("LaTeX files (*.tex)"));
    if (!chosen.isEmpty())
        setPath(chosen);
}

bool TableExportDialog::exportNow()
{
    mError->clear();
    const QString text = tableText();
    if (text.isEmpty()) {
        mError->setText(tr("Tick at least one metric."));
        return false;
    }
    if (path().isEmpty()) {
        mError->setText(tr("Choose a file to export to."));
        return false;
    }
    const QByteArray bytes = text.toUtf8();
    std::string why;
    if (!replaceFile(path().toStdString(),
                     std::string_view(bytes.constData(), std::size_t(bytes.size())), &why)) {
        mError->setText(QString::fromStdString(why));
        return false;
    }
    return true;
}

QString TableExportDialog::errorText() const
{
    return mError->text();
}

} // namespace schedlab::charts
