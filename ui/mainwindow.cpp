// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "preferences.h"
#include "propertiesdock.h"
#include "scenario/scenarioio.h"
#include "scenariodock.h"
#include "topologyscene.h"
#include "topologyview.h"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace schedlab::ui {

namespace {
const Preference<QStringList> recentFiles("files/recent", {});
constexpr int kMaxRecent = 8;
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle("SchedLab");
    mScene = new TopologyScene(this);
    mView = new TopologyView(this);
    mView->setScene(mScene);
    setCentralWidget(mView);

    mTree = new ScenarioDock(this);
    mProperties = new PropertiesDock(this);
    addDockWidget(Qt::LeftDockWidgetArea, mTree);
    addDockWidget(Qt::RightDockWidgetArea, mProperties);
    resizeDocks({mTree, mProperties}, {300, 280}, Qt::Horizontal);

    mStatus = new QLabel(this);
    statusBar()->addWidget(mStatus, 1);

    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openDialog);
    mRecent = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::closeAllWindows);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Fit Topology"), this, [this] { mView->fitAll(); });
    view->addAction(mTree->toggleViewAction());
    view->addAction(mProperties->toggleViewAction());
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About SchedLab"), this, [this] {
        QMessageBox::about(this, tr("About SchedLab"),
                           tr("<b>SchedLab %1</b><p>A workbench for edge–cloud scheduling research.")
                               .arg(SCHEDLAB_VERSION));
    });
    rebuildRecentMenu();

    connect(mScene, &QGraphicsScene::selectionChanged, this, &MainWindow::selectionChanged);
    connect(mTree, &ScenarioDock::pathActivated, this, [this](const QString &path, const QString &name) {
        mProperties->show(path, name);
    });
}

MainWindow::~MainWindow() = default;

QStringList MainWindow::openScenario(const QString &path)
{
    const ScenarioLoad load = loadScenarioFile(path.toStdString());
    QStringList errors;
    for (const ScenarioError &e : load.errors)
        errors << QString::fromStdString(e.format());
    if (!load.ok())
        return errors;
    showScenario(*load.scenario, path);
    QStringList recent = recentFiles.get();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    recentFiles.set(recent.mid(0, kMaxRecent));
    rebuildRecentMenu();
    return {};
}

void MainWindow::showScenario(const Scenario &scenario, const QString &path)
{
    mScenario = scenario;
    mPath = path;
    mScene->setScenario(scenario);
    mTree->setScenario(scenario);
    mProperties->setScenario(scenario);
    mView->fitAll();
    setWindowTitle(QString("%1 — SchedLab").arg(QString::fromStdString(scenario.name)));
    mStatus->setText(statusText());
}

QString MainWindow::statusText() const
{
    if (!mScenario)
        return tr("No scenario");
    int eaps = 0, nodes = 0, vms = 0;
    for (const SiteSpec &site : mScenario->sites) {
        eaps += int(site.eaps.size());
        for (const EapSpec &eap : site.eaps)
            for (const NodeSpec &n : eap.nodes)
                nodes += n.count;
        for (const NodeSpec &n : site.nodes)
            vms += n.count;
    }
    return tr("%1  ·  %2 eAPs  ·  %3 edge nodes  ·  %4 cloud VMs  ·  %5 services  ·  %6")
        .arg(QString::fromStdString(mScenario->name))
        .arg(eaps)
        .arg(nodes)
        .arg(vms)
        .arg(mScenario->services.size())
        .arg(mPath);
}

void MainWindow::openDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Scenario"), QFileInfo(mPath).path(),
                                                      tr("Scenarios (*.yaml *.yml)"));
    if (path.isEmpty())
        return;
    const QStringList errors = openScenario(path);
    if (!errors.isEmpty())
        QMessageBox::warning(this, tr("Scenario has errors"),
                             tr("%1 was not opened:\n\n%2").arg(path, errors.join('\n')));
}

void MainWindow::rebuildRecentMenu()
{
    mRecent->clear();
    const QStringList recent = recentFiles.get();
    for (const QString &path : recent)
        mRecent->addAction(QFileInfo(path).fileName(), this, [this, path] {
            const QStringList errors = openScenario(path);
            if (!errors.isEmpty())
                QMessageBox::warning(this, tr("Scenario has errors"), errors.join('\n'));
        });
    mRecent->setEnabled(!recent.isEmpty());
}

void MainWindow::selectionChanged()
{
    const auto selected = mScene->selectedItems();
    if (selected.isEmpty())
        return;
    const QString path = selected.front()->data(kPathRole).toString();
    const QString name = selected.front()->data(kNodeNameRole).toString();
    mProperties->show(path, name);
    mTree->select(path, name);
}

} // namespace schedlab::ui
