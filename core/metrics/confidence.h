// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace schedlab {

/** Sample mean with the half-width of its 95% confidence interval (Student t, n-1 dof). */
struct MeanCi
{
    double mean = 0.0;
    double ci95 = 0.0; ///< 0 when n < 2
    int n = 0;
};

MeanCi meanCi(const std::vector<double> &samples);

} // namespace schedlab
