// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

namespace schedlab::charts {

namespace {
constexpr int kPreviewWidth = 480; // pixels; the preview shows the layout, not the resolution

QString defaultFileName(const ChartData &data)
{
    QString base = data.title.toLower();
    base.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    base = base.remove(QRegularExpression(QStringLiteral("^-+|-+$")));
    return QDir::home().filePath((base.isEmpty() ? QStringLiteral("chart") : base) +
                                 QStringLiteral(".pdf"));
}
} // namespace

ExportDialog::ExportDialog(ChartData data, QWidget *parent)
    : QDialog(parent), mData(std::move(data)), mStyle(*chartPreset(QStringLiteral("ieee-single")))
{
    setWindowTitle(tr("Export Chart"));
    mPreset = new QComboBox(this);
    mPreset->addItem(tr("IEEE single column"), QStringLiteral("ieee-single"));
    mPreset->addItem(tr("IEEE double column"), QStringLiteral("ieee-double"));
    mPreset->addItem(tr("Screen"), QStringLiteral("screen"));
    mWidth = new QDoubleSpinBox(this);
    mHeight = new QDoubleSpinBox(this);
    for (QDoubleSpinBox *box : {mWidth, mHeight}) {
        box->setRange(0.5, 40.0);
        box->setDecimals(2);
        box->setSingleStep(0.1);
        box->setSuffix(tr(" in"));
    }
    mDpi = new QSpinBox(this);
    mDpi->setRange(36, 2400);
    mDpi->setSuffix(tr(" dpi"));
    mFormat = new QComboBox(this);
    mFormat->addItem(tr("PDF (vector)"), int(ExportFormat::Pdf));
    mFormat->addItem(tr("SVG (vector)"), int(ExportFormat::Svg));
    mFormat->addItem(tr("PNG (image)"), int(ExportFormat::Png));
    mFormat->addItem(tr("pgfplots (.tex)"), int(ExportFormat::Tex));
    mFormat->addItem(tr("CSV (data)"), int(ExportFormat::Csv));
    mFont = new QComboBox(this);
    mFont->addItem(tr("Times (serif, as IEEE papers)"), int(ChartFont::Times));
    mFont->addItem(tr("Computer Modern (LaTeX's default)"), int(ChartFont::ComputerModern));
    mFont->addItem(tr("Sans serif"), int(ChartFont::Sans));
    mTitle = new QCheckBox(tr("Show the title (papers usually put it in the caption)"), this);
    mPath = new QLineEdit(defaultFileName(mData), this);
    mPath->setObjectName(QStringLiteral("file"));
    auto *browseButton = new QPushButton(tr("Browse…"), this);
    auto *file = new QHBoxLayout;
    file->addWidget(mPath, 1);
    file->addWidget(browseButton);

    auto *form = new QFormLayout;
    form->addRow(tr("Preset:"), mPreset);
    form->addRow(tr("Width:"), mWidth);
    form->addRow(tr("Height:"), mHeight);
    form->addRow(tr("Resolution:"), mDpi);
    form->addRow(tr("Format:"), mFormat);
    form->addRow(tr("Font:"), mFont);
    form->addRow(QString(), mTitle);
    form->addRow(tr("File:"), file);

    mPreviewLabel = new QLabel(this);
    mPreviewLabel->setAlignment(Qt::AlignCenter);
    mPreviewLabel->setMinimumSize(kPreviewWidth, 300);
    mPreviewLabel->setStyleSheet(QStringLiteral("background: #e0e0e0;"));
    mError = new QLabel(this);
    mError->setWordWrap(true);
    mError->setStyleSheet(QStringLiteral("color: #b00020;"));
    mNote = new QLabel(this);
    mNote->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);

    auto *top = new QHBoxLayout;
    top->addLayout(form);
    top->addWidget(mPreviewLabel, 1);
    auto *v = new QVBoxLayout(this);
    v->addLayout(top, 1);
    v->addWidget(mNote);
    v->addWidget(mError);
    v->addWidget(buttons);

