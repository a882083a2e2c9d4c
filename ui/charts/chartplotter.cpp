// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartplotter.h"

#include "qcustomplotheader.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <map>

namespace schedlab::charts {

namespace {
QFont fontOf(const ChartStyle &style, double pt)
{
    QFont f(chartFontFamily(style.font));
    f.setPointSizeF(pt);
    return f;
}

/** Takes the legend and titles out of the layout, leaving only the axis rect. */
void resetLayout(QCustomPlot *plot)
{
    plot->clearPlottables();
    plot->clearItems();
    QCPLayoutGrid *layout = plot->plotLayout();
    QCPLayoutInset *inset = plot->axisRect()->insetLayout();
    if (plot->legend->layout() != inset) {
        plot->legend->layout()->take(plot->legend);
        inset->addElement(plot->legend, Qt::AlignTop | Qt::AlignRight);
    }
    for (int i = layout->elementCount() - 1; i >= 0; --i)
        if (layout->elementAt(i) && layout->elementAt(i) != plot->axisRect())
            layout->removeAt(i);
    layout->simplify();
}

void placeLegend(QCustomPlot *plot, const ChartStyle &style, int row, double px)
{
    QCPLegend *legend = plot->legend;
    legend->setFont(fontOf(style, style.legendPt));
    legend->setIconSize(int(std::lround(2.2 * style.legendPt * px)),
                        int(std::lround(style.legendPt * px)));
    legend->setIconTextPadding(int(std::lround(3 * px)));
    legend->setBrush(QColor(255, 255, 255, 220));
    legend->setBorderPen(QPen(QColor(160, 160, 160), 0));
    if (style.legend == LegendPosition::Above) {
        // One centred line above the axes, between two spacers that take the slack.
        plot->axisRect()->insetLayout()->take(legend);
        auto *line = new QCPLayoutGrid;
        plot->plotLayout()->insertRow(row);
        plot->plotLayout()->addElement(row, 0, line);
        plot->plotLayout()->setRowStretchFactor(row, 0.001);
        line->setMargins(QMargins(0, int(std::lround(2 * px)), 0, 0));
        line->addElement(0, 0, new QCPLayoutElement(plot));
        line->addElement(0, 1, legend);
        line->addElement(0, 2, new QCPLayoutElement(plot));
        legend->setWrap(0); // a redraw starts from one line again
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        legend->simplify();
        legend->setColumnSpacing(int(std::lround(8 * px)));
        legend->setBorderPen(Qt::NoPen);
        legend->setBrush(Qt::NoBrush);
        legend->setMargins(QMargins(0, 0, 0, 0));
        for (int i = 0; i < legend->itemCount(); ++i)
            if (QCPAbstractLegendItem *item = legend->item(i))
                item->setMargins(QMargins(0, 0, 0, 0));
        // As many entries per line as fit the figure's width: many policies wrap into
        // more lines instead of squeezing their names away.
        int widest = 1;
        for (int i = 0; i < legend->itemCount(); ++i)
            if (QCPAbstractLegendItem *item = legend->item(i))
                widest = std::max(widest, item->minimumOuterSizeHint().width());
        const int perLine =
            std::max(1, int(plot->width() * 0.95) / (widest + legend->columnSpacing()));
        if (legend->itemCount() > perLine) {
            legend->setWrap(perLine);
            legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
            legend->setRowSpacing(int(std::lround(2 * px)));
        }
        legend->setMaximumSize(legend->minimumOuterSizeHint());
        return;
    }
    Qt::Alignment a;
    switch (style.legend) {
    case LegendPosition::TopLeft:
        a = Qt::AlignTop | Qt::AlignLeft;
        break;
    case LegendPosition::BottomLeft:
        a = Qt::AlignBottom | Qt::AlignLeft;
        break;
    case LegendPosition::BottomRight:
        a = Qt::AlignBottom | Qt::AlignRight;
        break;
    default:
        a = Qt::AlignTop | Qt::AlignRight;
        break;
    }
    legend->setWrap(0);
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    legend->simplify();
    legend->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
    plot->axisRect()->insetLayout()->setInsetAlignment(0, a);
}

QPen linePen(const QColor &colour, double width)
{
    QPen pen(colour, width);
    pen.setCapStyle(Qt::FlatCap);
    pen.setJoinStyle(Qt::MiterJoin);
    return pen;
}

/** Error bars on `target` from the interval of `s`, drawn with `pen`, whiskers `whisker` wide. */
void addErrorBars(QCustomPlot *plot, QCPAbstractPlottable *target, const Series &s, const QPen &pen,
                  double whisker)
{
    auto *errors = new QCPErrorBars(plot->xAxis, plot->yAxis);
    errors->removeFromLegend();
    errors->setDataPlottable(target);
    QVector<double> minus, plus;
    for (int i = 0; i < s.y.size(); ++i) {
        minus << s.y[i] - s.lower[i];
        plus << s.upper[i] - s.y[i];
    }
    errors->setData(minus, plus);
    errors->setPen(pen);
    errors->setWhiskerWidth(whisker);
    errors->setSymbolGap(0);
}

/** Markers on the points of `graph` and, with an interval, error bars in its colour. */
void addPointErrors(QCustomPlot *plot, QCPGraph *graph, const Series &s, const QColor &colour,
                    const ChartStyle &style, double px)
{
    graph->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, colour, colour, style.markerPt * px));
    if (s.hasInterval())
        addErrorBars(plot, graph, s, QPen(colour, style.axisWidthPt * px),
                     style.markerPt * px * 1.25);
}

