// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>

class QLabel;
class QMenu;
class QTabWidget;

namespace schedlab::ui {

class CatalogDock;
class ComparisonPanel;
class ExperimentBrowser;
class EditorTools;
class PropertiesDock;
class ReproduceDialog;
class RunDock;
class ScenarioDock;
class TopologyDocument;
class TopologyScene;
class TopologyView;
class TrainingDashboard;

/**
 * The workbench window: the topology in the middle, docks around it. It only
 * arranges panels and file handling; each panel owns its own behaviour.
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /** Loads a scenario; on errors keeps the current one and returns them (format()ted). */
    QStringList openScenario(const QString &path);
    /** Saves to `path` (empty: the current file); false with a message on failure. */
    bool saveScenario(const QString &path, QString *error);
    QString statusText() const;
    TopologyDocument *document() const { return mDocument; }
    TopologyScene *topologyScene() const { return mScene; }
    TopologyView *topologyView() const { return mView; }
    PropertiesDock *propertiesDock() const { return mProperties; }
    EditorTools *tools() const { return mTools; }
    CatalogDock *catalog() const { return mCatalog; }
    ComparisonPanel *comparison() const { return mComparison; }
    ExperimentBrowser *experiments() const { return mBrowser; }
    RunDock *runDock() const { return mRun; }
    TrainingDashboard *training() const { return mTraining; }
    /** Shows a central panel: "topology", "compare", "training", "live" (the topology with
     *  the run dock) or "placements" (the same, the dock wider with its Placements tab in front). */
    bool showPanel(const QString &name);
    /** Help → Reproduce a Paper Result…: the dialog, made on first use. */
    ReproduceDialog *reproduceDialog();

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void documentChanged(int change);
    void newScenario();
    void openDialog();
    /** Opens `path`, or says in a message box why it was not opened. */
    void openChecked(const QString &path);
    bool saveDialog(bool saveAs);
    /** Asks to save unsaved changes; false when the user cancels. */
    bool maybeSave();
    void rebuildRecentMenu();
    void remember(const QString &path);
    void selectionChanged();
    void updateTitle();

    TopologyDocument *mDocument;
    TopologyScene *mScene;
    TopologyView *mView;
    ScenarioDock *mTree;
    PropertiesDock *mProperties;
    CatalogDock *mCatalog;
    ComparisonPanel *mComparison;
    TrainingDashboard *mTraining;
    ReproduceDialog *mReproduce = nullptr;
    ExperimentBrowser *mBrowser;
    RunDock *mRun;
    QTabWidget *mCentre;
    EditorTools *mTools;
    QLabel *mStatus;
    QLabel *mLiveStatus;
    QMenu *mRecent;
    bool mShownOnce = false;
    bool mSelectingFromTree = false; ///< a tree row is being shown on the canvas
    int mRightWidth = 340; ///< the right dock area's width at first show
};

} // namespace schedlab::ui
