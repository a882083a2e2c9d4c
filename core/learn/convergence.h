// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace schedlab {

/**
 * Whether a training curve has flattened. Episodes are judged in windows of
 * `window` episodes of the final curriculum stage (an earlier stage trains on
 * another workload, so its values are not the curve's): after each whole window
 * from the second on, the window's mean is held against the 95% interval of the
 * window before (mean ± 1.96·sd/√window). Within it the curve has converged; above
 * it, it is still improving; below it, it got worse. Plain C++, no torch.
 */
class ConvergenceMonitor
{
public:
    enum class Verdict { TooShort, Improving, Converged, Worse };

    /** What the last judgement compared. */
    struct Judgement
    {
        Verdict verdict = Verdict::TooShort;
        int episode = -1;       ///< 0-based episode that closed the last window
        int convergedFrom = -1; ///< the first episode of the converged streak, or −1
        double last = 0.0;      ///< mean of the last window
        double before = 0.0;    ///< mean of the window before
        double halfWidth = 0.0; ///< its 95% half-width
    };

    explicit ConvergenceMonitor(int window);

    /** The window for a training of `episodes` episodes: a twentieth, 10 to 50. */
    static int windowFor(int episodes);

    /** One finished episode's value (its throughput rate); `stage` is its curriculum
     *  stage ("" or "full" is the final one). True when this closed a window. */
    bool add(int episode, const std::string &stage, double value);

    const Judgement &judgement() const { return mJudgement; }
    bool converged() const { return mJudgement.verdict == Verdict::Converged; }
    int window() const { return mWindow; }

    /** One line for people: "converged at episode 412 (Φ 0.851 over the last 20
     *  episodes, 0.849 ± 0.004 before)", "still improving: train longer (...)",
     *  "got worse (...)", or "too short to judge: ..." */
    std::string describe() const;

private:
    int mWindow;
    std::vector<double> mValues; ///< final-stage values of the window in progress
    bool mHaveBefore = false;
    double mBeforeMean = 0.0, mBeforeHalfWidth = 0.0;
    int mFinalEpisodes = 0;
    Judgement mJudgement;
};

} // namespace schedlab
