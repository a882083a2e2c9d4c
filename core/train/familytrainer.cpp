// SPDX-License-Identifier: GPL-3.0-or-later
// `drs-family`: the agents of DRS's comparisons (Sec. 5.3.2, 5.3.5) trained one
// after another, their networks merged into one model.
#include "learn/drsmodel.h"
#include "train/trainers.h"

namespace schedlab {

namespace {
class FamilyTrainer final : public Trainer
{
public:
    FamilyTrainer(const Scenario &scenario, const TrainOptions &options)
    {
        if (options.initial)
            throw std::invalid_argument(
                "drs-family starts from scratch; continue one agent with --agent NAME --from");
        for (const std::string &agent : drsFamilyMembers()) {
            TrainOptions o = options;
            o.agent = agent;
            o.episodes = options.episodes; // per member; 0: each its own documented budget
            mMembers.push_back(makeDrsTrainer(scenario, o));
        }
        mModel.agent = std::string(kDrsFamilyAgent);
    }

    int plannedEpisodes() const override
    {
        int total = 0;
        for (const auto &m : mMembers)
            total += m->plannedEpisodes();
        return total;
    }

    void train(TrainControl &control,
               const std::function<void(const TrainPoint &)> &onPoint) override
    {
        int offset = 0;
        for (std::size_t i = 0; i < mMembers.size(); ++i) {
            Trainer &member = *mMembers[i];
            member.train(control, [&](const TrainPoint &p) {
                TrainPoint q = p;
                q.episode += offset;
                q.stage = drsFamilyMembers()[i];
                if (onPoint)
                    onPoint(q);
            });
            if (control.stopRequested())
                return; // the members done so far stay in model()
            const LearnedModel m = member.model();
            mModel.nets.insert(m.nets.begin(), m.nets.end());
            for (const auto &[key, value] : m.info)
                mModel.info.emplace(key, value); // scenario, nodes, sizes: the same for all
            mModel.info["members"] += (i ? "," : "") + drsFamilyMembers()[i];
            offset += member.plannedEpisodes();
        }
    }

    LearnedModel model() const override { return mModel; }

private:
    std::vector<std::unique_ptr<Trainer>> mMembers;
    LearnedModel mModel;
};
} // namespace

const std::vector<std::string> &drsFamilyMembers()
{
    static const std::vector<std::string> members = {
        "drs", "double-dqn", "dueling-dqn", "ppo", "sac", "rlsk", "deeprm", "multi-deeprm"};
    return members;
}

std::unique_ptr<Trainer> makeDrsFamilyTrainer(const Scenario &scenario, const TrainOptions &options)
{
    return std::make_unique<FamilyTrainer>(scenario, options);
}

} // namespace schedlab
