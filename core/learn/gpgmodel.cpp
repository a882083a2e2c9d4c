// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/gpgmodel.h"

#include "learn/learnedmodel.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace schedlab {

const std::vector<std::string> &GpgNets::names(bool stacked)
{
    static const std::vector<std::string> gnn = {kF1, kH1, kF2, kH2, kF3, kH3, kG, kQ};
    static const std::vector<std::string> policies = {kG, kQ};
    return stacked ? policies : gnn;
}

GpgLayout gpgLayoutOf(const LearnedModel &model, int services)
{
    GpgLayout layout{services};
    const auto encoder = model.info.find(kGpgEncoderKey);
    const auto nodes = model.info.find(kGpgStackedNodesKey);
    if (encoder != model.info.end() && encoder->second == "stacking" && nodes != model.info.end())
        layout.stacked = std::max(1, std::atoi(nodes->second.c_str()));
    return layout;
}

std::vector<int> GpgNets::sizes(const std::string &name, const GpgLayout &layout)
{
    const int e = layout.embedding();
    if (name == kG || name == kQ)
        return {layout.policyInput(), kPolicyHidden[0], kPolicyHidden[1], kPolicyHidden[2],
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
