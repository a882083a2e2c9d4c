// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/comparison.h"

#include <QDialog>
#include <vector>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;

namespace schedlab::charts {

/**
 * Exports a comparison's LaTeX table: which metrics are its columns (ticked in a
 * list of their labels, in the order runs report them), the file, and the table
 * as it will be written.
 */
class TableExportDialog : public QDialog
{
    Q_OBJECT

public:
    /** `checked`: the metrics ticked at first (names as runs report them). */
    TableExportDialog(std::vector<VariantSummary> summary, const QStringList &checked,
                      QWidget *parent = nullptr);

    QStringList metrics() const; ///< the ticked ones, in report order
    void setMetrics(const QStringList &names);
    QString path() const;
    void setPath(const QString &path);
    QString tableText() const; ///< what Export writes; empty when nothing is ticked
    /** Writes the file; on failure shows why and returns false. */
    bool exportNow();
    QString errorText() const;

private:
    void browse();
    void updatePreview();

    std::vector<VariantSummary> mSummary;
    QListWidget *mList;
    QPlainTextEdit *mPreview;
    QLineEdit *mPath;
    QLabel *mError;
};

} // namespace schedlab::charts
