// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "topologydocument.h"

#include <QUndoCommand>
#include <functional>
#include <optional>

namespace schedlab::ui {

/** Merge ids of the commands that coalesce (QUndoCommand::id). */
enum class MergeId { None = -1, Move = 1, Value = 2 };

/** Swaps the whole model between two copies: any structural edit, undone exactly. */
class SwapScenario : public QUndoCommand
{
public:
    SwapScenario(TopologyDocument *document, const QString &text, TopologyDocument::Change kind,
                 Scenario before, Scenario after);
    void undo() override;
    void redo() override;

private:
    TopologyDocument *mDocument;
    TopologyDocument::Change mKind;
    Scenario mBefore, mAfter;
};

/** A canvas position; moves of one drag merge into one undo step. */
class MoveElement : public QUndoCommand
{
public:
    MoveElement(TopologyDocument *document, std::string name, CanvasPoint to, int dragId);
    void undo() override;
    void redo() override;
    int id() const override { return int(MergeId::Move); }
    bool mergeWith(const QUndoCommand *other) override;

private:
    void place(const std::optional<CanvasPoint> &at);

    TopologyDocument *mDocument;
    std::string mName;
    std::optional<CanvasPoint> mFrom;
    CanvasPoint mTo;
    int mDragId;
};

/**
 * One property of the model (Tiled's ChangeValue): `access` finds the value in a
 * model, the command swaps the old and new values. Successive edits of the same
 * property with the same `mergeKey` merge.
 */
template <typename T>
class ChangeValue : public QUndoCommand
{
public:
    using Access = std::function<T &(Scenario &)>;
    ChangeValue(TopologyDocument *document, const QString &text, Access access, T value,
                QString mergeKey = {})
        : QUndoCommand(text), mDocument(document), mAccess(std::move(access)),
          mValue(std::move(value)), mMergeKey(std::move(mergeKey))
    {
        Scenario copy = mDocument->scenario();
        mOld = mAccess(copy);
    }
    void undo() override { set(mOld); }
    void redo() override { set(mValue); }
    int id() const override { return mMergeKey.isEmpty() ? -1 : int(MergeId::Value); }
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *o = dynamic_cast<const ChangeValue<T> *>(other);
        if (!o || o->mMergeKey != mMergeKey)
            return false;
        mValue = o->mValue;
        return true;
    }

private:
    void set(const T &value)
    {
        Scenario s = mDocument->scenario();
        mAccess(s) = value;
        mDocument->apply(s, TopologyDocument::Change::Properties);
    }

    TopologyDocument *mDocument;
    Access mAccess;
    T mOld, mValue;
    QString mMergeKey;
};

} // namespace schedlab::ui
