// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QSpinBox;

namespace schedlab::ui {

/** Edit → Preferences: where comparisons are stored and how a comparison starts. */
class PreferencesDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PreferencesDialog(QWidget *parent = nullptr);
    /** Checks and stores the values; false with the reason shown when one is unusable. */
    bool apply();
    QString errorText() const;

private:
    QLineEdit *mDatabase;
    QSpinBox *mSeeds;
    QSpinBox *mJobs;
    QLabel *mError;
};

} // namespace schedlab::ui
