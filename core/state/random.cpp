// SPDX-License-Identifier: GPL-3.0-or-later
#include "state/random.h"

#include "model/distribution.h"

#include <algorithm>
#include <cmath>

namespace schedlab {

namespace {
std::uint64_t splitmix(std::uint64_t &x)
{
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
} // namespace

int pickWeighted(Rng &rng, std::span<const double> weights)
{
    double total = 0.0;
    for (double w : weights)
        total += w;
    double x = rng.uniform() * total;
    for (std::size_t i = 0; i < weights.size(); ++i) {
        x -= weights[i];
        if (x < 0.0)
            return int(i);
    }
    return int(weights.size()) - 1;
}

std::uint64_t stableHash(std::string_view text, std::uint64_t basis)
{
    std::uint64_t h = basis;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001b3ULL;
    }
    return h;
}

Rng Rng::stream(std::uint64_t runSeed, std::string_view name)
{
    std::uint64_t x = runSeed;
    return Rng(splitmix(x) ^ stableHash(name));
}

void Rng::reseed(std::uint64_t seed)
{
    std::uint64_t x = seed;
    for (auto &s : mS)
        s = splitmix(x);
    mHasSpare = false;
}

double Rng::exponential(double mean)
{
    // 1 - u lies in (0, 1], so the log is finite.
    return -mean * std::log(1.0 - uniform());
}

double Rng::normal(double mean, double stddev)
{
    // Marsaglia's polar method: exact, and reproducible because it is ours.
    if (mHasSpare) {
        mHasSpare = false;
        return mean + stddev * mSpare;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform() - 1.0;
        v = 2.0 * uniform() - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double f = std::sqrt(-2.0 * std::log(s) / s);
    mSpare = v * f;
    mHasSpare = true;
    return mean + stddev * u * f;
}

double Rng::lognormal(double median, double sigma)
{
    return median * std::exp(normal(0.0, sigma));
}

double Distribution::sample(Rng &rng) const
{
    double v = a;
    switch (kind) {
    case Kind::Const:
        return a;
    case Kind::Exp:
        v = rng.exponential(a);
        break;
    case Kind::Uniform:
        v = rng.uniform(a, b);
        break;
    case Kind::Normal:
        v = rng.normal(a, b);
        break;
    case Kind::LogNormal:
        v = rng.lognormal(a, b);
        break;
    }
    return std::max(0.0, v);
}

double Distribution::mean() const
{
    switch (kind) {
    case Kind::Const:
    case Kind::Exp:
    case Kind::Normal:
        return a;
    case Kind::Uniform:
        return 0.5 * (a + b);
    case Kind::LogNormal:
        return a * std::exp(0.5 * b * b);
    }
    return a;
}

} // namespace schedlab
