// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonpanel.h"

#include "chartbuilders.h"
#include "chartexport.h"
#include "comparisoncharts.h"
#include "experiment/storedcomparison.h"
#include "experimentsdb.h"
#include "learn/learnedmodel.h"
#include "metrics/engineeringformat.h"
#include "metrics/metriccatalog.h"
#include "scenario/units.h"
#include "topologydocument.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>
#include <algorithm>

namespace schedlab::ui {

namespace {
QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

/** "4.8 k ± 0.3 k", "1.73 GB ± 0.20 GB": in the metric's unit with an SI prefix. */
QString formatMeanCi(const std::string &metric, const MeanCi &m)
{
    return q(formatMetricMeanCi(metric, m));
}
} // namespace

ComparisonPanel::ComparisonPanel(TopologyDocument *document, QWidget *parent)
    : QWidget(parent), mDocument(document)
{
    auto *controls = new QWidget(this);
    auto *form = new QFormLayout(controls);
    for (Plane plane : {Plane::Dispatch, Plane::Dequeue, Plane::Orchestration, Plane::Placement})
        form->addRow(q(planeName(plane)), policyList(plane));
    mSeeds = new QSpinBox(controls);
    mSeeds->setRange(1, 1000);
    mSeeds->setValue(comparisonSeeds().get());
    form->addRow(tr("Seeds"), mSeeds);
    mDuration = new QLineEdit(controls);
    mDuration->setPlaceholderText(tr("scenario's"));
    mDuration->setToolTip(tr("Simulated time per run, e.g. 2m; empty for the scenario's duration"));
    form->addRow(tr("Duration"), mDuration);
    mJobs = new QSpinBox(controls);
    mJobs->setRange(1, 256);
    mJobs->setValue(comparisonJobs().get());
    form->addRow(tr("Parallel runs"), mJobs);
    // Which weights learned policies run with, and a link to drop them; shown only while
    // a model is in use, so the panel keeps its size otherwise.
    mModelLabel = new QLabel(controls);
    mModelLabel->setWordWrap(true);
    mModelLabel->setTextFormat(Qt::RichText);
    mModelLabel->setToolTip(
        tr("The weights learned policies run with (Training > Use in Comparison)"));
    form->addRow(mModelLabel);
    mForm = form;
    connect(mModelLabel, &QLabel::linkActivated, this, [this] { useModel(nullptr, {}); });
    mRun = new QPushButton(tr("Run Comparison"), controls);
    mResume = new QPushButton(tr("Resume"), controls);
    mResume->setToolTip(tr("Run only what the experiment store lacks of this comparison: the "
                           "runs that finished before a cancel or a crash are taken from it"));
    // Resume while idle, Cancel while running: one place, so a cancelled comparison
    // is resumed where it was cancelled.
    mCancel = new QPushButton(tr("Cancel"), controls);
    mCancel->hide();
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(mRun);
    buttons->addWidget(mResume);
    buttons->addWidget(mCancel);
    form->addRow(buttons);
    mProgress = new QProgressBar(controls);
    form->addRow(mProgress);
    mStatus = new QLabel(controls);
    mStatus->setWordWrap(true);
    form->addRow(mStatus);
    controls->setMaximumWidth(300);
    useModel(nullptr, {});

    mTabs = new QTabWidget(this);
    mCharts = new ComparisonCharts(mTabs);
    mTable = new QTableWidget(mTabs);
    mTable->verticalHeader()->hide();
    mTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    mCharts->addTabsTo(mTabs);
    mTabs->addTab(mTable, tr("Table"));

    // The controls scroll rather than make the window taller than a small screen.
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(controls);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    const int bar = scroll->verticalScrollBar()->sizeHint().width();
    scroll->setMinimumWidth(controls->minimumSizeHint().width() + bar);
    scroll->setMaximumWidth(controls->maximumWidth() + bar);
    scroll->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Expanding); // charts take the rest

    auto *h = new QHBoxLayout(this);
    h->addWidget(scroll);
    h->addWidget(mTabs, 1);

