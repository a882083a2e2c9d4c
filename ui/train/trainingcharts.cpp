// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingcharts.h"

#include "chartstyle.h"
#include "exportdialog.h"
#include "qcustomplotheader.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace schedlab::ui {

TrainingCharts::TrainingCharts(QWidget *parent) : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    for (int m = 0; m < TrainingCurves::MetricCount; ++m)
        grid->addWidget(page(TrainingCurves::Metric(m)), m / 2, m % 2);
}

QWidget *TrainingCharts::page(TrainingCurves::Metric metric)
{
    auto *page = new QWidget(this);
    auto *v = new QVBoxLayout(page);
    v->setContentsMargins(2, 2, 2, 2);
    v->setSpacing(0);
    QCustomPlot *plot = new QCustomPlot(page);
    plot->setMinimumSize(140, 100); // the window must still fit 900 × 600
    plot->xAxis->setLabel(tr("Episode"));
    plot->yAxis->setLabel(TrainingCurves::title(metric));
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples); // whole episodes
    plot->xAxis->setTicker(ticker);
    QCPGraph *raw = plot->addGraph();
    raw->setLineStyle(QCPGraph::lsNone);
    raw->setName(tr("episode"));
    QCPGraph *smooth = plot->addGraph();
    smooth->setName(tr("moving average"));
    mPlots[metric] = plot;
    connect(plot, &QCustomPlot::afterLayout, plot, [plot] { fitStageNames(plot); });
    v->addWidget(plot, 1);
    auto *bar = new QHBoxLayout;
    bar->addStretch(1);
    auto *exportButton = new QPushButton(tr("Export…"), page);
    exportButton->setToolTip(tr("Write this chart for a paper"));
    exportButton->setEnabled(false); // until an episode is on it
    mExport[metric] = exportButton;
    bar->addWidget(exportButton);
    v->addLayout(bar);
    connect(exportButton, &QPushButton::clicked, this, [this, metric] { exportChart(metric); });
    return page;
}

void TrainingCharts::redraw(const TrainingCurves &curves, int plannedEpisodes)
{
    const QColor colour = charts::policyColour(mAgent);
    QColor faint = colour;
    faint.setAlpha(110);
    for (int m = 0; m < TrainingCurves::MetricCount; ++m) {
        const auto metric = TrainingCurves::Metric(m);
        QVector<double> x, y;
        curves.raw(metric, &x, &y);
        const QVector<double> s = TrainingCurves::ema(y, mSmoothing);
        QCustomPlot *plot = mPlots[m];
        QCPGraph *raw = plot->graph(0);
        QCPGraph *smooth = plot->graph(1);
        raw->setData(x, y, true);
        raw->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, faint, faint, 5));
        raw->setPen(QPen(faint));
        smooth->setData(x, s, true);
        smooth->setPen(QPen(colour, 2));

        const double last =
            std::max<double>({1.0, double(plannedEpisodes), x.isEmpty() ? 1.0 : x.back()});
        plot->xAxis->setRange(0.5, last + 0.5);
        if (!y.isEmpty()) {
            const auto [lo, hi] = std::minmax_element(y.begin(), y.end());
            const double pad =
                std::max(1e-9, (*hi - *lo) * 0.08 + (*hi == *lo ? std::abs(*hi) * 0.1 + 1e-3 : 0));
            plot->yAxis->setRange(*lo - pad, *hi + pad);
        } else {
            plot->yAxis->setRange(0, 1); // no value yet: nothing of another run's range
        }
        markStages(plot, curves.stages());
        plot->replot(QCustomPlot::rpQueuedReplot);

        charts::ChartData &d = mData[m];
        d.title = TrainingCurves::title(metric);
        d.xLabel = tr("Episode");
        d.yLabel = d.title;
        d.kind = charts::ChartKind::Lines;
        d.series.clear();
        if (!x.isEmpty()) {
            charts::Series rawSeries{
                tr("%1, per episode").arg(mAgent), mAgent + " raw", x, y, {}, {}};
            charts::Series smoothSeries{
                tr("%1, EMA %2").arg(mAgent).arg(mSmoothing, 0, 'f', 2), mAgent, x, s, {}, {}};
            d.series = {rawSeries, smoothSeries};
        }
        mExport[m]->setEnabled(!d.series.isEmpty());
    }
}

namespace {
/** A stage label's properties: its whole name, and where the next stage begins. */
constexpr const char *kStageName = "stageName";
constexpr const char *kStageEnd = "stageEnd";
} // namespace

void TrainingCharts::markStages(QCustomPlot *plot, const QVector<QPair<double, QString>> &stages)
{
    // A curriculum stage changes the workload, so a curve may step where one begins: say so.
    plot->clearItems();
    const QPen pen(QColor(120, 120, 120), 1, Qt::DashLine);
    int index = 0;
    for (const auto &[episode, name] : stages) {
        if (episode > 1) {
            auto *line = new QCPItemStraightLine(plot);
            line->setPen(pen);
            line->point1->setCoords(episode - 0.5, 0);
            line->point2->setCoords(episode - 0.5, 1);
        }
        auto *label = new QCPItemText(plot);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        // Every other name a line lower: short stages' names would run into each other.
        label->position->setCoords(episode - 0.4, index++ % 2 ? 0.09 : 0.01);
        label->setText(name);
        label->setProperty(kStageName, name);
        label->setProperty(kStageEnd, index < stages.size() ? stages[index].first - 0.5 : qQNaN());
        label->setColor(QColor(110, 110, 110));
        QFont f = label->font();
        f.setPointSizeF(f.pointSizeF() * 0.85);
        label->setFont(f);
    }
}

/** Each stage's name as much as fits before the next stage's line (or the chart's
 *  edge), elided: a short stage's name ran across the next one's line. */
void TrainingCharts::fitStageNames(QCustomPlot *plot)
{
    const QCPAxis *x = plot->xAxis;
    for (int i = 0; i < plot->itemCount(); ++i) {
        auto *label = qobject_cast<QCPItemText *>(plot->item(i));
        if (!label || !label->property(kStageName).isValid())
            continue;
        const double end = label->property(kStageEnd).toDouble();
        const double right =
            std::isnan(end) ? plot->axisRect()->right()
                            : std::min(x->coordToPixel(end), double(plot->axisRect()->right()));
        const double room = right - x->coordToPixel(label->position->coords().x()) - 3;
        const QString name = label->property(kStageName).toString();
        const QString shown =
            QFontMetrics(label->font()).elidedText(name, Qt::ElideRight, int(std::max(0.0, room)));
        label->setText(shown == QStringLiteral("\u2026") ? QString() : shown);
    }
}

charts::ChartData TrainingCharts::data(TrainingCurves::Metric metric) const
{
    return mData[metric];
}

void TrainingCharts::exportChart(TrainingCurves::Metric metric)
{
    if (mData[metric].series.isEmpty())
        return;
    charts::ExportDialog dialog(mData[metric], window());
    dialog.exec();
}

} // namespace schedlab::ui
