// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonpanel.h"
#include "experimentsdb.h"
#include "mainwindow.h"
#include "preferencesdialog.h"

#include <QLineEdit>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab::ui;

class TestPreferences : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void refusesAFolderAsTheStore()
    {
        QTemporaryDir dir;
        const QString before = experimentsDbPath();
        PreferencesDialog dialog;
        QLineEdit *database = dialog.findChild<QLineEdit *>("database");
        database->setText(dir.path());
        QVERIFY(!dialog.apply());
        QVERIFY2(dialog.errorText().contains("is a folder"), qPrintable(dialog.errorText()));
        QCOMPARE(experimentsDbPath(), before);
        database->setText("  ");
        QVERIFY(!dialog.apply());
    }

    void storesValuesTheWorkbenchThenUses()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("nested/folder/mine.db");
        PreferencesDialog dialog;
        dialog.findChild<QLineEdit *>("database")->setText(path);
        dialog.findChildren<QSpinBox *>().at(0)->setValue(7);
        dialog.findChildren<QSpinBox *>().at(1)->setValue(2);
        QVERIFY2(dialog.apply(), qPrintable(dialog.errorText()));
        QCOMPARE(experimentsDbPath(), path);
        QVERIFY(QDir(dir.filePath("nested/folder")).exists());

        MainWindow window; // a new comparison panel starts from the stored values
        const auto spins = window.comparison()->findChildren<QSpinBox *>();
        QCOMPARE(spins.size(), 2);
        QCOMPARE(spins[0]->value(), 7);
        QCOMPARE(spins[1]->value(), 2);

        experimentsDatabase().set(experimentsDatabase().fallback());
        comparisonSeeds().set(comparisonSeeds().fallback());
        comparisonJobs().set(comparisonJobs().fallback());
    }
};

QTEST_MAIN(TestPreferences)
#include "tst_preferences.moc"
