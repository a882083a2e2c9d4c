// SPDX-License-Identifier: GPL-3.0-or-later
// What an installed SchedLab holds, and that the installed workbench finds the
// scenarios it was installed with: `cmake --install` of this build into a folder,
// then the installed programs run from elsewhere.
#include "bundledscenarios.h"
#include "icons.h"
#include "mainwindow.h"
#include "topologydocument.h"

#include <QMenuBar>
#include <QProcess>
#include <QtTest/QtTest>

using namespace schedlab::ui;

namespace {

struct Ran
{
    int exitCode = -1;
    QByteArray out, err;
};

Ran run(const QString &program, const QStringList &arguments, const QString &folder = {})
{
    QProcess p;
    if (!folder.isEmpty())
        p.setWorkingDirectory(folder);
    p.start(program, arguments);
    Ran r;
    if (!p.waitForFinished(300000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QMenu *submenu(QWidget *bar, const QString &title)
{
    for (QAction *a : bar->actions())
        if (a->menu() && a->menu()->title().remove('&') == title)
            return a->menu();
    return nullptr;
}

} // namespace

class TestInstall : public QObject
{
    Q_OBJECT

    QTemporaryDir mPrefix;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // recent files go to a test location
        QVERIFY(mPrefix.isValid());
        const Ran installed = run(SCHEDLAB_CMAKE, {"--install", SCHEDLAB_BINARY_DIR, "--prefix",
                                                   mPrefix.path()});
        QVERIFY2(installed.exitCode == 0, installed.err.constData());
    }

    void filesInPlace_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f :
             {"bin/schedlab", "bin/schedlab-cli", "libexec/schedlab/schedlab-train",
              "share/schedlab/scenarios/tutorial.yaml",
              "share/schedlab/scenarios/kais-edge-cloud.yaml",
              "share/schedlab/scenarios/sweeps/global-clusters.yaml",
              "share/applications/schedlab.desktop",
              "share/icons/hicolor/scalable/apps/schedlab.svg",
              "share/metainfo/schedlab.metainfo.xml", "share/doc/schedlab/user-guide.md",
              "share/doc/schedlab/screenshots/training.png"})
            QTest::newRow(f) << QString(f);
    }
    void filesInPlace()
    {
        QFETCH(QString, file);
        QVERIFY2(QFileInfo::exists(mPrefix.filePath(file)), qPrintable(file));
    }

    /** The AppStream file names this build's version, not a placeholder. */
    void metainfoNamesTheVersion()
    {
        QFile f(mPrefix.filePath("share/metainfo/schedlab.metainfo.xml"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("<release version=\"" SCHEDLAB_VERSION "\"/>"));
        QVERIFY(!text.contains('@'));
    }

    /** Every installed scenario is valid to the installed command line. */
    void installedScenariosValidate()
    {
        const QDir dir(mPrefix.filePath("share/schedlab/scenarios"));
        QStringList files;
        for (const QFileInfo &f : dir.entryInfoList({"*.yaml"}, QDir::Files))
            files << f.absoluteFilePath();
        QVERIFY(files.size() >= 7);
        const Ran v = run(mPrefix.filePath("bin/schedlab-cli"), QStringList{"validate"} + files);
        QVERIFY2(v.exitCode == 0, (v.out + v.err).constData());
    }

    /** The installed `schedlab-cli train` finds the program that trains. */
    void installedCliTrains()
    {
        QTemporaryDir out;
        const Ran t = run(mPrefix.filePath("bin/schedlab-cli"),
                          {"train", mPrefix.filePath("share/schedlab/scenarios/tutorial.yaml"),
                           "--agent", "cmmac", "--episodes", "1", "--checkpoint",
                           out.filePath("t.ckpt")});
        QVERIFY2(t.exitCode == 0, (t.out + t.err).constData());
        QVERIFY(QFileInfo::exists(out.filePath("t.ckpt")));
    }

    /** The installed workbench finds its scenarios from its own folder, whatever the
     *  working folder, and offers the request-plane ones as examples. */
    void workbenchFindsItsScenarios()
    {
        const QString bin = mPrefix.filePath("bin");
        QCOMPARE(QFileInfo(bundledScenarioDir(bin)).canonicalFilePath(),
                 QFileInfo(mPrefix.filePath("share/schedlab/scenarios")).canonicalFilePath());
        const QStringList examples = bundledScenarios(bin);
        QVERIFY(isBundledScenario(bundledScenarioDir(bin) + "/tutorial.yaml", bin));
        QVERIFY(!isBundledScenario(QDir::tempPath() + "/tutorial.yaml", bin));
        QStringList names;
        for (const QString &p : examples)
            names << QFileInfo(p).completeBaseName();
        QVERIFY2(names.contains("tutorial") && names.contains("kais-edge-cloud"),
                 qPrintable(names.join(", ")));
        QVERIFY2(!names.contains("global-multicluster"), qPrintable(names.join(", ")));

        QTemporaryDir elsewhere;
        const QString shot = elsewhere.filePath("shot.png");
        const Ran gui = run(bin + "/schedlab", {"--screenshot", shot, "--size", "1400x900"},
                            elsewhere.path());
        QVERIFY2(gui.exitCode == 0, gui.err.constData());
        QCOMPARE(QImage(shot).width(), 1400);
    }

    /** File > Open Example lists the bundled scenarios of this source tree and opens
     *  the one picked. */
    void examplesMenuOpensAScenario()
    {
        MainWindow window;
        QMenu *file = submenu(window.menuBar(), "File");
        QVERIFY(file);
        QMenu *examples = submenu(file, "Open Example");
        QVERIFY(examples);
        QAction *kais = nullptr;
        for (QAction *a : examples->actions())
            if (a->text() == "kais-edge-cloud")
                kais = a;
        QVERIFY(kais);
        kais->trigger();
        QVERIFY2(window.document()->fileName().endsWith("/scenarios/kais-edge-cloud.yaml"),
                 qPrintable(window.document()->fileName()));
    }

    /** Nowhere to find scenarios: an empty answer, not a guess. */
    void noScenariosNoFolder()
    {
        QTemporaryDir empty;
        QVERIFY(QDir::setCurrent(empty.path()));
        QCOMPARE(bundledScenarioDir(empty.path() + "/bin"), QString());
        QVERIFY(bundledScenarios(empty.path() + "/bin").isEmpty());
    }

    void applicationIconDraws()
    {
        const QIcon icon = applicationIcon();
        QVERIFY(!icon.isNull());
        const QImage image = icon.pixmap(64, 64).toImage();
        QCOMPARE(image.width(), 64);
        QVERIFY(image.pixelColor(32, 8).alpha() > 0); // drawn, not the empty pixmap
    }
};

QTEST_MAIN(TestInstall)
#include "tst_install.moc"
