// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/trainer.h"

#include <QPair>
#include <QString>
#include <QStringList>
#include <QVector>
#include <array>

namespace schedlab::ui {

/**
 * The per-episode curves of one training run as plain data: the values of every
 * finished episode (points inside an episode only update the status), and the
 * exponential moving average the dashboard draws over them.
 */
class TrainingCurves
{
public:
    enum Metric { Reward, ActorLoss, CriticLoss, Throughput, MetricCount };

    /** Keeps `point` if it ends an episode; false for progress points. */
    bool add(const TrainPoint &point);
    void clear();
    int episodes() const { return int(mEpisode.size()); }

    /** Episode numbers (1-based) and values of `metric`; episodes without a value are left out. */
    void raw(Metric metric, QVector<double> *x, QVector<double> *y) const;
    /** Where a curriculum stage begins: (first episode, 1-based; stage name), the first stage
     *  included. Empty when the trainer reports no stages. */
    QVector<QPair<double, QString>> stages() const;
    /** The curve's store name, e.g. "actor_loss". */
    static QString key(Metric metric);
    /** The curve's axis title, e.g. "Actor loss". */
    static QString title(Metric metric);

    /**
     * TensorBoard's smoothing: s₀ = y₀, sₖ = w·sₖ₋₁ + (1 − w)·yₖ, with w in [0, 1)
     * (0: the raw values). Non-finite values are skipped.
     */
    static QVector<double> ema(const QVector<double> &y, double weight);

private:
    QVector<double> mEpisode;
    QStringList mStage;
    std::array<QVector<double>, MetricCount> mValues;
};

} // namespace schedlab::ui
