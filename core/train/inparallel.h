// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace schedlab {

/** f(0), …, f(count − 1) on up to `threads` threads, this one among them (task i
 *  on thread i mod threads); the first exception is rethrown once all have ended. */
template <typename F> void inParallel(int count, int threads, F &&f)
{
    threads = std::max(1, std::min(threads, count));
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
    auto run = [&](int t) {
        try {
            for (int i = t; i < count; i += threads)
                f(i);
        } catch (...) {
            errors[std::size_t(t)] = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t)
        pool.emplace_back(run, t);
    run(0);
    for (std::thread &t : pool)
        t.join();
    for (const std::exception_ptr &e : errors)
        if (e)
            std::rethrow_exception(e);
}

} // namespace schedlab
