// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/convergence.h"

#include <map>
#include <string>
#include <vector>

namespace schedlab {

struct TrainPoint;

/** The checkpoint info keys TrainingCurve::record() writes (metrics group training). */
inline constexpr const char *kTrainingFramesKey = "training_frames";
inline constexpr const char *kTrainingConvergedKey = "training_converged";
inline constexpr const char *kTrainingPhiKey = "training_phi";

/**
 * A training's curve as it goes: whether it has flattened (ConvergenceMonitor) and
 * how many orchestration frames it took to get there, which KaiS Fig. 9a compares
 * between request patterns. record() keeps the outcome in the checkpoint's info, so
 * that every run of the model can report it.
 */
class TrainingCurve
{
public:
    explicit TrainingCurve(int plannedEpisodes);

    /** One point of the training; only finished episodes count. True when it closed
     *  a window of the monitor. */
    bool add(const TrainPoint &point);

    const ConvergenceMonitor &convergence() const { return mMonitor; }

    /** Frames through the episode at which the monitor saw the curve flatten (the
     *  converged streak's first judgement), or every frame trained when it has not. */
    double framesToConverge() const;
    /** Φ over the last window's episodes of the final curriculum stage (the episodes
     *  there are, when fewer; any stage's before the final one begins). */
    double finalThroughput() const;

    /** Writes training_frames, training_converged and training_phi into `info`
     *  (nothing before the first episode, or for an agent without Φ). */
    void record(std::map<std::string, std::string> &info) const;

private:
    ConvergenceMonitor mMonitor;
    std::vector<double> mFramesThrough;   ///< per episode: frames trained up to its end
    std::vector<double> mThroughput;      ///< per episode: its Φ
    std::vector<double> mFinalThroughput; ///< the same, of the final curriculum stage
};

} // namespace schedlab
