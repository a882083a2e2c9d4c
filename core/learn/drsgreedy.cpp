// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/drsgreedy.h"

#include "learn/drsmodel.h"
#include "learn/learnedmodel.h"
#include "model/scenario.h"

#include <stdexcept>

namespace schedlab {

namespace {
const MlpWeights &policyNet(const LearnedModel &model, const std::string &agent)
{
    if (model.agent != agent && model.agent != kDrsFamilyAgent)
        throw std::invalid_argument("placement policy '" + agent +
                                    "': the checkpoint was "
                                    "trained by agent '" +
                                    model.agent + "', not '" + agent + "' (or " +
                                    std::string(kDrsFamilyAgent) + ")");
    const std::string name = drsPolicyNetName(agent);
    const MlpWeights *w = model.net(name);
    if (!w)
        throw std::invalid_argument("placement policy '" + agent +
                                    "': the checkpoint has no "
                                    "network '" +
                                    name + "'");
    if (w->outputSize() < 1 || w->inputSize() != kMetricCount * (w->outputSize() + 1))
        throw std::invalid_argument("placement policy '" + agent + "': network '" + name + "' is " +
                                    shapeText(*w) +
                                    ", not a DRS state of 6·(n + 1) "
                                    "values to n nodes");
    return *w;
}
} // namespace

DrsGreedy::DrsGreedy(const LearnedModel &model, const std::string &agent)
    : mNet(policyNet(model, agent), FastMlp::Head::Linear)
{
    mInput.resize(std::size_t(mNet.inputSize()));
}

std::span<const float> DrsGreedy::scores(std::span<const double> state) const
{
    if (int(state.size()) != stateSize())
        throw std::invalid_argument("DRS state of " + std::to_string(state.size()) +
                                    " values, the network takes " + std::to_string(stateSize()));
    for (std::size_t i = 0; i < state.size(); ++i)
        mInput[i] = float(state[i]);
    return mNet.forward(mInput);
}

int DrsGreedy::act(std::span<const double> state, std::span<const char> feasible) const
{
    const auto q = scores(state);
    int best = -1;
    for (int a = 0; a < nodeCount() && a < int(feasible.size()); ++a)
        if (feasible[a] && (best < 0 || q[a] > q[best]))
            best = a;
    return best;
}

} // namespace schedlab