    connect(mRun, &QPushButton::clicked, this, [this] { run(); });
    connect(mResume, &QPushButton::clicked, this, [this] { run(true); });
    connect(mCancel, &QPushButton::clicked, this, &ComparisonPanel::cancel);
    connect(&mRunner, &ComparisonRunner::progress, this, [this](int done, int total) {
        mProgress->setRange(0, total);
        mProgress->setValue(done);
    });
    connect(&mRunner, &ComparisonRunner::finished, this, &ComparisonPanel::runnerFinished);
    connect(mDocument, &TopologyDocument::changed, this, [this](TopologyDocument::Change c) {
        if (c != TopologyDocument::Change::Replaced)
            return;
        followScenario();
        // Results of the scenario shown before are not this one's. A comparison still
        // running shows its own when it ends, named by its scenario.
        if (!mRunner.isRunning()) {
            fillTable({});
            mCharts->clear();
            mStatus->clear();
            mProgress->resetFormat();
            mProgress->reset();
        }
        if (mModel) // trained on the scenario before: its networks do not fit this one
            forgetModel(tr("The learned model was for the scenario before: load or train one "
                           "for this one."));
    });
    followScenario();
}

void ComparisonPanel::followScenario()
{
    const PolicySelection &p = mDocument->scenario().policies;
    choose(Plane::Dequeue, {q(p.dequeue)});
    choose(Plane::Orchestration, {q(p.orchestration)});
    choose(Plane::Placement, {q(p.placement)});
}

QListWidget *ComparisonPanel::policyList(Plane plane)
{
    auto *list = new QListWidget(this);
    for (const PolicyInfo &p : policyCatalog()) {
        if (p.plane != plane)
            continue;
        auto *item = new QListWidgetItem(q(p.name), list);
        item->setToolTip(q(p.summary + (p.source.empty() ? "" : " (" + p.source + ")")));
        item->setCheckState(Qt::Unchecked);
    }
    list->setMaximumHeight(std::min(6, list->count()) * 22 + 6);
    mLists[plane] = list;
    const PolicySelection defaults;
    choose(plane, plane == Plane::Dispatch        ? QStringList{"greedy", "random", "round-robin"}
                  : plane == Plane::Dequeue       ? QStringList{q(defaults.dequeue)}
                  : plane == Plane::Orchestration ? QStringList{q(defaults.orchestration)}
                                                  : QStringList{q(defaults.placement)});
    return list;
}

void ComparisonPanel::choose(Plane plane, const QStringList &names)
{
    QListWidget *list = mLists.at(plane);
    for (int i = 0; i < list->count(); ++i)
        list->item(i)->setCheckState(names.contains(list->item(i)->text()) ? Qt::Checked
                                                                           : Qt::Unchecked);
}

void ComparisonPanel::setSeeds(int seeds)
{
    mSeeds->setValue(seeds);
}
void ComparisonPanel::setDuration(const QString &text)
{
    mDuration->setText(text);
}
QString ComparisonPanel::statusText() const
{
    return mStatus->text();
}
QString ComparisonPanel::modelText() const
{
    return mModelText;
}

void ComparisonPanel::forgetModel(const QString &why)
{
    useModel(nullptr, {});
    QStringList kept;
    for (const std::string &name : checked(Plane::Dispatch)) {
        const PolicyInfo *info = findPolicy(Plane::Dispatch, name);
        if (!info || info->agent.empty())
            kept << q(name);
    }
    choose(Plane::Dispatch, kept.isEmpty() ? QStringList{"greedy", "random", "round-robin"} : kept);
    mStatus->setText(why);
}

void ComparisonPanel::useModel(std::shared_ptr<const LearnedModel> model, const QString &label)
{
    mModel = std::move(model);
    mModelText = mModel ? tr("%1 — %2").arg(q(mModel->agent), label) : QString();
    mModelLabel->setText(tr("<b>Learned model:</b> %1 (<a href=\"forget\">forget</a>)")
                             .arg(mModelText.toHtmlEscaped()));
    mForm->setRowVisible(mModelLabel, mModel != nullptr);
    if (!mModel)
        return;
    for (Plane plane : {Plane::Dispatch, Plane::Dequeue, Plane::Orchestration, Plane::Placement}) {
        QStringList learned;
        for (const PolicyInfo &p : policyCatalog())
            if (p.plane == plane && agentTrains(mModel->agent, p) && p.name == p.agent)
                learned << q(p.name); // the trained policy itself, not variants (cmmac-central)
        if (learned.isEmpty())
            continue;
        // The learned policy against the baselines of its plane.
        if (plane == Plane::Dispatch)
            learned << "greedy"
                    << "random";
        else
            for (const std::string &name : checked(plane))
                learned << q(name);
        choose(plane, learned);
    }
}

