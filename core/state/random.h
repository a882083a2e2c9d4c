// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace schedlab {

/**
 * xoshiro256** with our own distributions, so a seed gives the same numbers
 * with every standard library (std:: distributions are implementation-defined).
 */
class Rng
{
public:
    explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

    /** A stream named `name` under a run seed: independent of any other name. */
    static Rng stream(std::uint64_t runSeed, std::string_view name);

    void reseed(std::uint64_t seed);

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(mS[1] * 5, 7) * 9;
        const std::uint64_t t = mS[1] << 17;
        mS[2] ^= mS[0];
        mS[3] ^= mS[1];
        mS[1] ^= mS[2];
        mS[0] ^= mS[3];
        mS[2] ^= t;
        mS[3] = rotl(mS[3], 45);
        return result;
    }

    /** Uniform in [0, 1) with 53 random bits. */
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    /** Uniform integer in [0, n), n > 0, without modulo bias worth noticing (Lemire). */
    std::uint32_t below(std::uint32_t n)
    {
        return std::uint32_t((std::uint64_t(std::uint32_t(next() >> 32)) * n) >> 32);
    }
    double exponential(double mean);
    double normal(double mean, double stddev);
    double lognormal(double median, double sigma);

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

    std::uint64_t mS[4];
    bool mHasSpare = false;
    double mSpare = 0.0;
};

/** An index drawn with probability proportional to its weight: one uniform draw walked
 *  down the weights (the last index when rounding walks past the end). */
int pickWeighted(Rng &rng, std::span<const double> weights);

/** FNV-1a, for names that pick streams and for stable hashes of strings. */
std::uint64_t stableHash(std::string_view text, std::uint64_t basis = 0xcbf29ce484222325ULL);

} // namespace schedlab
