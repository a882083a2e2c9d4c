// SPDX-License-Identifier: GPL-3.0-or-later
#include "train/checkpoint.h"

#include "train/cmmacnets.h"

namespace schedlab {

void saveCheckpoint(const std::string &path, const ActorNet &actor, const CriticNet &critic)
{
    LearnedModel model;
    model.agent = "cmmac";
    model.nets["actor"] = actor.weights();
    model.nets["critic"] = critic.weights();
    saveModel(path, model);
}

void loadCheckpoint(const std::string &path, ActorNet &actor, CriticNet &critic)
{
    const LearnedModel model = loadModel(path);
    const MlpWeights &a = requireShape(model, path, "actor", actor.weights(), "actor");
    const MlpWeights &c = requireShape(model, path, "critic", critic.weights(), "critic");
    actor.setWeights(a);
    critic.setWeights(c);
}

} // namespace schedlab
