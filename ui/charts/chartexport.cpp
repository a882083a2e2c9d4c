// SPDX-License-Identifier: GPL-3.0-or-later
#include "chartexport.h"

#include "chartplotter.h"
#include "qcustomplotheader.h"

#include "base/csv.h"
#include "base/textfile.h"

#include <QBuffer>
#include <QDateTime>
#include <QFileInfo>
#include <QImageWriter>
#include <QLocale>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <cmath>
#include <memory>

namespace schedlab::charts {

namespace {
/** A plot laid out at the style's size in logical pixels, so fonts keep their point sizes. */
std::unique_ptr<QCustomPlot> plotFor(const ChartData &data, const ChartStyle &style, QSize *size)
{
    auto plot = std::make_unique<QCustomPlot>();
    const double dpi = plot->logicalDpiX();
    *size = QSize(int(std::lround(style.widthIn * dpi)), int(std::lround(style.heightIn * dpi)));
    plot->resize(*size);
    drawChart(plot.get(), data, style);
    return plot;
}

/** Vector output: no cached layers and pens scaled with the drawing. */
bool renderVector(QCustomPlot *plot, QPaintDevice *device, QSize size)
{
    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.setMode(QCPPainter::pmNonCosmetic);
    plot->toPainter(&painter, size.width(), size.height());
    return painter.end();
}

/**
 * Qt stamps a PDF with the time it was written, the only byte that differs between
 * two exports of the same chart. Same inputs, same bytes: the stamp becomes
 * SOURCE_DATE_EPOCH (the reproducible-builds convention) or 1970-01-01, in place,
 * so every offset in the file stays right.
 */
void fixCreationDate(QByteArray &pdf)
{
    const QByteArray key = "/CreationDate (D:";
    const qsizetype at = pdf.indexOf(key);
    if (at < 0)
        return;
    const qsizetype digits = at + key.size();
    if (pdf.size() < digits + 16 || pdf.mid(digits + 14, 2) != "Z)")
        return; // not the form Qt writes: leave it
    const qint64 epoch = qEnvironmentVariableIntValue("SOURCE_DATE_EPOCH");
    const QByteArray stamp =
        QDateTime::fromSecsSinceEpoch(epoch, Qt::UTC).toString("yyyyMMddHHmmss").toLatin1();
    if (stamp.size() == 14)
        pdf.replace(digits, 14, stamp);
}

/**
 * The plot, laid out at `layout` logical pixels, scaled to exactly `pixels`.
 * The image keeps the plot's DPI while painting so that fonts measure the same
 * as in the layout.
 */
QImage rasterise(QCustomPlot *plot, QSize layout, QSize pixels)
{
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    const int dotsPerMeter = int(std::lround(plot->logicalDpiX() / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    image.fill(Qt::white);
    QCPPainter painter(&image);
    painter.setMode(QCPPainter::pmNonCosmetic);
    painter.scale(double(pixels.width()) / layout.width(),
                  double(pixels.height()) / layout.height());
    plot->toPainter(&painter, layout.width(), layout.height());
    painter.end();
    return image;
}

/** The whole file at once, through a temporary file and a rename (replaceFile): a
 *  failed write keeps the earlier file and says why. */
bool writeBytes(const QString &path, const QByteArray &bytes, QString *error)
{
    std::string why;
    if (replaceFile(path.toStdString(),
                    std::string_view(bytes.constData(), std::size_t(bytes.size())), &why))
        return true;
    *error = QString::fromStdString(why);
    return false;
}

QString number(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}
} // namespace

std::optional<ExportFormat> exportFormatFromName(const QString &name)
{
    const QString n = name.toLower();
    for (ExportFormat f : {ExportFormat::Png, ExportFormat::Pdf, ExportFormat::Svg,
                           ExportFormat::Csv, ExportFormat::Tex})
        if (n == exportFormatName(f))
            return f;
    return std::nullopt;
}

std::optional<ExportFormat> exportFormatFromPath(const QString &path)
{
    return exportFormatFromName(QFileInfo(path).suffix());
}

QString exportFormatName(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Csv:
        return QStringLiteral("csv");
    case ExportFormat::Tex:
        return QStringLiteral("tex");
    }
    return {};
}

QImage renderChartImage(const ChartData &data, const ChartStyle &style, double scale)
{
    QSize size;
    const auto plot = plotFor(data, style, &size);
    return rasterise(
        plot.get(), size,
        QSize(int(std::lround(size.width() * scale)), int(std::lround(size.height() * scale))));
}

QString chartCsv(const ChartData &data)
{
    QString out = QStringLiteral("series,x,y,lower,upper\n");
    for (const Series &s : data.series) {
        const QString name = QString::fromStdString(csvField(s.name.toStdString()));
        for (int i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            out += name + QLatin1Char(',') + number(s.x[i]) + QLatin1Char(',') + number(s.y[i]);
            if (s.hasInterval())
                out +=
                    QLatin1Char(',') + number(s.lower[i]) + QLatin1Char(',') + number(s.upper[i]);
            else
                out += QLatin1String(",,");
            out += QLatin1Char('\n');
        }
    }
    return out;
}

bool exportChart(const ChartData &data, const ExportOptions &options, const QString &path,
                 QString *error)
{
    QString ignored;
    if (!error)
        error = &ignored;
    const ChartStyle &style = options.style;
    if (!(style.widthIn > 0.2 && style.widthIn < 100 && style.heightIn > 0.2 &&
          style.heightIn < 100 && style.dpi >= 36 && style.dpi <= 2400)) {
        *error = QStringLiteral("size must be 0.2 to 100 in and resolution 36 to 2400 dpi");
        return false;
    }
    if (data.series.isEmpty()) {
        *error = QStringLiteral("the chart has no data");
        return false;
    }
    if (options.format == ExportFormat::Csv)
        return writeBytes(path, chartCsv(data).toUtf8(), error);
    if (options.format == ExportFormat::Tex)
        return writeBytes(path, chartPgfplots(data, style).toUtf8(), error);

    QSize size;
    const auto plot = plotFor(data, style, &size);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    bool ok = false;
    if (options.format == ExportFormat::Png) {
        QImage image = rasterise(plot.get(), size,
                                 QSize(int(std::lround(style.widthIn * style.dpi)),
                                       int(std::lround(style.heightIn * style.dpi))));
        const int dotsPerMeter = int(std::lround(style.dpi / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        ok = QImageWriter(&buffer, "png").write(image);
    } else if (options.format == ExportFormat::Pdf) {
        {
            QPdfWriter writer(&buffer);
            writer.setCreator(QStringLiteral("SchedLab"));
            writer.setTitle(data.title);
            writer.setPageLayout(
                QPageLayout(QPageSize(QSizeF(style.widthIn * 72.0, style.heightIn * 72.0),
                                      QPageSize::Point, QString(), QPageSize::ExactMatch),
                            QPageLayout::Portrait, QMarginsF()));
            writer.setResolution(plot->logicalDpiX());
            ok = renderVector(plot.get(), &writer, size);
        } // the writer finishes the document here
        fixCreationDate(bytes);
    } else {
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setTitle(data.title);
        svg.setDescription(QStringLiteral("SchedLab chart"));
        svg.setResolution(plot->logicalDpiX());
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        ok = renderVector(plot.get(), &svg, size);
    }
    if (!ok || bytes.isEmpty()) {
        *error = QStringLiteral("cannot draw the chart for %1").arg(path);
        return false;
    }
    return writeBytes(path, bytes, error);
}

} // namespace schedlab::charts
