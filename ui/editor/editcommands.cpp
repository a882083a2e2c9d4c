// SPDX-License-Identifier: GPL-3.0-or-later
#include "editcommands.h"

namespace schedlab::ui {

SwapScenario::SwapScenario(TopologyDocument *document, const QString &text,
                           TopologyDocument::Change kind, Scenario before, Scenario after)
    : QUndoCommand(text), mDocument(document), mKind(kind), mBefore(std::move(before)),
      mAfter(std::move(after))
{
}

void SwapScenario::undo() { mDocument->apply(mBefore, mKind); }
void SwapScenario::redo() { mDocument->apply(mAfter, mKind); }

MoveElement::MoveElement(TopologyDocument *document, std::string name, CanvasPoint to, int dragId)
    : QUndoCommand(QObject::tr("Move %1").arg(QString::fromStdString(name))), mDocument(document),
      mName(std::move(name)), mTo(to), mDragId(dragId)
{
    const auto &layout = document->scenario().layout;
    if (const auto it = layout.find(mName); it != layout.end())
        mFrom = it->second;
}

void MoveElement::undo() { place(mFrom); }
void MoveElement::redo() { place(mTo); }

bool MoveElement::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const MoveElement *>(other);
    if (o->mName != mName || o->mDragId != mDragId)
        return false;
    mTo = o->mTo;
    return true;
}

void MoveElement::place(const std::optional<CanvasPoint> &at)
{
    Scenario s = mDocument->scenario();
    if (at)
        s.layout[mName] = *at;
    else
        s.layout.erase(mName);
    mDocument->apply(s, TopologyDocument::Change::Layout);
}

} // namespace schedlab::ui
