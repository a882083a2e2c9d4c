// SPDX-License-Identifier: GPL-3.0-or-later
#include "editortools.h"

#include "icons.h"
#include "tools.h"
#include "topologydocument.h"
#include "topologyscene.h"
#include "topologyview.h"

#include <QActionGroup>
#include <QGraphicsItem>
#include <QMenu>
#include <QToolBar>
#include <QUndoStack>

namespace schedlab::ui {

EditorTools::EditorTools(TopologyDocument *document, TopologyScene *scene, TopologyView *view,
                         QObject *parent)
    : QObject(parent), mDocument(document), mScene(scene), mView(view)
{
    mToolBar = new QToolBar(tr("Tools"));
    mToolBar->setObjectName("ToolsToolBar");
    mToolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    mGroup = new QActionGroup(this);
    addTool(std::make_unique<SelectTool>(document, scene), "S", "select");
    addTool(std::make_unique<AddTool>(document, scene, AddTool::Site), "Shift+S", "add-site");
    addTool(std::make_unique<AddTool>(document, scene, AddTool::Eap), "E", "add-eap");
    addTool(std::make_unique<AddTool>(document, scene, AddTool::Node), "N", "add-node");
    addTool(std::make_unique<AddTool>(document, scene, AddTool::Cloud), "C", "add-cloud");
    addTool(std::make_unique<ConnectTool>(document, scene), "L", "connect");
    mGroup->actions().front()->trigger();

    mEditMenu = new QMenu(tr("&Edit"));
    mUndo = document->undoStack()->createUndoAction(this, tr("&Undo"));
    mUndo->setShortcut(QKeySequence::Undo);
    mUndo->setIcon(icon("undo"));
    mRedo = document->undoStack()->createRedoAction(this, tr("&Redo"));
    mRedo->setShortcut(QKeySequence::Redo);
    mRedo->setIcon(icon("redo"));
    mEditMenu->addAction(mUndo);
    mEditMenu->addAction(mRedo);
    mEditMenu->addSeparator();
    mEditMenu->addAction(icon("cut"), tr("Cu&t"), QKeySequence::Cut, this, [this] {
        copy();
        deleteSelection();
    });
    mEditMenu->addAction(icon("copy"), tr("&Copy Node Groups"), QKeySequence::Copy, this,
                         &EditorTools::copy);
    mEditMenu->addAction(icon("paste"), tr("&Paste Node Groups"), QKeySequence::Paste, this,
                         &EditorTools::paste);
    mEditMenu->addAction(icon("delete"), tr("&Delete"), QKeySequence::Delete, this,
                         &EditorTools::deleteSelection);
    mEditMenu->addAction(icon("select-all"), tr("Select &All"), QKeySequence::SelectAll, this,
                         [this] {
                             for (QGraphicsItem *i : mScene->items())
                                 if (i->flags() & QGraphicsItem::ItemIsSelectable)
                                     i->setSelected(true);
                         });
    mEditMenu->addSeparator();
    mEditMenu->addAction(icon("auto-layout"), tr("Auto &Layout"), this,
                         [this] { mDocument->autoLayout(); });
    // Shortcuts work while the canvas has focus, without opening the menu.
    view->addActions(mEditMenu->actions());
}

EditorTools::~EditorTools()
{
    if (mView)
        mView->setTool(nullptr);
    if (mToolBar && !mToolBar->parent())
        delete mToolBar;
    delete mEditMenu;
}

void EditorTools::addTool(std::unique_ptr<AbstractTool> tool, const QString &shortcut,
                          const QString &iconName)
{
    AbstractTool *t = tool.get();
    QAction *a = mToolBar->addAction(icon(iconName), t->name());
    a->setCheckable(true);
    a->setShortcut(QKeySequence(shortcut));
    a->setToolTip(QString("%1 (%2)\n%3").arg(t->name(), shortcut, t->statusTip()));
    a->setStatusTip(t->statusTip());
    mGroup->addAction(a);
    connect(a, &QAction::triggered, this, [this, t] { mView->setTool(t); });
    mTools.push_back(std::move(tool));
}

bool EditorTools::activate(const QString &name)
{
    for (QAction *a : mGroup->actions())
        if (a->text() == name) {
            a->trigger();
            return true;
        }
    return false;
}

std::vector<ElementRef> EditorTools::selection() const
{
    std::vector<ElementRef> refs;
    for (QGraphicsItem *i : mScene->selectedItems()) {
        const ElementRef r = ElementRef::parse(i->data(kPathRole).toString());
        if (r.kind != ElementRef::None && std::find(refs.begin(), refs.end(), r) == refs.end())
            refs.push_back(r);
    }
    std::sort(refs.begin(), refs.end(), [](const ElementRef &a, const ElementRef &b) {
        return std::tie(a.site, a.eap, a.group) < std::tie(b.site, b.eap, b.group);
    });
    return refs;
}

void EditorTools::copy()
{
    std::vector<NodeSpec> groups;
    ElementRef from;
    for (const ElementRef &r : selection())
        if (r.kind == ElementRef::Node) {
            groups.push_back(r.node(mDocument->scenario()));
            if (from.kind == ElementRef::None && r.eap >= 0)
                from = ElementRef{ElementRef::Eap, r.site, r.eap};
        }
    if (groups.empty())
        return;
    mClipboard = std::move(groups);
    mClipboardEap = from;
}

void EditorTools::paste()
{
    if (mClipboard.empty())
        return;
    ElementRef target = mClipboardEap;
    for (const ElementRef &r : selection())
        if (r.kind == ElementRef::Eap || (r.kind == ElementRef::Node && r.eap >= 0)) {
            target = ElementRef{ElementRef::Eap, r.site, r.eap};
            break;
        }
    const std::vector<ElementRef> added = mDocument->paste(mClipboard, target);
    mScene->clearSelection();
    QStringList paths;
    for (const ElementRef &r : added)
        paths << r.path();
    for (QGraphicsItem *i : mScene->items())
        if (i->data(kKindRole).toInt() == int(ItemKind::Node) &&
            paths.contains(i->data(kPathRole).toString()))
            i->setSelected(true);
}

void EditorTools::deleteSelection()
{
    mDocument->remove(selection());
}

} // namespace schedlab::ui
