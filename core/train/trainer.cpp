// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/trainer.h"

#include "model/scenario.h"
#include "train/trainers.h"

#include <stdexcept>
#include <string>

namespace schedlab {

namespace {
struct AgentEntry
{
    std::string name;
    std::unique_ptr<Trainer> (*make)(const Scenario &, const TrainOptions &);
    bool takesReward = false;        ///< TrainOptions::reward applies
    bool learnsFromRequests = false; ///< KaiS's agents: a scenario without requests teaches nothing
    bool takesEpsilon = false; ///< TrainOptions::epsilon applies (cMMAC's reward, Sec. III-A-1)
};

const std::vector<AgentEntry> &agentTable()
{
    static const std::vector<AgentEntry> table = {
        {"cmmac", makeCmmacTrainer, false, true, true},
        {"gpg", makeGpgTrainer, false, true},
        {"kais", makeCmmacTrainer, false, true, true},
        {"drs", makeDrsTrainer, true},
        {"double-dqn", makeDrsTrainer, true},
        {"dueling-dqn", makeDrsTrainer, true},
        {"ppo", makeDrsTrainer, true},
        {"sac", makeDrsTrainer, true},
        {"rlsk", makeDrsTrainer},
        {"deeprm", makeDrsTrainer},
        {"multi-deeprm", makeDrsTrainer},
        {"drs-family", makeDrsFamilyTrainer},
    };
    return table;
}
} // namespace

const std::vector<std::string> &trainableAgents()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const AgentEntry &e : agentTable())
            n.push_back(e.name);
        return n;
    }();
    return names;
}

bool agentTakesReward(const std::string &agent)
{
    for (const AgentEntry &e : agentTable())
        if (e.name == agent)
            return e.takesReward;
    return false;
}

bool agentTakesEpsilon(const std::string &agent)
{
    for (const AgentEntry &e : agentTable())
        if (e.name == agent)
            return e.takesEpsilon;
    return false;
}

std::unique_ptr<Trainer> makeTrainer(const Scenario &scenario, const TrainOptions &options)
{
    for (const AgentEntry &e : agentTable())
        if (e.name == options.agent) {
            if (e.learnsFromRequests &&
                scenario.workload.requests.kind == RequestWorkloadKind::None)
                throw std::invalid_argument(options.agent +
                                            " learns from requests: the scenario has no "
                                            "workload.requests (its pods train the DRS agents)");
            if (options.workers < 0 || options.workers > kMaxTrainWorkers)
                throw std::invalid_argument("workers must be between 1 and " +
                                            std::to_string(kMaxTrainWorkers) + ", not " +
                                            std::to_string(options.workers));
            if (options.workers > 1 && !agentTakesWorkers(e.name))
                throw std::invalid_argument(options.agent +
                                            " trains one episode at a time: workers apply to "
                                            "cmmac and kais");
            return e.make(scenario, options);
        }
    std::string known;
    for (const std::string &n : trainableAgents())
        known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown agent '" + options.agent + "'; known: " + known);
}

} // namespace schedlab
