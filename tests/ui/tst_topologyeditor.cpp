// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogdock.h"
#include "catalogtable.h"
#include "common/testscenarios.h"
#include "editcommands.h"
#include "editortools.h"
#include "mainwindow.h"
#include "propertiesdock.h"
#include "scenario/scenarioio.h"
#include "scenariodock.h"
#include "topologydocument.h"
#include "topologyscene.h"
#include "topologyview.h"

#include <QGraphicsItem>
#include <QLineEdit>
#include <QListWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace schedlab;
using namespace schedlab::ui;

namespace {
QGraphicsItem *itemFor(const TopologyScene &scene, ItemKind kind, const QString &nameOrPath)
{
    for (QGraphicsItem *i : scene.items())
        if (i->data(kKindRole).isValid() && i->data(kKindRole).toInt() == int(kind) &&
            (i->data(kNodeNameRole).toString() == nameOrPath ||
             i->data(kPathRole).toString() == nameOrPath))
            return i;
    return nullptr;
}

int edgeNodes(const Scenario &s)
{
    int n = 0;
    for (const SiteSpec &site : s.sites)
        for (const EapSpec &eap : site.eaps)
            for (const NodeSpec &g : eap.nodes)
                n += g.count;
    return n;
}

/** Clicks the canvas at a scene position with the current tool. */
void click(TopologyView *view, QPointF scenePos, Qt::KeyboardModifiers mods = {})
{
    QTest::mouseClick(view->viewport(), Qt::LeftButton, mods, view->mapFromScene(scenePos));
}

void drag(TopologyView *view, QPointF from, QPointF to)
{
    const QPoint a = view->mapFromScene(from), b = view->mapFromScene(to);
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, a);
    for (int k = 1; k <= 4; ++k) {
        QMouseEvent move(QEvent::MouseMove, a + (b - a) * k / 4, view->viewport()->mapToGlobal(a + (b - a) * k / 4),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(view->viewport(), &move);
    }
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, b);
}
} // namespace

