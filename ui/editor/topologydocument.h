// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "elementref.h"
#include "model/scenario.h"
#include "scenario/scenarioio.h"

#include <QObject>
#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

class QUndoStack;

namespace schedlab::ui {

/**
 * The scenario being edited (Tiled's Document): owns the plain model and the
 * undo stack. Every edit is an undo command pushed through the methods below;
 * views mirror the model and redraw on changed().
 */
class TopologyDocument : public QObject
{
    Q_OBJECT

public:
    /** What an edit touched, so a view can redraw only what it shows. */
    enum class Change { Replaced, Structure, Properties, Layout };

    explicit TopologyDocument(QObject *parent = nullptr);
    ~TopologyDocument() override;

    const Scenario &scenario() const { return mScenario; }
    QUndoStack *undoStack() const { return mUndo; }
    QString fileName() const { return mFileName; }
    bool isModified() const;
    /** Semantic problems of the current model, in the loader's words. */
    const std::vector<ScenarioError> &problems() const { return mProblems; }
    /** What a run of the model will do that may be unexpected (scenarioWarnings()),
     *  once it has no problems; warnings never stop saving or running. */
    const std::vector<ScenarioError> &warnings() const { return mWarnings; }

    /** Starts over on `scenario` (clears undo history); `located`: the loader's
     *  problems of the file, whose line:column the same problems keep. */
    void reset(const Scenario &scenario, const QString &fileName,
               std::vector<ScenarioError> located = {}, std::string fileText = {});
    /** Loads a file. One that is well formed opens, its semantic problems (unknown
     *  names, ranges) listed in problems() with line:column; on other errors the
     *  current model stays and the errors are returned formatted. */
    QStringList load(const QString &path);
    /** How save() writes: the edits into the file's own text, or the whole file anew. */
    enum class SaveStyle { InPlace, Whole };
    /** Empty when save() can write the edits into the file's own text (comments, key
     *  order and layout kept); otherwise why it cannot. */
    QString inPlaceProblem() const;
    /** Empty when the model can be saved at all; otherwise why not (its problems). */
    QString saveProblem() const;
    /** Writes YAML atomically; refuses a model with problems. Marks the stack clean.
     *  InPlace refuses (with inPlaceProblem()) when the file's text cannot be kept. */
    bool save(const QString &path, QString *error, SaveStyle style = SaveStyle::InPlace);

    /** One undoable edit of the model: `edit` changes a copy, the command swaps copies. */
    void edit(const QString &text, Change kind, const std::function<void(Scenario &)> &edit);

    // Topology edits used by the editor tools; each is one undo step.
    ElementRef addEdgeSite(CanvasPoint at);
    ElementRef addEap(int site, CanvasPoint relative);
    ElementRef addNode(const ElementRef &eap);
    ElementRef addCloudNodes();
    void remove(const std::vector<ElementRef> &elements);
    /** Moves a node group under another eAP (the connect tool). */
    ElementRef reattach(const ElementRef &node, const ElementRef &eap);
    /** Copies of `groups` under `eap`, renamed where the names are taken. */
    std::vector<ElementRef> paste(const std::vector<NodeSpec> &groups, const ElementRef &eap);
    /** Places a named element on the canvas; drags with one `dragId` merge into one step. */
    void move(const std::string &name, CanvasPoint to, int dragId);
    void autoLayout();

    /** A name not yet used by a site, eAP or node, from `stem` plus a number. */
    std::string freshName(const std::string &stem) const;

Q_SIGNALS:
    void changed(schedlab::ui::TopologyDocument::Change change);
    void fileNameChanged(const QString &fileName);
    void modifiedChanged(bool modified);

private:
    friend class SwapScenario;
    friend class MoveElement;
    template <typename T> friend class ChangeValue;
    void apply(const Scenario &scenario, Change kind);

    /** The text a save writes: the edits carried into the file's own text. */
    ScenarioRewrite rewrite(const QString &path) const;

    Scenario mScenario;
    std::string mFileText; ///< the file as read or last written; empty for a new scenario
    Scenario mFileModel;   ///< what mFileText reads as
    std::vector<ScenarioError> mProblems;
    std::vector<ScenarioError> mWarnings;
    std::vector<ScenarioError> mLocated; ///< the loader's problems of the file, with line:column
    /** The warnings the loader found for the model it hands to reset(), so apply() need
     *  not find them again (on a 10,000-node site, planning the replicas takes seconds). */
    std::optional<std::vector<ScenarioError>> mLoadedWarnings;
    QUndoStack *mUndo;
    QString mFileName;
};

} // namespace schedlab::ui
