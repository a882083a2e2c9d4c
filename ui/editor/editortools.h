// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "elementref.h"
#include "model/scenario.h"

#include <QMenu>
#include <QObject>
#include <QPointer>
#include <QToolBar>
#include <memory>
#include <vector>

class QAction;
class QActionGroup;

namespace schedlab::ui {

class AbstractTool;
class TopologyDocument;
class TopologyScene;
class TopologyView;

/**
 * The editor's modes and edit actions: a tool bar of tools (select, add site,
 * eAP, edge node, cloud, connect) and the Edit menu (undo, redo, cut, copy,
 * paste, delete, select all, auto layout).
 */
class EditorTools : public QObject
{
    Q_OBJECT

public:
    EditorTools(TopologyDocument *document, TopologyScene *scene, TopologyView *view,
                QObject *parent = nullptr);
    ~EditorTools() override;

    QToolBar *toolBar() const { return mToolBar; }
    QMenu *editMenu() const { return mEditMenu; }
    QAction *undoAction() const { return mUndo; }
    QAction *redoAction() const { return mRedo; }
    /** Activates the tool named `name` ("Select", "Add Site", "Connect", ...). */
    bool activate(const QString &name);

    std::vector<ElementRef> selection() const;
    void copy();
    void paste();
    void deleteSelection();

private:
    void addTool(std::unique_ptr<AbstractTool> tool, const QString &shortcut,
                 const QString &iconName);

    TopologyDocument *mDocument;
    TopologyScene *mScene;
    QPointer<TopologyView> mView;
    std::vector<std::unique_ptr<AbstractTool>> mTools;
    QActionGroup *mGroup;
    QPointer<QToolBar> mToolBar; ///< owned by the window it is added to
    QPointer<QMenu> mEditMenu;
    QAction *mUndo;
    QAction *mRedo;
    std::vector<NodeSpec> mClipboard;
    ElementRef mClipboardEap; ///< where the copied groups came from: the default paste target
};

} // namespace schedlab::ui
