// SPDX-License-Identifier: GPL-3.0-or-later
#include "progressbar.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <unistd.h>

namespace schedlab::cli {

namespace {
double seconds()
{
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}
} // namespace

ProgressBar::ProgressBar(std::string label)
    : mLabel(std::move(label)), mEnabled(isatty(STDERR_FILENO) != 0),
      mLines(std::getenv("SCHEDLAB_PROGRESS") &&
             std::string_view(std::getenv("SCHEDLAB_PROGRESS")) == "lines")
{
}

ProgressBar::~ProgressBar() { done(); }

void ProgressBar::update(double fraction, const std::string &detail)
{
    if (mLines) {
        std::lock_guard lock(mMutex);
        if (detail != mLastDetail)
            std::fprintf(stderr, "progress %s %.4f %s\n", mLabel.c_str(), fraction, detail.c_str());
        mLastDetail = detail;
        std::fflush(stderr);
        return;
    }
    if (!mEnabled)
        return;
    std::lock_guard lock(mMutex);
    const double now = seconds();
    if (mDone || (now - mLastDraw < 0.1 && fraction < 1.0))
        return;
    mLastDraw = now;
    constexpr int kWidth = 30;
    const int filled = int(std::clamp(fraction, 0.0, 1.0) * kWidth);
    std::string bar(filled, '#');
    bar.resize(kWidth, '.');
    std::fprintf(stderr, "\r%s [%s] %3d%% %s\033[K", mLabel.c_str(), bar.c_str(),
                 int(fraction * 100), detail.c_str());
    std::fflush(stderr);
}

void ProgressBar::done()
{
    std::lock_guard lock(mMutex);
    if (mEnabled && !mDone && mLastDraw >= 0)
        std::fprintf(stderr, "\r\033[K");
    mDone = true;
}

} // namespace schedlab::cli
