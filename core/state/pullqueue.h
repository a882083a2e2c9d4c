// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace schedlab {

/**
 * The layer downloads of one node, sharing its bandwidth equally (processor
 * sharing): with k downloads in flight each gets b/k. Every start or finish
 * changes the rates, so the next completion is recomputed and the version
 * bumped; a completion event carrying an older version is stale.
 */
class PullQueue
{
public:
    struct Finished
    {
        std::string digest;
        std::vector<std::int32_t> waiters;
    };

    void setBandwidth(double bitsPerSecond) { mBytesPerSecond = bitsPerSecond / 8.0; }
    /** Starts downloading `bytes` of layer `digest` at `now` for pod `waiter`. */
    void start(const std::string &digest, double bytes, std::int32_t waiter, double now);
    /** Adds a pod that waits for a layer in flight; false if it is not in flight. */
    bool wait(const std::string &digest, std::int32_t waiter);
    /** Advances to `now` and moves the downloads that are done to `out`. */
    void complete(double now, std::vector<Finished> &out);

    /** When the next download finishes at the current rates; +inf if none. */
    double nextCompletion() const;
    std::uint32_t version() const { return mVersion; }
    bool empty() const { return mTransfers.empty(); }
    int active() const { return int(mTransfers.size()); }

private:
    struct Transfer
    {
        std::string digest;
        double size;
        double remaining; ///< bytes
        std::vector<std::int32_t> waiters;
    };
    void advance(double now);

    std::vector<Transfer> mTransfers;
    double mBytesPerSecond = 0.0;
    double mSince = 0.0;
    std::uint32_t mVersion = 0;
};

} // namespace schedlab
