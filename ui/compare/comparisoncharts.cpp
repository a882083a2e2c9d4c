// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisoncharts.h"

#include "chartbuilders.h"
#include "chartexport.h"
#include "chartplotter.h"
#include "chartstyle.h"
#include "exportdialog.h"
#include "qcustomplotheader.h"
#include "tableexportdialog.h"

#include <QComboBox>
#include <QFile>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace schedlab::ui {

ComparisonCharts::ComparisonCharts(QObject *parent) : QObject(parent) {}

QWidget *ComparisonCharts::page(Chart which, QWidget *extra)
{
    auto *page = new QWidget;
    auto *v = new QVBoxLayout(page);
    v->setContentsMargins(4, 4, 4, 4);
    mPlots[which] = new QCustomPlot(page);
    mPlots[which]->setMinimumSize(280, 200); // the window must still fit 900 × 600
    v->addWidget(mPlots[which], 1);
    auto *bar = new QHBoxLayout;
    if (extra)
        bar->addWidget(extra);
    bar->addStretch(1);
    auto *exportButton = new QPushButton(tr("Export…"), page);
    mExport[which] = exportButton;
    exportButton->setEnabled(false);
    exportButton->setToolTip(tr("Run a comparison, or open one from Experiments, first"));
    bar->addWidget(exportButton);
    v->addLayout(bar);
    connect(exportButton, &QPushButton::clicked, this, [this, which] { exportChart(which); });
    return page;
}

void ComparisonCharts::addTabsTo(QTabWidget *tabs)
{
    tabs->addTab(page(Throughput), tr("Throughput per frame"));
    tabs->addTab(page(Cdf), tr("Response time CDF"));
    auto *metricBar = new QWidget;
    auto *h = new QHBoxLayout(metricBar);
    h->setContentsMargins(0, 0, 0, 0);
    mMetric = new QComboBox(metricBar);
    mMetric->setSizeAdjustPolicy(QComboBox::AdjustToContents); // filled after it is laid out
    auto *table = new QPushButton(tr("LaTeX Table…"), metricBar);
    table->setToolTip(tr("Mean ± 95% CI of every policy, best values in bold"));
    table->setEnabled(false);
    mTable = table;
    h->addWidget(mMetric);
    h->addWidget(table);
    connect(mMetric, &QComboBox::currentTextChanged, this, [this](const QString &metric) {
        if (!metric.isEmpty())
            showMetric(metric);
    });
    connect(table, &QPushButton::clicked, this, &ComparisonCharts::exportTable);
    tabs->addTab(page(Bars, metricBar), tr("Metrics"));
}

void ComparisonCharts::show(const ComparisonSpec &spec, const std::vector<CellResult> &cells,
                            const std::vector<VariantSummary> &summary, const QString &title)
{
    mSummary = summary;
    mTitle = title;
    mData[Throughput] = charts::throughputPerFrame(spec, cells);
    mData[Cdf] = charts::responseTimeCdf(spec, cells);
    draw(Throughput);
    draw(Cdf);
    const QString current = mMetric->currentText();
    const QSignalBlocker quiet(mMetric);
    mMetric->clear();
    mMetric->addItems(charts::metricNames(summary));
    const int keep = mMetric->findText(current.isEmpty() ? QString("throughput_rate") : current);
    mMetric->setCurrentIndex(std::max(0, keep));
    showMetric(mMetric->currentText());
}

void ComparisonCharts::clear()
{
    mSummary.clear();
    mTitle.clear();
    for (Chart which : {Throughput, Cdf, Bars}) {
        mData[which] = {};
        draw(which);
    }
    const QSignalBlocker quiet(mMetric);
    mMetric->clear();
}

bool ComparisonCharts::showMetric(const QString &metric)
{
    QString error;
    const auto bars = charts::metricBars(mSummary, metric, &error);
    if (!bars)
        return false;
    mData[Bars] = *bars;
    if (mMetric->currentText() != metric) {
        const QSignalBlocker quiet(mMetric);
        mMetric->setCurrentText(metric);
    }
    draw(Bars);
    return true;
}

void ComparisonCharts::draw(Chart which)
{
    charts::ChartStyle style = *charts::chartPreset("screen");
    style.showTitle = false;
    charts::drawChart(mPlots[which], mData[which], style);
    mPlots[which]->replot(QCustomPlot::rpQueuedReplot);
    if (mExport[which]) {
        const bool data = !mData[which].series.isEmpty();
        mExport[which]->setEnabled(data);
        mExport[which]->setToolTip(data ? tr("Export this chart for a paper (PDF, SVG, PNG, "
                                             "pgfplots or CSV)")
                                        : tr("Run a comparison, or open one from Experiments, "
                                             "first"));
    }
    if (mTable)
        mTable->setEnabled(!mSummary.empty());
}

bool ComparisonCharts::canExport(Chart which) const
{
    return mExport[which] && mExport[which]->isEnabled();
}

void ComparisonCharts::exportChart(Chart which)
{
    if (mData[which].series.isEmpty())
        return;
    charts::ExportDialog dialog(mData[which], mPlots[which]->window());
    dialog.exec();
}

bool ComparisonCharts::writeLatexTable(const QString &path, QString *error) const
{
    QStringList metrics = charts::defaultTableMetrics(mSummary);
    if (!mMetric->currentText().isEmpty() && !metrics.contains(mMetric->currentText()))
        metrics << mMetric->currentText();
    const auto table = charts::latexTable(mSummary, metrics, error);
    if (!table)
        return false;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text) ||
        f.write(table->toUtf8()) < 0) {
        *error = tr("cannot write %1: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

void ComparisonCharts::exportTable()
{
    if (mSummary.empty())
        return;
    QStringList metrics = charts::defaultTableMetrics(mSummary);
    if (!mMetric->currentText().isEmpty() && !metrics.contains(mMetric->currentText()))
        metrics << mMetric->currentText();
    charts::TableExportDialog dialog(mSummary, metrics, mPlots[Bars]->window());
    dialog.exec();
}

} // namespace schedlab::ui