    mPreviewTimer.setSingleShot(true);
    mPreviewTimer.setInterval(120);
    connect(&mPreviewTimer, &QTimer::timeout, this, &ExportDialog::updatePreview);
    connect(mPreset, &QComboBox::currentIndexChanged, this,
            [this] { setPreset(mPreset->currentData().toString()); });
    for (QDoubleSpinBox *box : {mWidth, mHeight})
        connect(box, &QDoubleSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    connect(mDpi, &QSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    connect(mTitle, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    connect(mFormat, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    connect(mFont, &QComboBox::currentIndexChanged, this, &ExportDialog::schedulePreview);
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    // A file name typed with a format's extension is that format, as for the CLI's export.
    connect(mPath, &QLineEdit::textEdited, this, [this] {
        mError->clear();
        if (const auto format = exportFormatFromPath(path()))
            setFormat(*format);
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (exportNow())
            accept();
    });
    setPreset(QStringLiteral("ieee-single"));
    formatChanged();
    updatePreview();
}

bool ExportDialog::setPreset(const QString &name)
{
    const auto preset = chartPreset(name);
    if (!preset)
        return false;
    mStyle = *preset;
    const QSignalBlocker a(mPreset), b(mWidth), c(mHeight), d(mDpi), e(mTitle), f(mFont);
    mPreset->setCurrentIndex(mPreset->findData(name));
    mWidth->setValue(mStyle.widthIn);
    mHeight->setValue(mStyle.heightIn);
    mDpi->setValue(mStyle.dpi);
    mTitle->setChecked(mStyle.showTitle);
    mFont->setCurrentIndex(mFont->findData(int(mStyle.font)));
    schedulePreview();
    return true;
}

ExportOptions ExportDialog::options() const
{
    ExportOptions o;
    o.format = ExportFormat(mFormat->currentData().toInt());
    o.style = mStyle;
    o.style.widthIn = mWidth->value();
    o.style.heightIn = mHeight->value();
    o.style.dpi = mDpi->value();
    o.style.showTitle = mTitle->isChecked();
    o.style.font = ChartFont(mFont->currentData().toInt());
    return o;
}

QString ExportDialog::path() const
{
    return mPath->text().trimmed();
}

void ExportDialog::setPath(const QString &path)
{
    mPath->setText(path);
    if (const auto format = exportFormatFromPath(path))
        setFormat(*format);
}

void ExportDialog::setFormat(ExportFormat format)
{
    mFormat->setCurrentIndex(mFormat->findData(int(format)));
}

void ExportDialog::setFont(ChartFont font)
{
    mFont->setCurrentIndex(mFont->findData(int(font)));
}

QString ExportDialog::fontNote() const
{
    QString note;
    chartFontFamily(options().style.font, &note);
    return note;
}

void ExportDialog::formatChanged()
{
    const QString suffix = exportFormatName(options().format);
    const QFileInfo info(path());
    if (!path().isEmpty() && info.suffix().toLower() != suffix) {
        const QSignalBlocker quiet(mPath);
        mPath->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + suffix));
    }
    // A resolution only means something for PNG.
    mDpi->setEnabled(options().format == ExportFormat::Png);
    mError->clear(); // it was about the file as it was
}

void ExportDialog::browse()
{
    const QString suffix = exportFormatName(options().format);
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export Chart"), path(), tr("%1 files (*.%2)").arg(suffix.toUpper(), suffix));
    if (!chosen.isEmpty())
        setPath(chosen);
}

void ExportDialog::schedulePreview()
{
    mPreviewTimer.start();
}

void ExportDialog::updatePreview()
{
    const ChartStyle style = options().style;
    const QSize box = mPreviewLabel->size().expandedTo(QSize(kPreviewWidth, 300));
    const double dpi = logicalDpiX();
    const double scale =
        std::min(box.width() / (style.widthIn * dpi), box.height() / (style.heightIn * dpi));
    mPreview = renderChartImage(mData, style, std::max(0.1, scale));
    mPreviewLabel->setPixmap(QPixmap::fromImage(mPreview));
    mNote->setText(fontNote());
}

bool ExportDialog::exportNow()
{
    mError->clear();
    if (path().isEmpty()) {
        mError->setText(tr("Choose a file to export to."));
        return false;
    }
    QString error;
    if (!exportChart(mData, options(), path(), &error)) {
        mError->setText(error);
        return false;
    }
    return true;
}

QString ExportDialog::errorText() const
{
    return mError->text();
}

} // namespace schedlab::charts
