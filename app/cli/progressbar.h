// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <mutex>
#include <string>

namespace schedlab::cli {

/** A one-line progress bar on stderr, drawn only when stderr is a terminal. */
class ProgressBar
{
public:
    explicit ProgressBar(std::string label);
    ~ProgressBar();
    /** Thread-safe; redraws at most ~10 times a second. */
    void update(double fraction, const std::string &detail = {});
    void done();

private:
    std::string mLabel;
    bool mEnabled;
    bool mDone = false;
    double mLastDraw = -1.0;
    std::mutex mMutex;
};

} // namespace schedlab::cli
