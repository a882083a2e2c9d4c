// SPDX-License-Identifier: GPL-3.0-or-later
#include "metrics/confidence.h"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>

namespace schedlab {

MeanCi meanCi(const std::vector<double> &samples)
{
    MeanCi r;
    r.n = int(samples.size());
    if (r.n == 0)
        return r;
    double sum = 0.0;
    for (double v : samples)
        sum += v;
    r.mean = sum / r.n;
    if (r.n < 2)
        return r;
    double ss = 0.0;
    for (double v : samples)
        ss += (v - r.mean) * (v - r.mean);
    const double sd = std::sqrt(ss / (r.n - 1));
    const boost::math::students_t t(r.n - 1);
    r.ci95 = boost::math::quantile(boost::math::complement(t, 0.025)) * sd / std::sqrt(double(r.n));
    return r;
}

} // namespace schedlab
