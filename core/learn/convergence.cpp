// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/convergence.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace schedlab {

ConvergenceMonitor::ConvergenceMonitor(int window) : mWindow(window)
{
    if (window < 2)
        throw std::invalid_argument("convergence: a window needs at least 2 episodes");
}

int ConvergenceMonitor::windowFor(int episodes)
{
    return std::clamp(episodes / 20, 10, 50);
}

bool ConvergenceMonitor::add(int episode, const std::string &stage, double value)
{
    if (!(stage.empty() || stage == "full") || !std::isfinite(value))
        return false;
    ++mFinalEpisodes;
    mValues.push_back(value);
    if (int(mValues.size()) < mWindow)
        return false;
    double mean = 0.0;
    for (double v : mValues)
        mean += v;
    mean /= double(mValues.size());
    double square = 0.0;
    for (double v : mValues)
        square += (v - mean) * (v - mean);
    const double sd = std::sqrt(square / double(mValues.size() - 1));
    const double halfWidth = 1.96 * sd / std::sqrt(double(mValues.size()));
    mValues.clear();

    Judgement j;
    j.episode = episode;
    j.last = mean;
    if (mHaveBefore) {
        j.before = mBeforeMean;
        j.halfWidth = mBeforeHalfWidth;
        j.verdict = mean > mBeforeMean + mBeforeHalfWidth   ? Verdict::Improving
                    : mean < mBeforeMean - mBeforeHalfWidth ? Verdict::Worse
                                                            : Verdict::Converged;
        if (j.verdict == Verdict::Converged)
            j.convergedFrom =
                mJudgement.verdict == Verdict::Converged ? mJudgement.convergedFrom : episode;
    }
    mJudgement = j;
    mHaveBefore = true;
    mBeforeMean = mean;
    mBeforeHalfWidth = halfWidth;
    return true;
}

std::string ConvergenceMonitor::describe() const
{
    const Judgement &j = mJudgement;
    char detail[160];
    std::snprintf(detail, sizeof detail, "Φ %.3f over the last %d episodes, %.3f ± %.3f before",
                  j.last, mWindow, j.before, j.halfWidth);
    switch (j.verdict) {
    case Verdict::Converged:
        return "converged at episode " + std::to_string(j.convergedFrom + 1) + " (" + detail + ")";
    case Verdict::Improving:
        return std::string("still improving: train longer (") + detail + ")";
    case Verdict::Worse:
        return std::string("got worse over the last window: train longer or look at the "
                           "curve (") +
               detail + ")";
    case Verdict::TooShort:
        break;
    }
    return "too short to judge: " + std::to_string(mFinalEpisodes) +
           " episodes of the final stage, " + std::to_string(2 * mWindow) +
           " needed (two windows of " + std::to_string(mWindow) + ")";
}

} // namespace schedlab
