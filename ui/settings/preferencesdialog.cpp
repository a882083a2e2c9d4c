// SPDX-License-Identifier: GPL-3.0-or-later
#include "preferencesdialog.h"

#include "preferences.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace schedlab::ui {

PreferencesDialog::PreferencesDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Preferences"));
    auto *form = new QFormLayout(this);

    mDatabase = new QLineEdit(experimentsDatabase().get(), this);
    mDatabase->setObjectName("database");
    mDatabase->setMinimumWidth(360);
    auto *browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Experiment Store"), mDatabase->text(), tr("SQLite databases (*.db)"),
            nullptr, QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty())
            mDatabase->setText(path);
    });
    auto *row = new QHBoxLayout;
    row->addWidget(mDatabase, 1);
    row->addWidget(browse);
    form->addRow(tr("Experiment store"), row);

    mSeeds = new QSpinBox(this);
    mSeeds->setRange(1, 1000);
    mSeeds->setValue(comparisonSeeds().get());
    form->addRow(tr("Seeds per comparison"), mSeeds);
    mJobs = new QSpinBox(this);
    mJobs->setRange(1, 256);
    mJobs->setValue(comparisonJobs().get());
    form->addRow(tr("Parallel runs"), mJobs);

    mError = new QLabel(this);
    mError->setStyleSheet("color: #b00020");
    mError->setWordWrap(true);
    form->addRow(mError);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (apply())
            accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

QString PreferencesDialog::errorText() const { return mError->text(); }

bool PreferencesDialog::apply()
{
    const QString path = mDatabase->text().trimmed();
    const QFileInfo info(path);
    QString error;
    if (path.isEmpty())
        error = tr("Give a file for the experiment store.");
    else if (info.isDir())
        error = tr("%1 is a folder; give a file such as %1/experiments.db.").arg(path);
    else if (!info.absoluteDir().exists() && !QDir().mkpath(info.absolutePath()))
        error = tr("The folder %1 cannot be created.").arg(info.absolutePath());
    mError->setText(error);
    if (!error.isEmpty())
        return false;
    experimentsDatabase().set(info.absoluteFilePath());
    comparisonSeeds().set(mSeeds->value());
    comparisonJobs().set(mJobs->value());
    return true;
}

} // namespace schedlab::ui