void drawLines(QCustomPlot *plot, const ChartData &data, const ChartStyle &style, double px)
{
    const double penWidth = style.lineWidthPt * px;
    const QVector<QColor> colours = seriesColours(data);
    // Bands first, so that no band tints another policy's line.
    if (data.kind == ChartKind::Lines)
        for (int i = 0; i < data.series.size(); ++i) {
            const Series &s = data.series[i];
            if (!s.hasInterval())
                continue;
            QCPGraph *lower = plot->addGraph();
            QCPGraph *upper = plot->addGraph();
            lower->setData(s.x, s.lower, true);
            upper->setData(s.x, s.upper, true);
            lower->setPen(Qt::NoPen);
            upper->setPen(Qt::NoPen);
            QColor band = colours[i];
            band.setAlpha(45);
            upper->setBrush(band);
            upper->setChannelFillGraph(lower);
            lower->removeFromLegend();
            upper->removeFromLegend();
        }
    // When two series of one chart share a colour (more of them than the palette has
    // colours), the later ones are dashed, then dotted, to stay apart.
    std::map<QRgb, int> seen;
    for (int i = 0; i < data.series.size(); ++i) {
        const Series &s = data.series[i];
        QCPGraph *g = plot->addGraph();
        g->setName(s.name);
        g->setData(s.x, s.y, true);
        QPen pen = linePen(colours[i], penWidth);
        const int earlier = seen[pen.color().rgb()]++;
        if (earlier > 0)
            pen.setStyle(earlier == 1 ? Qt::DashLine : Qt::DotLine);
        g->setPen(pen);
        if (data.kind == ChartKind::StepCdf)
            g->setLineStyle(QCPGraph::lsStepLeft);
        // A line through one point draws nothing: a run of one frame is a marker (and
        // its interval a bar).
        if (data.kind == ChartKind::PointLines ||
            (s.x.size() == 1 && data.kind == ChartKind::Lines))
            addPointErrors(plot, g, s, colours[i], style, px);
    }
}

void drawBars(QCustomPlot *plot, const ChartData &data, const ChartStyle &style, double px)
{
    const double penWidth = style.axisWidthPt * px;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (int i = 0; i < data.categories.size(); ++i)
        ticker->addTick(i + 1, data.categories[i]);
    plot->xAxis->setTicker(ticker);
    const QVector<QColor> colours = seriesColours(data);
    for (int i = 0; i < data.series.size(); ++i) {
        const Series &s = data.series[i];
        auto *bars = new QCPBars(plot->xAxis, plot->yAxis);
        bars->setName(s.name);
        bars->setData(s.x, s.y, true);
        bars->setWidth(0.6);
        const QColor fill = colours[i];
        bars->setBrush(fill);
        bars->setPen(QPen(fill.darker(130), penWidth));
        if (s.hasInterval())
            addErrorBars(plot, bars, s, QPen(Qt::black, penWidth), style.markerPt * px * 1.5);
    }
}

