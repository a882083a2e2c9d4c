// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonrunner.h"

#include "experiment/comparisonrecorder.h"
#include "experiment/storedcomparison.h"
#include "store/experimentstore.h"

#include <QDateTime>
#include <QMetaObject>
#include <algorithm>
#include <optional>

namespace schedlab::ui {

ComparisonRunner::ComparisonRunner(QObject *parent) : QObject(parent) {}

ComparisonRunner::~ComparisonRunner()
{
    mCancel = true;
    mThread.quit();
    mThread.wait();
}

bool ComparisonRunner::start(const Scenario &scenario, const ComparisonSpec &spec,
                             const std::string &database, bool resume)
{
    if (mThread.isRunning())
        return false;
    mThread.wait();
    mCancel = false;
    QObject *work = new QObject;
    work->moveToThread(&mThread);
    connect(&mThread, &QThread::finished, work, &QObject::deleteLater);
    mThread.start();
    QMetaObject::invokeMethod(
        work,
        [this, scenario, spec, database, resume] {
            ComparisonOutcome outcome;
            outcome.scenario = scenario;
            outcome.spec = spec;
            ComparisonHooks hooks;
            hooks.stopRuns = &mCancel; // Cancel ends the runs in progress too
            std::unique_ptr<ExperimentStore> store;
            std::optional<ComparisonRecorder> recorder;
            if (!database.empty()) {
                outcome.label = comparisonLabel(scenario);
                store = ExperimentStore::open(database, &outcome.storeError);
                if (store && resume) {
                    hooks.known = completedCells(*store, scenario, spec, &outcome.label);
                    outcome.fromStore =
                        int(std::count_if(hooks.known.begin(), hooks.known.end(),
                                          [](const auto &k) { return k.has_value(); }));
                }
                if (store) {
                    recorder.emplace(*store, scenario, outcome.spec, outcome.label);
                    recorder->attach(hooks);
                }
            }
            try {
                outcome.cells = runComparison(
                    scenario, spec,
                    [this](int done, int total) {
                        const qint64 now = QDateTime::currentMSecsSinceEpoch();
                        if (done == total || now - mLastProgressMs.exchange(now) >= 50)
                            QMetaObject::invokeMethod(
                                this, [this, done, total] { Q_EMIT progress(done, total); },
                                Qt::QueuedConnection);
                    },
                    &mCancel, hooks);
            } catch (const std::exception &e) {
                outcome.error = QString::fromUtf8(e.what());
            }
            if (recorder && !recorder->ok())
                outcome.storeError = recorder->error();
            outcome.cancelled = mCancel;
            {
                QMutexLocker lock(&mMutex);
                mOutcome = std::move(outcome);
            }
            mThread.quit();
            QMetaObject::invokeMethod(
                this,
                [this] {
                    mThread.wait();
                    Q_EMIT finished();
                },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
    return true;
}

ComparisonOutcome ComparisonRunner::takeOutcome()
{
    QMutexLocker lock(&mMutex);
    return std::move(mOutcome);
}

} // namespace schedlab::ui
