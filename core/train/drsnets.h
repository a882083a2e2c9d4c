// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/mlpweights.h"
#include "train/netshape.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace schedlab {

/**
 * The DRS decision maker's Q-network Q_θ(State_t, ·) (Sec. 2.2.3, 4.2): State_t
 * (eq. 7, 6·(n + 1) values) → 64 → 64 (ReLU) → one Q-value per node (eq. 10).
 * The paper gives no sizes; two hidden layers of 64 are far wider than the
 * 30-value state of five nodes needs and keep a batch-1 decision in microseconds,
 * well under the 1.6 ms decision latency of Table 4. Adam, learning rate 1e-3.
 *
 * Dueling (Wang et al., DRS Sec. 5.3.2): the two hidden layers feed a value
 * stream V(s) and an advantage stream A(s, a), Q = V + A − mean_a A. That last
 * step is linear, so weights() folds it into one plain network of the same shape.
 * Torch lives behind the pimpl.
 */
class QNet : public NetShape
{
public:
    static constexpr std::array<int, 2> kHidden{64, 64};
    static constexpr double kLearningRate = 1e-3;

    /** Same seed, same sizes: the same initial weights. */
    QNet(int stateSize, int actions, bool dueling, std::uint64_t seed);
    ~QNet();
    QNet(QNet &&) noexcept;
    QNet &operator=(QNet &&) noexcept;

    bool dueling() const;

    /** Q(s, ·) for rows of states (row-major batch × stateSize): batch × actions. */
    std::vector<float> qValues(std::span<const float> states) const;
    /** One Adam step on mean((y_j − Q(s_j, a_j))²) (Algorithm 2, line 14); returns
     *  the loss before the step. */
    double tdStep(std::span<const float> states, std::span<const int> actions,
                  std::span<const float> targets);
    /** θ⁻ ← θ: the target network's update (Algorithm 2, line 18). */
    void copyFrom(const QNet &other);

    /** The network as one plain MLP (a dueling one folded), for FastMlp. */
    MlpWeights weights() const;
    /** What training resumes from: {"q"}, or {"value", "advantage"} for a dueling
     *  net, each stream as an MLP over the shared hidden layers. */
    std::map<std::string, MlpWeights> parts() const;
    /** Replaces every parameter; throws std::invalid_argument (changing nothing)
     *  when a part is missing or its shapes differ. */
    void setParts(const std::map<std::string, MlpWeights> &parts);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/**
 * The PPO actor-critic of DRS's comparison (Sec. 5.3.2, Schulman et al.), on the
 * DRS state: an actor State_t → 64 → 64 (ReLU) → one logit per node, a softmax
 * over the feasible nodes, and a critic State_t → 64 → 64 → V(s), as separate
 * networks so each exports as a plain MLP. One Adam (3e-4) over both.
 */
class PpoNet : public NetShape
{
public:
    static constexpr std::array<int, 2> kHidden{64, 64};
    static constexpr double kLearningRate = 3e-4;
    static constexpr double kClip = 0.2;
    static constexpr double kValueWeight = 0.5;
    static constexpr double kEntropyWeight = 0.01;

    PpoNet(int stateSize, int actions, std::uint64_t seed);
    ~PpoNet();
    PpoNet(PpoNet &&) noexcept;
    PpoNet &operator=(PpoNet &&) noexcept;

    /** π(· | s) over the feasible actions (mask 1) for one state. */
    std::vector<float> policy(std::span<const float> state,
                              std::span<const std::uint8_t> mask) const;
    float value(std::span<const float> state) const;

    struct Losses
    {
        double actor = 0.0;  ///< the clipped surrogate, negated
        double critic = 0.0; ///< mean (V(s) − return)²
        double entropy = 0.0;
    };
    /** One Adam step of the clipped PPO objective over a batch of rows (states
     *  batch × stateSize, masks batch × actions); returns the losses before it. */
    Losses update(std::span<const float> states, std::span<const std::uint8_t> masks,
                  std::span<const int> actions, std::span<const float> oldLogProbs,
                  std::span<const float> advantages, std::span<const float> returns);

    MlpWeights actor() const;
    MlpWeights critic() const;
    void setWeights(const MlpWeights &actor, const MlpWeights &critic);

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace schedlab
