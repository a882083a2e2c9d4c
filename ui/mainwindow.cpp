// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "bundledscenarios.h"
#include "catalogdock.h"
#include "comparisonpanel.h"
#include "editortools.h"
#include "experimentbrowser.h"
#include "experimentsdb.h"
#include "icons.h"
#include "preferences.h"
#include "preferencesdialog.h"
#include "propertiesdock.h"
#include "reproducedialog.h"
#include "rundock.h"
#include "scenariodock.h"
#include "starterscenario.h"
#include "topologydocument.h"
#include "topologyscene.h"
#include "topologyview.h"
#include "trainingdashboard.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>

namespace schedlab::ui {

namespace {
const Preference<QStringList> recentFiles("files/recent", {});
constexpr int kMaxRecent = 8;
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    mDocument = new TopologyDocument(this);
    mScene = new TopologyScene(this);
    mView = new TopologyView(this);
    mView->setScene(mScene);
    mComparison = new ComparisonPanel(mDocument, this);
    mCentre = new QTabWidget(this);
    mCentre->setDocumentMode(true);
    mCentre->addTab(mView, icon("topology"), tr("Topology"));
    mCentre->addTab(mComparison, icon("compare"), tr("Compare"));
    mTraining = new TrainingDashboard(this);
    mCentre->addTab(mTraining, icon("training"), tr("Training"));
    connect(mTraining, &TrainingDashboard::useModel, this,
            [this](const ModelPtr &model, const QString &label) {
                mComparison->useModel(model, label);
                mCentre->setCurrentWidget(mComparison);
            });
    setCentralWidget(mCentre);
    setStyleSheet(workbenchStyleSheet());

    mTree = new ScenarioDock(this);
    mProperties = new PropertiesDock(mDocument, this);
    addDockWidget(Qt::LeftDockWidgetArea, mTree);
    addDockWidget(Qt::RightDockWidgetArea, mProperties);
    resizeDocks({mTree, mProperties}, {280, 320}, Qt::Horizontal);
    mRun = new RunDock(mScene, this);
    addDockWidget(Qt::RightDockWidgetArea, mRun);
    tabifyDockWidget(mProperties, mRun);
    mProperties->raise();
    mCatalog = new CatalogDock(mDocument, this);
    addDockWidget(Qt::BottomDockWidgetArea, mCatalog);
    mCatalog->hide(); // View > Catalog
    mBrowser = new ExperimentBrowser(this);
    addDockWidget(Qt::LeftDockWidgetArea, mBrowser);
    tabifyDockWidget(mTree, mBrowser);
    mTree->raise();
    mBrowser->setOpener([this](const QString &scenario, const ComparisonSpec &spec,
                               const std::vector<CellResult> &cells, const QString &label,
                               const ComparisonSettings &settings) {
        mComparison->showResults(scenario, spec, cells, label);
        mComparison->restore(spec, settings);
        mCentre->setCurrentWidget(mComparison);
    });
    connect(mComparison, &ComparisonPanel::stored, mBrowser, &ExperimentBrowser::refresh);