std::vector<std::string> ComparisonPanel::checked(Plane plane) const
{
    std::vector<std::string> names;
    const QListWidget *list = mLists.at(plane);
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked)
            names.push_back(list->item(i)->text().toStdString());
    return names;
}

bool ComparisonPanel::run(bool resume)
{
    if (mRunner.isRunning())
        return false;
    const Scenario &scenario = mDocument->scenario();
    const auto refuse = [this](const QString &why) {
        mStatus->setText(why);
        return false;
    };
    ComparisonSpec spec;
    if (!mDuration->text().trimmed().isEmpty()) {
        const Parsed<double> d = parseDuration(mDuration->text().trimmed().toStdString());
        if (!d.ok() || d.value <= 0)
            return refuse(tr("Duration: %1").arg(d.ok() ? tr("must be > 0") : q(d.error)));
        spec.duration = d.value;
    }
    // Runs of their own length are checked for it: the file's time.duration may be
    // too long to run while these are not.
    std::vector<ScenarioError> problems = mDocument->problems();
    if (spec.duration > 0) {
        if (const auto whole = runSizeProblem(scenario))
            std::erase_if(problems, [&](const ScenarioError &e) {
                return e.keyPath == whole->key && e.message == whole->message;
            });
        if (const auto run = runSizeProblem(scenario, spec.duration); run && problems.empty())
            return refuse(tr("Duration: %1").arg(q(run->message)));
    }
    if (!problems.empty())
        return refuse(
            tr("The scenario has problems; fix them first: %1").arg(q(problems.front().format())));
    const std::vector<std::string> dispatch = checked(Plane::Dispatch),
                                   dequeue = checked(Plane::Dequeue),
                                   orchestration = checked(Plane::Orchestration),
                                   placement = checked(Plane::Placement);
    if (dispatch.empty() || dequeue.empty() || orchestration.empty() || placement.empty())
        return refuse(tr("Choose at least one policy in every plane."));
    spec.variants = crossVariants(scenario.policies, dispatch, dequeue, orchestration, placement);
    for (int s = 1; s <= mSeeds->value(); ++s)
        spec.seeds.push_back(scenario.seed + std::uint64_t(s) - 1);
    spec.jobs = mJobs->value();
    spec.model = mModel;
    mRunner.start(scenario, spec, experimentsDbPath().toStdString(), resume);
    mRun->setEnabled(false);
    mResume->hide();
    mCancel->show();
    mProgress->resetFormat();
    mProgress->setRange(0, int(spec.variants.size() * spec.seeds.size()));
    mProgress->setValue(0);
    mStatus->setText((resume ? tr("Resuming %1 policy sets × %2 seeds…")
                             : tr("Running %1 policy sets × %2 seeds…"))
                         .arg(spec.variants.size())
                         .arg(spec.seeds.size()));
    return true;
}

void ComparisonPanel::cancel()
{
    mRunner.cancel();
    mStatus->setText(tr("Cancelling after the runs in progress…"));
}

