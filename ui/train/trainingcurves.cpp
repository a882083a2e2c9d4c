// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainingcurves.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace schedlab::ui {

bool TrainingCurves::add(const TrainPoint &point)
{
    if (!point.episodeDone)
        return false;
    mEpisode.append(point.episode + 1);
    mStage.append(QString::fromStdString(point.stage));
    mValues[Reward].append(point.reward);
    mValues[ActorLoss].append(point.actorLoss);
    mValues[CriticLoss].append(point.criticLoss);
    mValues[Throughput].append(point.throughputRate);
    return true;
}

void TrainingCurves::clear()
{
    mEpisode.clear();
    mStage.clear();
    for (QVector<double> &v : mValues)
        v.clear();
}

void TrainingCurves::raw(Metric metric, QVector<double> *x, QVector<double> *y) const
{
    x->clear();
    y->clear();
    const QVector<double> &values = mValues[metric];
    for (int i = 0; i < values.size(); ++i)
        if (std::isfinite(values[i])) {
            x->append(mEpisode[i]);
            y->append(values[i]);
        }
}

QVector<QPair<double, QString>> TrainingCurves::stages() const
{
    QVector<QPair<double, QString>> out;
    for (int i = 0; i < mStage.size(); ++i)
        if (!mStage[i].isEmpty() && (i == 0 || mStage[i] != mStage[i - 1]))
            out.append({mEpisode[i], mStage[i]});
    return out;
}

QString TrainingCurves::key(Metric metric)
{
    switch (metric) {
    case Reward:
        return QStringLiteral("reward");
    case ActorLoss:
        return QStringLiteral("actor_loss");
    case CriticLoss:
        return QStringLiteral("critic_loss");
    default:
        return QStringLiteral("throughput_rate");
    }
}

QString TrainingCurves::title(Metric metric)
{
    switch (metric) {
    case Reward:
        return QCoreApplication::translate("TrainingCurves", "Reward per decision");
    case ActorLoss:
        return QCoreApplication::translate("TrainingCurves", "Actor loss");
    case CriticLoss:
        return QCoreApplication::translate("TrainingCurves", "Critic loss");
    default:
        return QCoreApplication::translate("TrainingCurves", "Throughput rate Φ");
    }
}

QVector<double> TrainingCurves::ema(const QVector<double> &y, double weight)
{
    weight = std::clamp(weight, 0.0, 0.999);
    QVector<double> out;
    out.reserve(y.size());
    double s = 0;
    bool started = false;
    for (double v : y) {
        if (!std::isfinite(v)) {
            out.append(started ? s : v);
            continue;
        }
        s = started ? weight * s + (1 - weight) * v : v;
        started = true;
        out.append(s);
    }
    return out;
}

} // namespace schedlab::ui
