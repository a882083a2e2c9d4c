// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "comparisonrunner.h"
#include "experiment/storedcomparison.h"
#include "registry/registry.h"

#include <QWidget>
#include <map>
#include <memory>

class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace schedlab::ui {

class ComparisonCharts;
class TopologyDocument;

/**
 * Compare policies on the scenario being edited: pick policies per plane and
 * the number of seeds, run in the background with progress and cancel, then
 * charts (throughput per frame with CI band, response-time CDF, metric bars)
 * and a mean ± 95% CI table. Every finished comparison goes to the experiment
 * store, from where the experiment browser reopens it.
 */
class ComparisonPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonPanel(TopologyDocument *document, QWidget *parent = nullptr);

    /** Checks exactly the named policies of a plane (the others are unchecked). */
    void choose(Plane plane, const QStringList &names);
    /** The checked policies of a plane, in list order. */
    std::vector<std::string> checked(Plane plane) const;
    void setSeeds(int seeds);
    void setDuration(const QString &text);
    /** Starts a comparison; false with the reason shown when it cannot start. With
     *  `resume`, the runs the store holds complete for the same scenario, policies,
     *  seeds, duration and model are taken from it and only the rest run, under the
     *  label they were stored with (`schedlab-cli compare --resume`). */
    bool run(bool resume = false);
    void cancel();
    bool isRunning() const { return mRunner.isRunning(); }
    /** Shows finished results (from a run or reopened from the store). */
    void showResults(const QString &scenarioName, const ComparisonSpec &spec,
                     const std::vector<CellResult> &cells, const QString &title);
    /** Sets policies, seeds and duration to what a stored comparison ran, and says
     *  where the open scenario, its seeds or the loaded model differ from what it ran. */
    void restore(const ComparisonSpec &spec, const ComparisonSettings &settings);
    QString statusText() const;
    /**
     * Runs learned policies with `model` from now on (null: none) and checks them,
     * with greedy and random as dispatch baselines; `label` says where the weights
     * come from (a checkpoint file, a training run).
     */
    void useModel(std::shared_ptr<const LearnedModel> model, const QString &label);
    std::shared_ptr<const LearnedModel> model() const { return mModel; }
    /** Drops the model and unticks the dispatch policies that need one, saying `why`. */
    void forgetModel(const QString &why);
    QString modelText() const;
    QTableWidget *table() const { return mTable; }
    ComparisonCharts *charts() const { return mCharts; }

Q_SIGNALS:
    /** A comparison was written to the store under `label`. */
    void stored(const QString &label);
    void finished();

private:
    QListWidget *policyList(Plane plane);
    /** A scenario was opened: the planes other than dispatch tick its own policies, as
     *  `schedlab-cli compare` runs the planes it is not told to vary. */
    void followScenario();
    void runnerFinished();
    void fillTable(const std::vector<VariantSummary> &summary);

    TopologyDocument *mDocument;
    ComparisonRunner mRunner;
    std::map<Plane, QListWidget *> mLists;
    QSpinBox *mSeeds;
    QLineEdit *mDuration;
    QSpinBox *mJobs;
    QPushButton *mRun;
    QPushButton *mResume;
    QPushButton *mCancel;
    QProgressBar *mProgress;
    QLabel *mStatus;
    QFormLayout *mForm;
    QLabel *mModelLabel;
    QString mModelText;
    std::shared_ptr<const LearnedModel> mModel;
    QTabWidget *mTabs;
    ComparisonCharts *mCharts;
    QTableWidget *mTable;
};

} // namespace schedlab::ui
