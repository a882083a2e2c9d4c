// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartdata.h"
#include "experiment/comparison.h"

#include <QObject>
#include <vector>

class QComboBox;
class QCustomPlot;
class QPushButton;
class QTabWidget;
class QWidget;

namespace schedlab::ui {

/**
 * The comparison's charts as tabs: throughput per frame with its 95% CI band,
 * the response-time CDF, and bars of a chosen metric with CI error bars. Each
 * tab has an Export button that writes the same chart for a paper.
 */
class ComparisonCharts : public QObject
{
    Q_OBJECT

public:
    explicit ComparisonCharts(QObject *parent = nullptr);
    void addTabsTo(QTabWidget *tabs);
    void show(const ComparisonSpec &spec, const std::vector<CellResult> &cells,
              const std::vector<VariantSummary> &summary, const QString &title);
    /** Shows nothing: the results belonged to another scenario. */
    void clear();

    enum Chart { Throughput, Cdf, Bars };
    /** What chart `which` shows now, as plain data (for export and tests). */
    const charts::ChartData &data(Chart which) const { return mData[which]; }
    QCustomPlot *plot(Chart which) const { return mPlots[which]; }
    /** Its Export… button is enabled: the chart shows something. */
    bool canExport(Chart which) const;
    /** Picks the metric of the bar chart ("throughput_rate", ...). */
    bool showMetric(const QString &metric);
    /** A booktabs table of the usual metrics and the one shown, mean ± 95% CI. */
    bool writeLatexTable(const QString &path, QString *error) const;

private:
    QWidget *page(Chart which, QWidget *extra = nullptr);
    void draw(Chart which);
    void exportChart(Chart which);
    void exportTable();

    QCustomPlot *mPlots[3] = {};
    QPushButton *mExport[3] = {}; ///< enabled while its chart has something to export
    QPushButton *mTable = nullptr;
    charts::ChartData mData[3];
    QComboBox *mMetric = nullptr;
    std::vector<VariantSummary> mSummary;
    QString mTitle;
};

} // namespace schedlab::ui