class TestTopologyEditor : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyEditUndoesToTheSameModel()
    {
        TopologyDocument doc;
        const Scenario original = test::smallScenario(2, 2);
        doc.reset(original, {});
        QVERIFY(!doc.isModified());

        const ElementRef site = doc.addEdgeSite({900, 0});
        const ElementRef eap = doc.addEap(site.site, {300, 40});
        const ElementRef node = doc.addNode(eap);
        doc.addCloudNodes();
        doc.reattach(ElementRef{ElementRef::Node, 0, 0, 0}, eap);
        doc.move("eap-1", {10, 20}, 1);
        doc.remove({ElementRef{ElementRef::Eap, 0, 1}});
        doc.paste({node.node(doc.scenario())}, eap);
        QVERIFY(doc.isModified());
        QVERIFY(doc.problems().empty());
        const Scenario edited = doc.scenario();
        QCOMPARE(doc.undoStack()->count(), 8);

        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QVERIFY(doc.scenario() == original);
        QVERIFY(!doc.isModified());
        while (doc.undoStack()->canRedo())
            doc.undoStack()->redo();
        QVERIFY(doc.scenario() == edited);
    }

    void dragsMergeIntoOneStep()
    {
        TopologyDocument doc;
        doc.reset(test::smallScenario(), {});
        for (int x = 0; x <= 50; x += 10)
            doc.move("eap-1", {double(x), 5}, 7);
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.scenario().layout.at("eap-1"), (CanvasPoint{50, 5}));
        doc.move("eap-1", {60, 5}, 8); // a new drag is a new step
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QVERIFY(doc.scenario().layout.empty());
    }

    void changeValueMerges()
    {
        TopologyDocument doc;
        doc.reset(test::smallScenario(), {});
        const auto cpu = [](Scenario &s) -> double & { return s.sites[0].eaps[0].nodes[0].cpu; };
        const double before = cpu(const_cast<Scenario &>(doc.scenario()));
        doc.undoStack()->push(new ChangeValue<double>(&doc, "cpu", cpu, 3.0, "cpu"));
        doc.undoStack()->push(new ChangeValue<double>(&doc, "cpu", cpu, 4.0, "cpu"));
        QCOMPARE(doc.undoStack()->count(), 1);
        QCOMPARE(doc.scenario().sites[0].eaps[0].nodes[0].cpu, 4.0);
        doc.undoStack()->undo();
        QCOMPARE(doc.scenario().sites[0].eaps[0].nodes[0].cpu, before);
    }

    void pasteRenamesTakenNames()
    {
        TopologyDocument doc;
        doc.reset(test::smallScenario(2, 2), {});
        const NodeSpec group = doc.scenario().sites[0].eaps[0].nodes[0];
        const auto refs = doc.paste({group, group}, ElementRef{ElementRef::Eap, 0, 1});
        QCOMPARE(refs.size(), std::size_t(2));
        QVERIFY(doc.problems().empty()); // no duplicate node names
        QVERIFY(refs[0].node(doc.scenario()).name != group.name);
        QVERIFY(refs[0].node(doc.scenario()).name != refs[1].node(doc.scenario()).name);
        QCOMPARE(refs[0].node(doc.scenario()).cpu, group.cpu);
    }

    void inspectorShowsTheLoadersMessages_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("bare number") << "memory" << "4096"
                                     << "sites[0].eaps[0].nodes[0].memory: expected a size with a unit";
        QTest::newRow("negative cpu") << "cpu" << "-2" << "sites[0].eaps[0].nodes[0].cpu: must be > 0";
        QTest::newRow("zero perf") << "perf" << "0" << "sites[0].eaps[0].nodes[0].perf: must be > 0";
        QTest::newRow("bad taint effect")
            << "taints" << "gpu=yes:Sometimes"
            << "sites[0].eaps[0].nodes[0].taints[0].effect: expected NoSchedule";
        QTest::newRow("taint without its effect")
            << "taints"
            << "garbage"
            << "expected key[=value]:NoSchedule, PreferNoSchedule or NoExecute, got 'garbage'";
        QTest::newRow("taint key with spaces")
            << "taints"
            << "a b:NoSchedule"
            << "expected key[=value]:NoSchedule, PreferNoSchedule or NoExecute, got 'a "
               "b:NoSchedule'";
        QTest::newRow("count") << "count" << "two" << "expected a whole number, got 'two'";
    }

    void inspectorShowsTheLoadersMessages()
    {
        QFETCH(QString, key);
        QFETCH(QString, text);
        QFETCH(QString, message);
        TopologyDocument doc;
        doc.reset(test::smallScenario(), {});
        PropertiesDock dock(&doc);
        dock.show("sites[0].eaps[0].nodes[0]");
        QLineEdit *edit = dock.field(key);
        QVERIFY(edit);
        const Scenario before = doc.scenario();
        edit->selectAll();
        QTest::keyClicks(edit, text);
        QVERIFY2(dock.message().contains(message), qPrintable(dock.message()));
        Q_EMIT edit->editingFinished();
        QVERIFY(doc.scenario() == before); // nothing invalid enters the model
        QCOMPARE(doc.undoStack()->count(), 0);
    }

    void aFileWithUnknownNamesOpensWithItsProblemsListed()
    {
        QFile tutorial(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"));
        QVERIFY(tutorial.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(tutorial.readAll());
        text.truncate(text.lastIndexOf("\npolicies:") + 1);
        QTemporaryDir dir;
        const QString path = dir.filePath("typo.yaml");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write((text + "policies: {dispatch: greedy-nosuch}\n").toUtf8());
        out.close();

        TopologyDocument doc;
        PropertiesDock dock(&doc);
        QVERIFY(doc.load(path).isEmpty());
        const ScenarioLoad cli = loadScenarioFile(path.toStdString()); // what validate prints
        QCOMPARE(cli.errors.size(), std::size_t(1));
        QCOMPARE(doc.problems().size(), std::size_t(1));
        QCOMPARE(doc.problems().front().format(), cli.errors.front().format());
        const auto *list = dock.findChild<QListWidget *>();
        QVERIFY(list && list->count() == 1);
        const ScenarioError &e = cli.errors.front();
        QCOMPARE(list->item(0)->text(),
                 QString("line %1:%2: %3: %4")
                     .arg(e.line)
                     .arg(e.column)
                     .arg(QString::fromStdString(e.keyPath), QString::fromStdString(e.message)));
        QVERIFY(list->item(0)->text().contains("unknown dispatch policy 'greedy-nosuch'"));

        dock.show(QString());
        QLineEdit *dispatch = dock.field("policies.dispatch");
        QVERIFY(dispatch);
        dispatch->setText("greedy");
        Q_EMIT dispatch->editingFinished();
        QVERIFY(doc.problems().empty());

        QFile broken(dir.filePath("broken.yaml"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("schedlab: 1\nname: [\n");
        broken.close();
        QVERIFY(!doc.load(broken.fileName()).isEmpty()); // not well formed: not opened
        QCOMPARE(doc.fileName(), path);
    }

    /** Clicking a problem of a node selects that node on the canvas. */
    void clickingAProblemSelectsItsItem()
    {
        QFile tutorial(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"));
        QVERIFY(tutorial.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(tutorial.readAll());
        QVERIFY(text.contains("{name: e1-arm, arch: arm64,"));
        text.replace("{name: e1-arm, arch: arm64,", "{name: e1-arm, arch: aarch64,");
        QTemporaryDir dir;
        const QString path = dir.filePath("arch.yaml");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text.toUtf8());
        out.close();

        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openScenario(path).isEmpty()); // opens, with its problem listed
        auto *list = window.propertiesDock()->findChild<QListWidget *>();
        QVERIFY(list && list->count() == 1);
        QVERIFY2(list->item(0)->text().contains("Kubernetes calls it 'arm64'"),
                 qPrintable(list->item(0)->text()));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->item(0)).center());
        QGraphicsItem *node = itemFor(*window.topologyScene(), ItemKind::Node, "e1-arm");
        QVERIFY(node && node->isSelected());
        QCOMPARE(window.topologyScene()->selectedItems().size(), 1);
    }

    void inspectorCommitsValidEditsAsUndoSteps()
    {
        TopologyDocument doc;
        doc.reset(test::smallScenario(), {});
        PropertiesDock dock(&doc);
        dock.show("sites[0].eaps[0].nodes[0]");
        QLineEdit *cpu = dock.field("cpu");
        cpu->setText("500m");
        Q_EMIT cpu->textEdited(cpu->text());
        QVERIFY(dock.message().isEmpty());
        Q_EMIT cpu->editingFinished();
        QCOMPARE(doc.scenario().sites[0].eaps[0].nodes[0].cpu, 0.5);
        QLineEdit *name = dock.field("name");
        name->setText("renamed");
        Q_EMIT name->editingFinished();
        QCOMPARE(doc.scenario().sites[0].eaps[0].nodes[0].name, std::string("renamed"));
        QCOMPARE(doc.undoStack()->count(), 2);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QVERIFY(doc.scenario() == test::smallScenario());

        dock.show({}); // the scenario's own settings
        QLineEdit *slot = dock.field("time.slot");
        QVERIFY(slot);
        slot->setText("250");
        Q_EMIT slot->textEdited(slot->text());
        QVERIFY(dock.message().contains("expected a duration with a unit"));
        QLineEdit *dispatch = dock.field("policies.dispatch");
        dispatch->setText("gredy");
        Q_EMIT dispatch->textEdited(dispatch->text());
        QVERIFY2(dock.message().contains("did you mean 'greedy'"), qPrintable(dock.message()));
    }

    void renameCarriesTheLayout()
    {
        TopologyDocument doc;
        doc.reset(test::smallScenario(), {});
        doc.move("eap-1", {5, 5}, 1);
        PropertiesDock dock(&doc);
        dock.show("sites[0].eaps[0]");
        QLineEdit *name = dock.field("name");
        name->setText("north");
        Q_EMIT name->editingFinished();
        QVERIFY(doc.scenario().layout.count("north"));
        QVERIFY(!doc.scenario().layout.count("eap-1"));
        QVERIFY(doc.problems().empty());
    }

    /** Clicking a node (to follow it, say) selects it and changes nothing: no undo
     *  step, no unsaved-changes mark, even when the pointer wobbles a pixel. */
    void aClickIsNoEdit()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        TopologyDocument *doc = window.document();
        TopologyView *view = window.topologyView();
        window.tools()->activate("Select");
        QGraphicsItem *node = itemFor(*window.topologyScene(), ItemKind::Node, "e1-arm");
        QVERIFY(node);
        const QPointF at = node->sceneBoundingRect().center();
        click(view, at);
        QVERIFY(node->isSelected());
        drag(view, at, at + QPointF(1, 1));
        QCOMPARE(doc->undoStack()->count(), 0);
        QVERIFY(!doc->isModified());
        QVERIFY(!window.isWindowModified());
        // A real drag is an edit; undoing it is back to the file as saved.
        drag(view, at, at + QPointF(60, 30));
        QVERIFY(window.isWindowModified());
        doc->undoStack()->undo();
        QVERIFY(!doc->isModified());
        QVERIFY(!window.isWindowModified());
    }

    /** A group grown past the view is fitted again, unless the user chose a zoom. */
    void aGrownTopologyIsFittedAgain()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        TopologyView *view = window.topologyView();
        const auto shown = [&] {
            return view->mapToScene(view->viewport()->rect()).boundingRect();
        };
        QTRY_VERIFY(shown().contains(view->sceneRect()));
        const auto grow = [&](int count) {
            window.document()->edit(
                "count", TopologyDocument::Change::Properties,
                [&](Scenario &s) { s.sites[0].eaps[0].nodes[0].count = count; });
        };
        grow(40);
        QVERIFY(shown().contains(view->sceneRect()));

        view->zoomAt(view->sceneRect().center(), 2.0);
        const QTransform zoomed = view->transform();
        grow(80);
        QCOMPARE(view->transform(), zoomed);
    }

    /** A row chosen in the scenario tree is shown on the canvas, and stays chosen
     *  when the properties rename it. */
    void theTreeAndTheCanvasShowTheSameChoice()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openScenario(QStringLiteral(SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml"))
                    .isEmpty());
        auto *tree = window.findChild<ScenarioDock *>()->findChild<QTreeWidget *>();
        QVERIFY(tree);
        const auto rowOf = [&](const QString &text) -> QTreeWidgetItem * {
            for (QTreeWidgetItem *eap :
                 tree->findItems("eap-*", Qt::MatchWildcard | Qt::MatchRecursive))
                tree->expandItem(eap); // node rows are made on expanding
            const auto found = tree->findItems(text, Qt::MatchExactly | Qt::MatchRecursive);
            return found.isEmpty() ? nullptr : found.front();
        };
        TopologyScene *scene = window.topologyScene();

        // One node of a group: that node alone.
        tree->setCurrentItem(rowOf("e2-arm2"));
        QCOMPARE(scene->selectedItems().size(), 1);
        QCOMPARE(scene->selectedItems().front()->data(kNodeNameRole).toString(), "e2-arm2");
        QVERIFY(window.propertiesDock()->field("name"));

        // A cloud VM has no item: nothing is selected (Delete would take the cloud), and
        // the tree and the properties stay on the VM.
        tree->setCurrentItem(rowOf("vm3"));
        QVERIFY(scene->selectedItems().isEmpty());
        QCOMPARE(tree->currentItem()->text(0), "vm3");
        QVERIFY(window.propertiesDock()->field("name"));

        // Renamed, a node's row is still the chosen one; so is an eAP's.
        tree->setCurrentItem(rowOf("e1-arm"));
        QLineEdit *name = window.propertiesDock()->field("name");
        name->setText("e1-arm64");
        Q_EMIT name->editingFinished();
        QCOMPARE(window.document()->scenario().sites[0].eaps[0].nodes[2].name, "e1-arm64");
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->currentItem()->text(0), "e1-arm64");
        tree->setCurrentItem(rowOf("eap-2"));
        const bool open = tree->currentItem()->isExpanded();
        name = window.propertiesDock()->field("name");
        name->setText("south");
        Q_EMIT name->editingFinished();
        QVERIFY(tree->currentItem());
        QCOMPARE(tree->currentItem()->text(0), "south");
        QCOMPARE(tree->currentItem()->isExpanded(), open);
    }

    void buildSaveAndReopenThroughTheWindow()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        TopologyView *view = window.topologyView();
        TopologyDocument *doc = window.document();
        QVERIFY(doc->scenario().sites.empty());

        // A site with an eAP and a node, a second node on that eAP, a cloud.
        QVERIFY(window.tools()->activate("Add Site"));
        click(view, view->mapToScene(view->viewport()->rect().center()));
        QCOMPARE(doc->scenario().sites.size(), std::size_t(1));
        QCOMPARE(edgeNodes(doc->scenario()), 1);
        QGraphicsItem *eap = itemFor(*window.topologyScene(), ItemKind::Eap, "eap-1");
        QVERIFY(eap);
        window.tools()->activate("Add Edge Node");
        click(view, eap->sceneBoundingRect().center());
        QCOMPARE(edgeNodes(doc->scenario()), 2);
        window.tools()->activate("Add Cloud");
        click(view, QPointF(0, 0));
        QCOMPARE(doc->scenario().sites.size(), std::size_t(2));
        QCOMPARE(window.topologyScene()->count(ItemKind::Cloud), 1);

        // Drag the eAP: one undo step, the nodes follow.
        window.tools()->activate("Select");
        eap = itemFor(*window.topologyScene(), ItemKind::Eap, "eap-1");
        const QPointF nodeBefore =
            itemFor(*window.topologyScene(), ItemKind::Node, "edge-1-n1")->sceneBoundingRect().topLeft();
        const int steps = doc->undoStack()->count();
        drag(view, eap->sceneBoundingRect().center(), eap->sceneBoundingRect().center() + QPointF(120, 60));
        QCOMPARE(doc->undoStack()->count(), steps + 1);
        const QPointF nodeAfter =
            itemFor(*window.topologyScene(), ItemKind::Node, "edge-1-n1")->sceneBoundingRect().topLeft();
        QVERIFY2((nodeAfter - nodeBefore).manhattanLength() > 100,
                 qPrintable(QString("moved by %1").arg((nodeAfter - nodeBefore).manhattanLength())));

        // Save, reopen: the same model, layout included.
        QTemporaryDir dir;
        const QString path = dir.filePath("built.yaml");
        QString error;
        QVERIFY2(window.saveScenario(path, &error), qPrintable(error));
        QVERIFY(!doc->isModified());
        const Scenario saved = doc->scenario();
        MainWindow again;
        const QStringList errors = again.openScenario(path);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        QVERIFY(again.document()->scenario() == saved);
        QVERIFY(again.document()->scenario().layout.count("eap-1"));

        // Select the first node and delete it; undo brings it back.
        QGraphicsItem *node = itemFor(*window.topologyScene(), ItemKind::Node, "edge-1-n1");
        window.topologyScene()->clearSelection();
        node->setSelected(true);
        window.tools()->deleteSelection();
        QCOMPARE(edgeNodes(doc->scenario()), 1);
        QVERIFY(doc->isModified());
        doc->undoStack()->undo();
        QVERIFY(doc->scenario() == saved);
    }

    void connectToolMovesANodeToAnotherEap()
    {
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.document()->reset(test::smallScenario(2, 2), {});
        window.topologyView()->fitAll();
        window.tools()->activate("Connect");
        const TopologyScene &scene = *window.topologyScene();
        QGraphicsItem *from = itemFor(scene, ItemKind::Node, "sites[0].eaps[0].nodes[0]");
        QGraphicsItem *to = itemFor(scene, ItemKind::Eap, "sites[0].eaps[1]");
        QVERIFY(from && to);
        const std::string name = window.document()->scenario().sites[0].eaps[0].nodes[0].name;
        drag(window.topologyView(), from->sceneBoundingRect().center(), to->sceneBoundingRect().center());
        const auto &eaps = window.document()->scenario().sites[0].eaps;
        QCOMPARE(eaps[0].nodes.size(), std::size_t(1));
        QCOMPARE(eaps[1].nodes.back().name, name);
    }

    void copyPasteANodeGroup()
    {
        MainWindow window;
        window.document()->reset(test::smallScenario(2, 2), {});
        const TopologyScene &scene = *window.topologyScene();
        itemFor(scene, ItemKind::Node, "sites[0].eaps[0].nodes[0]")->setSelected(true);
        window.tools()->copy();
        const int before = edgeNodes(window.document()->scenario());
        window.tools()->paste();
        window.tools()->paste();
        QCOMPARE(edgeNodes(window.document()->scenario()), before + 2);
        QVERIFY(window.document()->problems().empty());
    }

    void catalogEditsServicesAndImages()
    {
        TopologyDocument doc;
        doc.reset(test::smallScenario(), {});
        CatalogDock dock(&doc);
        CatalogTable *services = dock.services();
        QCOMPARE(services->rowCount(), 3);
        const auto col = [](CatalogTable *t, const QString &header) {
            for (int c = 0; c < t->columnCount(); ++c)
                if (t->horizontalHeaderItem(c)->text() == header)
                    return c;
            return -1;
        };
        // The loader's messages, and nothing enters the model.
        QVERIFY(services->editCell(0, col(services, "Work"), "exp(40)")
                    .contains("services[0].request.work"));
        QVERIFY(services->editCell(0, col(services, "Image"), "nope:1").contains("services[0].image"));
        QVERIFY(services->editCell(0, col(services, "Replicas edge/min/max"), "9 / 1 / 4")
                    .contains("services[0].replicas.edge"));
        QCOMPARE(doc.undoStack()->count(), 0);
        // Valid edits are undo steps.
        QVERIFY(services->editCell(0, col(services, "Work"), "uniform(10ms, 30ms)").isEmpty());
        QCOMPARE(doc.scenario().services[0].work.kind, Distribution::Kind::Uniform);
        QVERIFY(services->editCell(1, col(services, "Name"), "web").isEmpty());
        QCOMPARE(services->item(1, col(services, "Name"))->text(), QString("web"));
        services->selectRow(2);
        services->removeSelectedRows();
        QCOMPARE(doc.scenario().services.size(), std::size_t(2));
        services->clearSelection();
        services->addRow();
        QCOMPARE(doc.scenario().services.size(), std::size_t(3));
        QVERIFY(doc.problems().empty());

        CatalogTable *images = dock.images();
        QCOMPARE(images->rowCount(), 2); // app:1 for amd64 and arm64
        QVERIFY(images->editCell(1, col(images, "Layers"), "base, sha256:c9=12MB").isEmpty());
        QCOMPARE(doc.scenario().images[0].variants[1].layers.size(), std::size_t(2));
        QVERIFY(images->editCell(1, col(images, "Layers"), "missing").contains("unknown layer 'missing'"));
        QVERIFY(images->editCell(0, col(images, "Image"), "app:2").isEmpty());
        QCOMPARE(doc.scenario().services[0].image, std::string("app:2")); // services follow
        images->selectRow(0);
        images->addRow(); // a variant for the next free arch
        QCOMPARE(doc.scenario().images[0].variants.back().arch, std::string("riscv64"));

        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QVERIFY(doc.scenario() == test::smallScenario());
    }
};

QTEST_MAIN(TestTopologyEditor)
#include "tst_topologyeditor.moc"