void fitRanges(QCustomPlot *plot, const ChartData &data)
{
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    double xlo = lo, xhi = hi;
    for (const Series &s : data.series)
        for (int i = 0; i < s.y.size(); ++i) {
            lo = std::min({lo, s.y[i], s.hasInterval() ? s.lower[i] : s.y[i]});
            hi = std::max({hi, s.y[i], s.hasInterval() ? s.upper[i] : s.y[i]});
            if (!data.logX || s.x[i] > 0) {
                xlo = std::min(xlo, s.x[i]);
                xhi = std::max(xhi, s.x[i]);
            }
        }
    if (lo > hi) { // nothing to show, and not the ranges of the chart drawn before
        plot->xAxis->setRange(data.logX ? 1.0 : 0.0, data.logX ? 10.0 : 1.0);
        plot->yAxis->setRange(data.logY ? 1.0 : 0.0, data.logY ? 10.0 : 1.0);
        return;
    }
    if (data.kind == ChartKind::Bars) {
        plot->xAxis->setRange(0.4, data.series.size() + 0.6);
        lo = std::min(lo, 0.0);
        hi = std::max(hi, 0.0);
        const double pad = (hi - lo) * 0.08;
        plot->yAxis->setRange(lo < 0 ? lo - pad : 0.0, hi > 0 ? hi + pad : 0.0);
        if (hi == lo)
            plot->yAxis->setRange(0.0, 1.0);
        return;
    }
    if (data.kind == ChartKind::PointLines) {
        const double pad = hi > lo ? (hi - lo) * 0.08 : 0.05;
        if (data.logY && lo > 0)
            plot->yAxis->setRange(lo / 1.5, hi * 1.5);
        else
            plot->yAxis->setRange(lo - pad, hi + pad);
        // Room for the markers and error bars at both ends.
        const double xpad =
            data.categories.isEmpty() ? (xhi > xlo ? (xhi - xlo) * 0.05 : 1.0) : 0.5;
        if (data.logX && xlo > 0)
            plot->xAxis->setRange(xlo / 1.15, xhi * 1.15);
        else
            plot->xAxis->setRange(xlo - xpad, xhi + xpad);
        return;
    }
    if (data.kind == ChartKind::StepCdf) {
        plot->yAxis->setRange(0.0, 1.02);
    } else {
        const double pad = hi > lo ? (hi - lo) * 0.05 : 0.05;
        plot->yAxis->setRange(lo - pad, hi + pad);
    }
    if (xhi > xlo)
        plot->xAxis->setRange(xlo, xhi);
    else
        plot->xAxis->setRange(xlo - 1.0, xlo + 1.0);
}