void ComparisonPanel::runnerFinished()
{
    mRun->setEnabled(true);
    mCancel->hide();
    mResume->show();
    const ComparisonOutcome out = mRunner.takeOutcome();
    if (!out.error.isEmpty()) {
        mStatus->setText(out.error);
        Q_EMIT finished();
        return;
    }
    int failed = 0, done = 0;
    QString firstError;
    for (const CellResult &c : out.cells) {
        if (c.error.empty())
            ++done;
        else if (failed++ == 0)
            firstError = q(c.error);
    }
    const std::string label = out.label.empty() ? comparisonLabel(out.scenario) : out.label;
    showResults(q(out.scenario.name), out.spec, out.cells, q(label));
    QString status = out.cancelled
                         ? tr("Cancelled: %1 of %2 runs done.").arg(done).arg(out.cells.size())
                         : tr("%1 runs done.").arg(done);
    if (out.fromStore > 0)
        status += tr(" %1 of them were in the store already.").arg(out.fromStore);
    if (failed && !out.cancelled)
        status += tr(" %n failed: %1", nullptr, failed).arg(firstError);
    if (!out.storeError.empty()) {
        status += tr(" Not stored: %1").arg(q(out.storeError));
    } else if (done > 0) { // kept as each run ended, cancelled or not
        status += tr(" Stored as “%1”.").arg(q(label));
        if (out.cancelled)
            status += tr(" Resume runs the rest.");
        Q_EMIT stored(q(label));
    }
    if (out.cancelled) // the bar shows what was done, not a run still going
        mProgress->setFormat(tr("%1 of %2 runs (cancelled)").arg(done).arg(out.cells.size()));
    else
        mProgress->resetFormat();
    mStatus->setText(status);
    Q_EMIT finished();
}

void ComparisonPanel::showResults(const QString &scenarioName, const ComparisonSpec &spec,
                                  const std::vector<CellResult> &cells, const QString &title)
{
    const std::vector<VariantSummary> summary = summarise(spec, cells);
    fillTable(summary);
    mCharts->show(spec, cells, summary, title);
    if (mStatus->text().isEmpty() || !mRunner.isRunning())
        mStatus->setText(tr("Showing %1 (%2).").arg(title, scenarioName));
}

void ComparisonPanel::fillTable(const std::vector<VariantSummary> &summary)
{
    mTable->clear();
    if (summary.empty()) {
        mTable->setRowCount(0);
        mTable->setColumnCount(0);
        return;
    }
    // A policy none of whose runs finished (a cancelled comparison) has no metrics:
    // its cells stay empty.
    const QStringList metrics = charts::metricNames(summary);
    mTable->setColumnCount(int(metrics.size()) + 1);
    mTable->setHorizontalHeaderItem(0, new QTableWidgetItem(tr("Policy")));
    for (int m = 0; m < int(metrics.size()); ++m) {
        // The metric table's label heads the column (the cells carry the unit); the key,
        // as the CLI and exports name it, is in the tooltip and the item's data.
        const std::string key = metrics[m].toStdString();
        const MetricInfo *info = findMetric(key);
        auto *header = new QTableWidgetItem(info ? q(std::string(info->label)) : q(key));
        header->setData(Qt::UserRole, q(key));
        header->setToolTip(info ? q(key + ": " + std::string(info->meaning)) : q(key));
        mTable->setHorizontalHeaderItem(m + 1, header);
    }
    mTable->setRowCount(int(summary.size()));
    for (int r = 0; r < int(summary.size()); ++r)
        mTable->setItem(r, 0, new QTableWidgetItem(q(summary[r].label)));
    for (int m = 0; m < int(metrics.size()); ++m) {
        const std::string key = metrics[m].toStdString();
        std::vector<const MeanCi *> cells;
        std::vector<double> means;
        for (const VariantSummary &row : summary) {
            const auto it = std::find_if(row.metrics.begin(), row.metrics.end(),
                                         [&](const auto &metric) { return metric.first == key; });
            cells.push_back(it != row.metrics.end() ? &it->second : nullptr);
            if (cells.back())
                means.push_back(cells.back()->mean);
        }
        const auto best = charts::bestMean(metrics[m], means);
        // A mean that reads as the best one, in one unit for the column and to its own
        // interval's digits, is bold too.
        const EngineeringUnit unit = charts::columnUnit(metrics[m], means);
        const auto meanText = [&](double mean, const MeanCi &v) {
            std::string text, ci;
            formatMeanCiIn(mean, v.n < 2 ? 0.0 : v.ci95, unit, &text, &ci);
            return text;
        };
        for (int r = 0; r < int(summary.size()); ++r) {
            const MeanCi *value = cells[std::size_t(r)];
            if (!value)
                continue;
            auto *item = new QTableWidgetItem(formatMeanCi(key, *value));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter); // numbers line up
            if (best && meanText(value->mean, *value) == meanText(*best, *value)) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            mTable->setItem(r, m + 1, item);
        }
    }
    mTable->resizeColumnsToContents();
}

} // namespace schedlab::ui
