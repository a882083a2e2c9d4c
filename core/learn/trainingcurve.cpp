// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/trainingcurve.h"

#include "learn/trainer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>

namespace schedlab {

namespace {
/** The shortest text that reads back as the same double. */
std::string exact(double v)
{
    char text[32];
    return std::string(text, std::to_chars(text, text + sizeof text, v).ptr);
}
} // namespace

TrainingCurve::TrainingCurve(int plannedEpisodes)
    : mMonitor(ConvergenceMonitor::windowFor(plannedEpisodes))
{
}

bool TrainingCurve::add(const TrainPoint &point)
{
    if (!point.episodeDone)
        return false;
    mFramesThrough.push_back((mFramesThrough.empty() ? 0.0 : mFramesThrough.back()) + point.frames);
    if (std::isfinite(point.throughputRate)) { // an agent without requests has no Φ
        mThroughput.push_back(point.throughputRate);
        if (point.stage.empty() || point.stage == "full")
            mFinalThroughput.push_back(point.throughputRate);
    }
    return mMonitor.add(point.episode, point.stage, point.throughputRate);
}

double TrainingCurve::framesToConverge() const
{
    if (mFramesThrough.empty())
        return 0.0;
    const int from = mMonitor.judgement().convergedFrom;
    if (mMonitor.converged() && from >= 0 && from < int(mFramesThrough.size()))
        return mFramesThrough[std::size_t(from)];
    return mFramesThrough.back();
}

double TrainingCurve::finalThroughput() const
{
    // The final curriculum stage's episodes, as the monitor judges them; all of them
    // when there are none yet.
    const std::vector<double> &values = mFinalThroughput.empty() ? mThroughput : mFinalThroughput;
    const std::size_t n = std::min(values.size(), std::size_t(mMonitor.window()));
    if (n == 0)
        return 0.0;
    return std::accumulate(values.end() - std::ptrdiff_t(n), values.end(), 0.0) / double(n);
}

void TrainingCurve::record(std::map<std::string, std::string> &info) const
{
    if (mThroughput.empty()) // nothing to tell: no episode, or no Φ (DRS's agents)
        return;
    if (mFramesThrough.back() > 0.0) // an agent without frames has nothing to count
        info[kTrainingFramesKey] = exact(framesToConverge());
    info[kTrainingConvergedKey] = mMonitor.converged() ? "1" : "0";
    info[kTrainingPhiKey] = exact(finalThroughput());
}

} // namespace schedlab
