// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <QMainWindow>
#include <optional>

class QLabel;
class QMenu;

namespace schedlab::ui {

class PropertiesDock;
class ScenarioDock;
class TopologyScene;
class TopologyView;

/**
 * The workbench window: a topology view in the middle, docks around it. It only
 * arranges panels; each panel owns its own behaviour.
 */
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /** Loads a scenario; on errors keeps the current one and returns them (format()ted). */
    QStringList openScenario(const QString &path);
    QString statusText() const;
    TopologyScene *topologyScene() const { return mScene; }
    PropertiesDock *propertiesDock() const { return mProperties; }

private:
    void showScenario(const Scenario &scenario, const QString &path);
    void openDialog();
    void rebuildRecentMenu();
    void selectionChanged();

    std::optional<Scenario> mScenario;
    QString mPath;
    TopologyScene *mScene;
    TopologyView *mView;
    ScenarioDock *mTree;
    PropertiesDock *mProperties;
    QLabel *mStatus;
    QMenu *mRecent;
};

} // namespace schedlab::ui
