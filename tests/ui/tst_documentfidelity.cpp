// SPDX-License-Identifier: GPL-3.0-or-later
// Through the window, what a user did is all that changes: editing one value and
// saving rewrites that line only; following a node and closing touches no file; a
// comparison reopened from the store brings back what it ran.
#include "comparisonpanel.h"
#include "editortools.h"
#include "experimentbrowser.h"
#include "experimentsdb.h"
#include "mainwindow.h"
#include "propertiesdock.h"
#include "topologydocument.h"
#include "topologyscene.h"
#include "topologyview.h"

#include <QAction>
#include <QGraphicsItem>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::ui;

namespace {
const QString kTutorial = QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml");

QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/** A copy of the tutorial the user owns (the bundled one is a template). */
QString ownCopy(const QTemporaryDir &dir)
{
    const QString path = dir.filePath("tutorial.yaml");
    QFile::copy(kTutorial, path);
    return path;
}

QList<QByteArray> changedLines(const QByteArray &before, const QByteArray &after)
{
    const QList<QByteArray> a = before.split('\n'), b = after.split('\n');
    QList<QByteArray> out;
    if (a.size() != b.size())
        return {"line count " + QByteArray::number(a.size()) + " -> " +
                QByteArray::number(b.size())};
    for (int i = 0; i < a.size(); ++i)
        if (a[i] != b[i])
            out << b[i];
    return out;
}
} // namespace

class TestDocumentFidelity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QFile::remove(experimentsDbPath());
    }

    void editingOneValueSavesOneLine()
    {
        QTemporaryDir dir;
        const QString path = ownCopy(dir);
        const QByteArray before = contents(path);
        MainWindow window;
        QVERIFY(window.openScenario(path).isEmpty());
        window.propertiesDock()->show({});
        QLineEdit *latency = window.propertiesDock()->field("network.lan.latency");
        QVERIFY(latency);
        latency->setText("7ms");
        Q_EMIT latency->editingFinished();
        QVERIFY(window.document()->isModified());
        QVERIFY(window.document()->inPlaceProblem().isEmpty());
        QString error;
        QVERIFY2(window.saveScenario(path, &error), qPrintable(error));
        const QByteArray after = contents(path);
        QCOMPARE(changedLines(before, after),
                 QList<QByteArray>{"  lan:    {latency: 7ms,  bandwidth: 1Gbps}    # within the "
                                   "edge site"});

        // A second edit on the saved file is again one line, and nothing else moves.
        latency->setText("9ms");
        Q_EMIT latency->editingFinished();
        QVERIFY2(window.saveScenario(path, &error), qPrintable(error));
        QCOMPARE(changedLines(after, contents(path)).size(), 1);
    }

    /** Save with problems says so first: it never offers to rewrite the whole file
     *  (losing its comments) for a save that cannot happen anyway. */
    void savingWithProblemsOffersNoRewrite()
    {
        QTemporaryDir dir;
        const QString path = ownCopy(dir);
        QByteArray text = contents(path);
        text.replace("policies: {dispatch: greedy,", "policies: {dispatch: greedy-nosuch,");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(text);
        out.close();
        MainWindow window;
        QVERIFY(window.openScenario(path).isEmpty());
        QVERIFY(!window.document()->problems().empty());
        window.propertiesDock()->show({});
        QLineEdit *latency = window.propertiesDock()->field("network.lan.latency");
        QVERIFY(latency);
        latency->setText("7ms");
        Q_EMIT latency->editingFinished();
        QVERIFY(!window.document()->inPlaceProblem().isEmpty()); // it would not read back

        QStringList titles; // of the first dialog: the one a click on Save meets
        QTimer::singleShot(50, &window, [&titles] {
            if (QWidget *box = QApplication::activeModalWidget()) {
                titles << box->windowTitle();
                box->close();
            }
        });
        QAction *save = nullptr;
        for (QAction *a : window.findChildren<QAction *>())
            if (a->shortcut() == QKeySequence(QKeySequence::Save))
                save = a;
        QVERIFY(save);
        save->trigger();
        QTRY_VERIFY(!titles.isEmpty());
        QCOMPARE(titles.front(), QString("Not saved"));
        QCOMPARE(contents(path), text);
    }

    void followingANodeAndClosingTouchesNoFile()
    {
        QTemporaryDir dir;
        const QString path = ownCopy(dir);
        const QByteArray before = contents(path);
        const QDateTime modified = QFileInfo(path).lastModified();
        {
            MainWindow window;
            window.resize(1200, 800);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.openScenario(path).isEmpty());
            window.tools()->activate("Select");
            TopologyView *view = window.topologyView();
            for (QGraphicsItem *item : window.topologyScene()->items())
                if (item->data(kKindRole).toInt() == int(ItemKind::Node)) {
                    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                                      view->mapFromScene(item->sceneBoundingRect().center()));
                    break;
                }
            QVERIFY(!window.document()->isModified());
            QVERIFY(window.close()); // no unsaved changes: no prompt
        }
        QCOMPARE(contents(path), before);
        QCOMPARE(QFileInfo(path).lastModified(), modified);
    }

    void aReopenedComparisonRestoresItsSettings()
    {
        MainWindow window;
        QVERIFY(window.openScenario(kTutorial).isEmpty());
        ComparisonPanel *panel = window.comparison();
        panel->choose(Plane::Dispatch, {"random", "round-robin"});
        panel->setSeeds(2);
        panel->setDuration("12s");
        QSignalSpy stored(panel, &ComparisonPanel::stored);
        QSignalSpy done(panel, &ComparisonPanel::finished);
        QVERIFY(panel->run());
        QVERIFY(done.wait(120000));
        QCOMPARE(stored.count(), 1);
        const QString label = stored.first().first().toString();

        // Other settings, another scenario; then the stored comparison again.
        panel->choose(Plane::Dispatch, {"greedy"});
        panel->setSeeds(7);
        panel->setDuration("");
        QVERIFY(
            window
                .openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/kais-edge-cloud.yaml"))
                .isEmpty());
        window.experiments()->refresh();
        QVERIFY(window.experiments()->open(label));
        QCOMPARE(panel->checked(Plane::Dispatch),
                 (std::vector<std::string>{"random", "round-robin"}));
        QCOMPARE(panel->checked(Plane::Dequeue), std::vector<std::string>{"fifo"});
        QCOMPARE(panel->checked(Plane::Orchestration), std::vector<std::string>{"hpa"});
        QCOMPARE(panel->table()->rowCount(), 2);
        const QString status = panel->statusText();
        QVERIFY2(status.contains("2 policy sets × 2 seeds, 12s each"), qPrintable(status));
        QVERIFY2(status.contains("differs from the open one"), qPrintable(status));

        // On the scenario it ran, nothing is said to differ.
        QVERIFY(window.openScenario(kTutorial).isEmpty());
        QVERIFY(window.experiments()->open(label));
        QVERIFY2(!panel->statusText().contains("differ"), qPrintable(panel->statusText()));
        QVERIFY2(!panel->statusText().contains("It ran seeds"), qPrintable(panel->statusText()));
    }
};

QTEST_MAIN(TestDocumentFidelity)
#include "tst_documentfidelity.moc"
