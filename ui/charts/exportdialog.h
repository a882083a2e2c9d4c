// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chartdata.h"
#include "chartexport.h"

#include <QDialog>
#include <QImage>
#include <QTimer>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace schedlab::charts {

/**
 * Exports one chart for a paper: a preset (IEEE single or double column,
 * screen), the size in inches, the resolution, the format and the file, with a
 * live preview of what will be written. Errors are shown in the dialog.
 */
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ExportDialog(ChartData data, QWidget *parent = nullptr);

    ExportOptions options() const;
    QString path() const;
    void setPath(const QString &path);
    /** Applies a preset's size, resolution and fonts; false for an unknown name. */
    bool setPreset(const QString &name);
    void setFormat(ExportFormat format);
    void setFont(ChartFont font);
    /** What the export falls back to when the chosen face is not installed; empty when it is. */
    QString fontNote() const;
    /** Writes the file; on failure shows and returns false. */
    bool exportNow();
    QString errorText() const;
    const QImage &preview() const { return mPreview; }

private:
    void browse();
    void formatChanged();
    void schedulePreview();
    void updatePreview();

    ChartData mData;
    ChartStyle mStyle;
    QComboBox *mPreset;
    QDoubleSpinBox *mWidth;
    QDoubleSpinBox *mHeight;
    QSpinBox *mDpi;
    QComboBox *mFormat;
    QComboBox *mFont;
    QCheckBox *mTitle;
    QLineEdit *mPath;
    QLabel *mPreviewLabel;
    QLabel *mError;
    QLabel *mNote;
    QTimer mPreviewTimer;
    QImage mPreview;
};

} // namespace schedlab::charts
