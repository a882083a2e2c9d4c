// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartdata.h"
#include "trainingcurves.h"

#include <QWidget>
#include <array>

class QCustomPlot;
class QPushButton;

namespace schedlab::ui {

/**
 * The dashboard's four curves (reward, actor and critic loss, throughput rate per
 * episode) in a grid: each episode's value as a faint dot, its moving average as
 * a line over them, in the agent's colour from the charts' palette, with dashed
 * lines where a curriculum stage begins. Each chart has
 * an Export button that writes it for a paper. It draws only when told (redraw()),
 * so a run's points can arrive at any rate.
 */
class TrainingCharts : public QWidget
{
    Q_OBJECT

public:
    explicit TrainingCharts(QWidget *parent = nullptr);

    /** The agent whose colour the curves take. */
    void setAgent(const QString &agent) { mAgent = agent; }
    /** The smoothing weight in [0, 1) (see TrainingCurves::ema). */
    void setSmoothing(double weight) { mSmoothing = weight; }
    double smoothing() const { return mSmoothing; }
    /** Draws `curves`, with the x axis reaching at least `plannedEpisodes`. */
    void redraw(const TrainingCurves &curves, int plannedEpisodes);

    QCustomPlot *plot(TrainingCurves::Metric metric) const { return mPlots[metric]; }
    /** What chart `metric` shows now, raw and smoothed, as plain data (for export and tests). */
    charts::ChartData data(TrainingCurves::Metric metric) const;

private:
    QWidget *page(TrainingCurves::Metric metric);
    void exportChart(TrainingCurves::Metric metric);
    static void markStages(QCustomPlot *plot, const QVector<QPair<double, QString>> &stages);
    static void fitStageNames(QCustomPlot *plot);

    std::array<QCustomPlot *, TrainingCurves::MetricCount> mPlots{};
    std::array<charts::ChartData, TrainingCurves::MetricCount> mData;
    std::array<QPushButton *, TrainingCurves::MetricCount> mExport{}; ///< live with data only
    QString mAgent;
    double mSmoothing = 0.6;
};

} // namespace schedlab::ui
