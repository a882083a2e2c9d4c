// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/gpgmodel.h"

#include "learn/learnedmodel.h"

#include <stdexcept>

namespace schedlab {

const std::vector<std::string> &GpgNets::names()
{
    static const std::vector<std::string> n = {kF1, kH1, kF2, kH2, kF3, kH3, kG, kQ};
    return n;
}

std::vector<int> GpgNets::sizes(const std::string &name, const GpgLayout &layout)
{
    const int e = layout.embedding();
    if (name == kG || name == kQ)
        return {3 * e, kPolicyHidden[0], kPolicyHidden[1], kPolicyHidden[2],
                name == kG ? 1 : layout.actions()};
    for (const std::string &n : names())
        if (n == name)
            return {e, kGnnHidden[0], kGnnHidden[1], e};
    throw std::invalid_argument("gpg: no network '" + name + "'");
}

MlpWeights GpgNets::shape(const std::string &name, const GpgLayout &layout)
{
    const std::vector<int> s = sizes(name, layout);
    MlpWeights w;
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
        DenseLayer l;
        l.in = s[i];
        l.out = s[i + 1];
        w.layers.push_back(l);
    }
    return w;
}

int GpgNets::servicesOf(const LearnedModel &model)
{
    const MlpWeights *q = model.net(kQ);
    return q && q->outputSize() > 0 ? (q->outputSize() - 1) / 2 : 0;
}

} // namespace schedlab
