// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingworker.h"

#include "scenario/scenarioio.h"
#include "store/experimentstore.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <cmath>
#include <map>

namespace schedlab::ui {

struct TrainingWorker::Store
{
    std::unique_ptr<ExperimentStore> db;
    std::int64_t session = -1;
};

TrainingWorker::TrainingWorker(const Scenario &scenario, const TrainOptions &options,
                               TrainerFactory factory, const QString &storePath, QObject *parent)
    : QObject(parent), mScenario(scenario), mOptions(options), mFactory(std::move(factory)),
      mStorePath(storePath)
{
}

TrainingWorker::~TrainingWorker() = default;

void TrainingWorker::train()
{
    std::unique_ptr<Trainer> trainer;
    try {
        trainer = mFactory(mScenario, mOptions);
    } catch (const std::exception &e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
        return;
    }
    openStore();
    Q_EMIT started(trainer->plannedEpisodes());
    mSinceFlush.start();
    try {
        trainer->train(mControl, [this](const TrainPoint &p) { received(p); });
    } catch (const std::exception &e) {
        flush();
        Q_EMIT failed(QString::fromStdString(e.what()));
        return;
    }
    flush();
    auto model = std::make_shared<const LearnedModel>(trainer->model());
    mStore.reset(); // the session's points are committed; let others write
    Q_EMIT finished(model, mControl.stopRequested(), mStoreNote);
}

void TrainingWorker::received(const TrainPoint &point)
{
    mBatch.push_back(point);
    if (point.episodeDone)
        record(point);
    if (mSinceFlush.elapsed() >= kMinBatchMs)
        flush();
}

void TrainingWorker::flush()
{
    mSinceFlush.restart();
    if (mBatch.empty())
        return;
    Q_EMIT pointsReady(mBatch);
    mBatch.clear();
}

void TrainingWorker::openStore()
{
    if (mStorePath.isEmpty()) {
        mStoreNote = tr("Not recorded: no experiment store.");
        return;
    }
    QDir().mkpath(QFileInfo(mStorePath).absolutePath()); // a first run makes the app's data folder
    std::string error;
    auto store = std::make_unique<Store>();
    store->db = ExperimentStore::open(mStorePath.toStdString(), &error);
    if (!store->db) {
        mStoreNote = tr("Not recorded: %1").arg(QString::fromStdString(error));
        return;
    }
    const std::int64_t scenarioId =
        store->db->addScenario(mScenario.name, saveScenarioText(mScenario));
    const QString name =
        QStringLiteral("%1 on %2, seed %3, %4")
            .arg(QString::fromStdString(mOptions.agent), QString::fromStdString(mScenario.name))
            .arg(mOptions.seed)
            .arg(QDateTime::currentDateTime().toString(Qt::ISODate));
    store->session = store->db->beginTrainingSession(name.toStdString(), scenarioId);
    if (store->session < 0) {
        mStoreNote = tr("Not recorded: %1").arg(QString::fromStdString(store->db->lastError()));
        return;
    }
    mStoreNote = tr("Recorded as training session %1 (“%2”).").arg(store->session).arg(name);
    mStore = std::move(store);
}

void TrainingWorker::record(const TrainPoint &point)
{
    if (!mStore)
        return;
    std::map<std::string, double> values;
    const auto put = [&values](const char *name, double v) {
        if (std::isfinite(v))
            values[name] = v;
    };
    put("reward", point.reward);
    put("actor_loss", point.actorLoss);
    put("critic_loss", point.criticLoss);
    put("entropy", point.entropy);
    put("exploration_epsilon", point.explorationEpsilon);
    put("throughput_rate", point.throughputRate);
    put("steps", double(point.steps));
    put("steps_per_second", point.stepsPerSecond);
    if (!mStore->db->appendTrainingPoint(mStore->session, point.episode, values)) {
        mStoreNote = tr("Recording stopped at episode %1: %2")
                         .arg(point.episode + 1)
                         .arg(QString::fromStdString(mStore->db->lastError()));
        mStore.reset();
    }
}

} // namespace schedlab::ui