    mStatus = new QLabel(this);
    statusBar()->addWidget(mStatus, 1);
    mLiveStatus = new QLabel(this);
    statusBar()->addPermanentWidget(mLiveStatus);
    connect(mRun, &RunDock::statusChanged, mLiveStatus, &QLabel::setText);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *newFile =
        file->addAction(icon("new"), tr("&New"), QKeySequence::New, this, &MainWindow::newScenario);
    QAction *openFile = file->addAction(icon("open"), tr("&Open…"), QKeySequence::Open, this,
                                        &MainWindow::openDialog);
    mRecent = file->addMenu(tr("Open &Recent"));
    QMenu *examples = file->addMenu(tr("Open &Example"));
    for (const QString &path : bundledScenarios(QCoreApplication::applicationDirPath()))
        examples->addAction(QFileInfo(path).completeBaseName(), this, [this, path] {
            if (maybeSave())
                openChecked(path);
        });
    examples->setEnabled(!examples->isEmpty());
    QAction *saveFile = file->addAction(icon("save"), tr("&Save"), QKeySequence::Save, this,
                                        [this] { saveDialog(false); });
    file->addAction(icon("save-as"), tr("Save &As…"), QKeySequence::SaveAs, this,
                    [this] { saveDialog(true); });
    file->addSeparator();
    file->addAction(icon("quit"), tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    mTools = new EditorTools(mDocument, mScene, mView, this);
    menuBar()->addMenu(mTools->editMenu());
    mTools->editMenu()->addSeparator();
    mTools->editMenu()->addAction(icon("preferences"), tr("&Preferences…"),
                                  QKeySequence::Preferences, this, [this] {
                                      PreferencesDialog dialog(this);
                                      if (dialog.exec() == QDialog::Accepted)
                                          mBrowser->refresh();
                                  });
    QToolBar *files = addToolBar(tr("File"));
    files->setObjectName("FileToolBar");
    files->setToolButtonStyle(Qt::ToolButtonIconOnly); // the tools' names need the room
    files->addActions({newFile, openFile, saveFile});
    files->addSeparator();
    files->addActions({mTools->undoAction(), mTools->redoAction()});
    addToolBar(Qt::TopToolBarArea, mTools->toolBar());

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(icon("fit"), tr("&Fit Topology"), this, [this] { mView->fitAll(); });
    view->addAction(icon("topology"), tr("&Topology"), this, [this] { showPanel("topology"); });
    view->addAction(icon("compare"), tr("&Compare"), this, [this] { showPanel("compare"); });
    view->addAction(icon("training"), tr("T&raining"), this, [this] { showPanel("training"); });
    view->addSeparator();
    view->addAction(mTree->toggleViewAction());
    view->addAction(mProperties->toggleViewAction());
    view->addAction(mRun->toggleViewAction());
    view->addAction(mCatalog->toggleViewAction());
    view->addAction(mBrowser->toggleViewAction());
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(icon("reproduce"), tr("&Reproduce a Paper Result…"), this, [this] {
        ReproduceDialog *dialog = reproduceDialog();
        dialog->show();
        dialog->raise();
    });
    help->addAction(icon("about"), tr("&About SchedLab"), this, [this] {
        QMessageBox::about(this, tr("About SchedLab"),
                           tr("<b>SchedLab %1</b><p>A workbench for edge–cloud scheduling research.")
                               .arg(SCHEDLAB_VERSION));
    });
    rebuildRecentMenu();

    connect(mDocument, &TopologyDocument::changed, this,
            [this](TopologyDocument::Change c) { documentChanged(int(c)); });
    connect(mDocument, &TopologyDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(mDocument, &TopologyDocument::fileNameChanged, this, &MainWindow::updateTitle);
    connect(mScene, &QGraphicsScene::selectionChanged, this, &MainWindow::selectionChanged);
    connect(mProperties, &PropertiesDock::problemActivated, this, [this](const QString &path) {
        if (QGraphicsItem *item = mScene->selectElement(path))
            mView->ensureVisible(item);
    });
    connect(mTree, &ScenarioDock::pathActivated, this,
            [this](const QString &path, const QString &name) {
                mProperties->show(path, name);
                mSelectingFromTree = true; // the tree's row is the choice, not the canvas's
                if (QGraphicsItem *item = mScene->selectRow(path, name))
                    mView->ensureVisible(item);
                mSelectingFromTree = false;
            });
    mDocument->reset(starterScenario(), {});
}

MainWindow::~MainWindow()
{
    // Children go in creation order; nothing may call back into half-destroyed panels.
    mScene->disconnect(this);
    mDocument->disconnect();
}

QStringList MainWindow::openScenario(const QString &path)
{
    const QStringList errors = mDocument->load(path);
    if (errors.isEmpty())
        remember(path);
    return errors;
}

bool MainWindow::saveScenario(const QString &path, QString *error)
{
    const QString target = path.isEmpty() ? mDocument->fileName() : path;
    if (!mDocument->save(target, error))
        return false;
    remember(target);
    return true;
}

void MainWindow::documentChanged(int change)
{
    const auto c = TopologyDocument::Change(change);
    const Scenario &s = mDocument->scenario();
    mScene->setScenario(s);
    mRun->setScenario(s, c == TopologyDocument::Change::Layout); // an edit stops a live run
    mTraining->setScenario(
        s, c == TopologyDocument::Change::Replaced); // one in progress keeps its copy
    if (c != TopologyDocument::Change::Layout)
        mTree->setScenario(s);
    if (c == TopologyDocument::Change::Replaced) {
        mProperties->show({});
        mView->fitAll();
    } else if (c != TopologyDocument::Change::Layout) { // not while an eAP is dragged
        mView->keepFitted();
    }
    updateTitle();
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (mShownOnce)
        return;
    mShownOnce = true; // docks can only be sized once the window has its size
    resizeDocks({mTree, mProperties}, {260, mRightWidth}, Qt::Horizontal);
    QTimer::singleShot(0, mView, &TopologyView::fitAll); // after the docks took their room
}

ReproduceDialog *MainWindow::reproduceDialog()
{
    if (mReproduce)
        return mReproduce;
    const QString programs = QCoreApplication::applicationDirPath();
    ReproduceDialog::Setup setup;
    setup.presetDir = QDir(bundledScenarioDir(programs)).filePath("sweeps");
    setup.cli = QDir(programs).filePath("schedlab-cli");
    setup.outRoot = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                        .filePath("reproduce");
    setup.database = experimentsDbPath();
    mReproduce = new ReproduceDialog(
        setup,
        [this](const QString &label) {
            mBrowser->refresh();
            if (mBrowser->open(label))
                mCentre->setCurrentWidget(mComparison);
        },
        this);
    return mReproduce;
}

bool MainWindow::showPanel(const QString &name)
{
    if (name == "topology")
        mCentre->setCurrentWidget(mView);
    else if (name == "compare")
        mCentre->setCurrentWidget(mComparison);
    else if (name == "training")
        mCentre->setCurrentWidget(mTraining);
    else if (name == "live" || name == "placements" || name == "diagnostics") {
        mCentre->setCurrentWidget(mView);
        mRun->show();
        mRun->raise();
        // The why-this-node table has a column per plugin.
        mRightWidth = name == "live" ? 380 : 760;
        resizeDocks({mRun}, {mRightWidth}, Qt::Horizontal);
        if (name == "placements")
            mRun->showPlacements();
        if (name == "diagnostics")
            mRun->showDiagnostics();
    }
    else
        return false;
    return true;
}

void MainWindow::updateTitle()
{
    const QString name = QString::fromStdString(mDocument->scenario().name);
    setWindowTitle(QString("%1[*] — SchedLab").arg(name));
    setWindowModified(mDocument->isModified());
    mStatus->setText(statusText());
}

QString MainWindow::statusText() const
{
    const Scenario &s = mDocument->scenario();
    int eaps = 0, nodes = 0, vms = 0;
    for (const SiteSpec &site : s.sites) {
        eaps += int(site.eaps.size());
        for (const EapSpec &eap : site.eaps)
            for (const NodeSpec &n : eap.nodes)
                nodes += n.count;
        for (const NodeSpec &n : site.nodes)
            vms += n.count;
    }
    const QString file = mDocument->fileName().isEmpty() ? tr("not saved") : mDocument->fileName();
    const int problems = int(mDocument->problems().size());
    return tr("%1  ·  %2 eAPs  ·  %3 edge nodes  ·  %4 cloud VMs  ·  %5 services  ·  %6%7")
        .arg(QString::fromStdString(s.name))
        .arg(eaps)
        .arg(nodes)
        .arg(vms)
        .arg(s.services.size())
        .arg(file)
        .arg(problems ? tr("  ·  %n problem(s)", nullptr, problems) : QString());
}

void MainWindow::newScenario()
{
    if (maybeSave())
        mDocument->reset(starterScenario(), {});
}

void MainWindow::openDialog()
{
    if (!maybeSave())
        return;
    const QString start = mDocument->fileName().isEmpty()
                              ? bundledScenarioDir(QCoreApplication::applicationDirPath())
                              : QFileInfo(mDocument->fileName()).path();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), start,
                                                      tr("Scenarios (*.yaml *.yml)"));
    if (!path.isEmpty())
        openChecked(path);
}

void MainWindow::openChecked(const QString &path)
{
    const QStringList errors = openScenario(path);
    if (!errors.isEmpty())
        QMessageBox::warning(this, tr("Scenario has errors"),
                             tr("%1 was not opened:\n\n%2").arg(path, errors.join('\n')));
}

bool MainWindow::saveDialog(bool saveAs)
{
    QString path = mDocument->fileName();
    // Said first: no choice of file or of how to write it can save a model with problems.
    if (const QString problem = mDocument->saveProblem(); !problem.isEmpty()) {
        QMessageBox::warning(
            this, tr("Not saved"),
            tr("%1 was not saved:\n\n%2").arg(path.isEmpty() ? tr("The scenario") : path, problem));
        return false;
    }
    // The bundled examples are templates: their copy is saved under a name of its own.
    const bool example = isBundledScenario(path, QCoreApplication::applicationDirPath());
    if (example)
        path = QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
                   .filePath(QFileInfo(path).fileName());
    if (saveAs || example || path.isEmpty()) {
        path = QFileDialog::getSaveFileName(this, tr("Save Scenario"), path,
                                            tr("Scenarios (*.yaml *.yml)"));
        if (path.isEmpty())
            return false;
    }
    auto style = TopologyDocument::SaveStyle::InPlace;
    if (const QString problem = mDocument->inPlaceProblem(); !problem.isEmpty()) {
        QMessageBox ask(QMessageBox::Warning, tr("Rewrite the whole file?"),
                        tr("These edits cannot be written into %1's own text (%2).\n\nSaving "
                           "writes the whole file anew: its comments and layout are lost.")
                            .arg(QFileInfo(path).fileName(), problem),
                        QMessageBox::Cancel, this);
        QPushButton *rewrite = ask.addButton(tr("Rewrite Whole File"), QMessageBox::AcceptRole);
        ask.setDefaultButton(QMessageBox::Cancel);
        ask.exec();
        if (ask.clickedButton() != rewrite)
            return false;
        style = TopologyDocument::SaveStyle::Whole;
    }
    QString error;
    if (!mDocument->save(path, &error, style)) {
        QMessageBox::warning(this, tr("Not saved"), tr("%1 was not saved:\n\n%2").arg(path, error));
        return false;
    }
    remember(path);
    return true;
}

bool MainWindow::maybeSave()
{
    if (!mDocument->isModified())
        return true;
    const auto answer = QMessageBox::warning(
        this, tr("Unsaved changes"),
        tr("%1 has unsaved changes. Save them?")
            .arg(QString::fromStdString(mDocument->scenario().name)),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
        QMessageBox::Cancel); // Enter keeps everything as it is, on screen and on disk
    if (answer == QMessageBox::Save)
        return saveDialog(false);
    return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (maybeSave())
        event->accept();
    else
        event->ignore();
}

void MainWindow::remember(const QString &path)
{
    QStringList recent = recentFiles.get();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    recentFiles.set(recent.mid(0, kMaxRecent));
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    mRecent->clear();
    const QStringList recent = recentFiles.get();
    for (const QString &path : recent)
        mRecent->addAction(QFileInfo(path).fileName(), this, [this, path] {
            if (maybeSave())
                openChecked(path);
        });
    mRecent->setEnabled(!recent.isEmpty());
}

void MainWindow::selectionChanged()
{
    if (mSelectingFromTree)
        return;
    const auto selected = mScene->selectedItems();
    if (selected.isEmpty()) {
        mProperties->show({});
        return;
    }
    const QString path = selected.front()->data(kPathRole).toString();
    const QString name = selected.front()->data(kNodeNameRole).toString();
    mProperties->show(path, name);
    mTree->select(path, name);
}

} // namespace schedlab::ui