void styleAxes(QCustomPlot *plot, const ChartData &data, const ChartStyle &style, double px)
{
    for (QCPAxis *axis : {plot->xAxis, plot->yAxis, plot->xAxis2, plot->yAxis2}) {
        axis->setLabelFont(fontOf(style, style.labelPt));
        axis->setTickLabelFont(fontOf(style, style.tickPt));
        axis->setBasePen(QPen(Qt::black, style.axisWidthPt * px));
        axis->setTickPen(QPen(Qt::black, style.axisWidthPt * px));
        axis->setSubTickPen(QPen(Qt::black, style.axisWidthPt * px));
        axis->setTickLengthIn(int(std::lround(3 * px)));
        axis->setSubTickLengthIn(int(std::lround(1.5 * px)));
        axis->setLabelPadding(int(std::lround(2 * px)));
        axis->setTickLabelPadding(int(std::lround(2 * px)));
        axis->setPadding(int(std::lround(1 * px)));
        axis->grid()->setPen(QPen(QColor(200, 200, 200), style.axisWidthPt * px, Qt::DotLine));
        axis->grid()->setSubGridVisible(false);
    }
    plot->xAxis->setLabel(data.xLabel);
    plot->yAxis->setLabel(data.yLabel);
    plot->xAxis->setScaleType(data.logX ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    plot->yAxis->setScaleType(data.logY ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    // A logarithmic axis reads in powers of ten (10², 10³), a linear one in plain numbers.
    for (auto [axis, log] :
         {std::pair{plot->xAxis, data.logX}, std::pair{plot->yAxis, data.logY}}) {
        axis->setNumberFormat(log ? QStringLiteral("eb") : QStringLiteral("gbd"));
        axis->setNumberPrecision(log ? 0 : 6);
    }
    if (data.logY)
        plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog));
    else
        plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    if (data.kind == ChartKind::PointLines && !data.categories.isEmpty()) {
        QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
        for (int i = 0; i < data.categories.size(); ++i)
            ticker->addTick(i + 1, data.categories[i]);
        plot->xAxis->setTicker(ticker);
    } else if (data.kind != ChartKind::Bars) {
        if (data.logX) {
            plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTickerLog));
        } else if (data.integerX) {
            QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
            ticker->setTickStep(1.0); // or a multiple of it, never a fraction
            ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
            plot->xAxis->setTicker(ticker);
        } else {
            plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
        }
    }
    const bool categorical = data.kind == ChartKind::Bars || !data.categories.isEmpty();
    plot->xAxis->setSubTicks(!categorical);
    plot->xAxis->grid()->setVisible(data.kind != ChartKind::Bars);
    // A closed box reads better in print; the second axes only draw the frame.
    plot->xAxis2->setVisible(true);
    plot->yAxis2->setVisible(true);
    plot->xAxis2->setTicks(false);
    plot->yAxis2->setTicks(false);
    plot->xAxis2->setTickLabels(false);
    plot->yAxis2->setTickLabels(false);
}
} // namespace

QVector<QColor> seriesColours(const ChartData &data)
{
    QStringList keys;
    for (const Series &s : data.series)
        keys << (s.colourKey.isEmpty() ? s.name : s.colourKey);
    return policyColours(keys);
}

void drawChart(QCustomPlot *plot, const ChartData &data, const ChartStyle &style)
{
    resetLayout(plot);
    const double px = plot->logicalDpiX() / 72.0; // one point in plot coordinates
    plot->setBackground(Qt::white);
    styleAxes(plot, data, style, px);

    if (data.kind == ChartKind::Bars)
        drawBars(plot, data, style, px);
    else
        drawLines(plot, data, style, px);
    fitRanges(plot, data);

    int row = 0;
    if (style.showTitle && !data.title.isEmpty()) {
        plot->plotLayout()->insertRow(0);
        plot->plotLayout()->addElement(
            0, 0, new QCPTextElement(plot, data.title, fontOf(style, style.titlePt)));
        row = 1;
    }
    // Bars are labelled on the axis already.
    const bool legend = style.legend != LegendPosition::None && data.kind != ChartKind::Bars &&
                        !data.series.isEmpty();
    plot->legend->setVisible(legend);
    if (legend)
        placeLegend(plot, style, row, px);
    plot->axisRect()->setAutoMargins(QCP::msAll);
    // The right margin leaves room for half of the last x tick label, which QCP does not count.
    plot->axisRect()->setMinimumMargins(QMargins(int(std::lround(2 * px)), int(std::lround(3 * px)),
                                                 int(std::lround(9 * px)),
                                                 int(std::lround(2 * px))));
}

DrawnChart drawnChart(QCustomPlot *plot)
{
    plot->replot(QCustomPlot::rpImmediateRefresh); // lays out the axes and makes their ticks
    const auto of = [](const QCPAxis *axis) {
        DrawnAxis a;
        a.lower = axis->range().lower;
        a.upper = axis->range().upper;
        a.logarithmic = axis->scaleType() == QCPAxis::stLogarithmic;
        a.ticks = axis->tickVector();
        for (const QString &label : axis->tickVectorLabels())
            a.labels << label;
        return a;
    };
    return {of(plot->xAxis), of(plot->yAxis), plot->legend->visible() ? plot->legend->wrap() : 0};
}

DrawnChart chartLayout(const ChartData &data, const ChartStyle &style)
{
    QCustomPlot plot;
    const double dpi = plot.logicalDpiX();
    plot.resize(int(std::lround(style.widthIn * dpi)), int(std::lround(style.heightIn * dpi)));
    drawChart(&plot, data, style);
    return drawnChart(&plot);
}

} // namespace schedlab::charts
