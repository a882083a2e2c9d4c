// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <mutex>
#include <string>

namespace schedlab::cli {

/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal. With
 * SCHEDLAB_PROGRESS=lines in the environment it writes a line a program can read
 * instead, "progress LABEL FRACTION DETAIL", whenever the detail changes (the
 * workbench follows a `reproduce` it started this way).
 */
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
    bool mLines;
    std::string mLastDetail;
    bool mDone = false;
    double mLastDraw = -1.0;
    std::mutex mMutex;
};

} // namespace schedlab::cli
