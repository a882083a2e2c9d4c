#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""REINFORCE on KaiS dispatch, in NumPy alone, compared with greedy and random.

One agent decides for both eAPs of scenarios/tutorial.yaml through DispatchEnv: a
softmax policy with one hidden layer over the eAP's local state, masked by the
resource context info["action_mask"], trained by REINFORCE with a learned linear
baseline and Adam. The reward is "throughput", the slot's requests that completed in
time: it is what the comparison's headline metric (throughput_rate) counts, so the
return the agent climbs is the number it is judged by. "kais" (û = e^(−λ−εν)) weighs
the edge's load spread too and pays about as much for a slot with one on-time request
as for one with four, so its return is not what the comparison measures.

Training episodes use seeds from 1000 on, so the comparison's seeds (the scenario's
seed and those after it) are never trained on. The trained agent then acts
greedily (the most probable valid action) in schedlab.compare.
"""

import argparse
import pathlib
import time

import numpy as np

import schedlab

SCENARIO = pathlib.Path(__file__).resolve().parents[2] / "scenarios" / "tutorial.yaml"
TRAINING_SEEDS = 1000
METRICS = ["throughput_rate", "response_ms_p95", "to_cloud_fraction", "on_time"]


class Policy:
    """π(a | s) = softmax over the valid actions of W2·tanh(W1·s + b1) + b2."""

    def __init__(self, inputs, actions, hidden, rng):
        self.params = {
            "W1": rng.normal(0.0, 1.0 / np.sqrt(inputs), (hidden, inputs)),
            "b1": np.zeros(hidden),
            "W2": rng.normal(0.0, 0.01, (actions, hidden)),
            "b2": np.zeros(actions),
        }

    def _forward(self, states, masks):
        p = self.params
        hidden = np.tanh(states @ p["W1"].T + p["b1"])
        logits = np.where(masks > 0, hidden @ p["W2"].T + p["b2"], -np.inf)
        return hidden, logits

    def probabilities(self, states, masks):
        hidden, logits = self._forward(states, masks)
        e = np.exp(logits - logits.max(axis=-1, keepdims=True))
        return hidden, e / e.sum(axis=-1, keepdims=True)

    def best(self, state, mask):
        return int(np.argmax(self._forward(state[None], mask[None])[1][0]))

    def gradient(self, states, masks, actions, advantages):
        """The gradient of mean(advantage · log π(action | state)) by each parameter."""
        hidden, probs = self.probabilities(states, masks)
        dlogits = -probs
        dlogits[np.arange(len(actions)), actions] += 1.0
        dlogits *= advantages[:, None] / len(actions)
        dhidden = (dlogits @ self.params["W2"]) * (1.0 - hidden**2)
        return {"W1": dhidden.T @ states, "b1": dhidden.sum(0),
                "W2": dlogits.T @ hidden, "b2": dlogits.sum(0)}


class Adam:
    """Adam (Kingma and Ba, 2015) ascending the gradients it is given."""

    def __init__(self, params, rate, beta1=0.9, beta2=0.999, eps=1e-8):
        self.params, self.rate, self.beta1, self.beta2, self.eps = params, rate, beta1, beta2, eps
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def ascend(self, grads):
        self.t += 1
        for k, g in grads.items():
            self.m[k] = self.beta1 * self.m[k] + (1 - self.beta1) * g
            self.v[k] = self.beta2 * self.v[k] + (1 - self.beta2) * g * g
            m = self.m[k] / (1 - self.beta1**self.t)
            v = self.v[k] / (1 - self.beta2**self.t)
            self.params[k] += self.rate * m / (np.sqrt(v) + self.eps)


def discounted(rewards, gamma):
    """The return from each step on: rewards[i] + gamma·rewards[i + 1] + …"""
    returns = np.empty(len(rewards))
    running = 0.0
    for i in range(len(rewards) - 1, -1, -1):
        running = rewards[i] + gamma * running
        returns[i] = running
    return returns


def episode(env, policy, seed, rng):
    """One episode sampled from the policy: states, masks, actions, rewards."""
    obs, info = env.reset(seed=seed)
    states, masks, actions, rewards = [], [], [], []
    while True:
        mask = info["action_mask"]
        _, probs = policy.probabilities(obs[None], mask[None])
        action = int(rng.choice(len(mask), p=probs[0]))
        states.append(obs)
        masks.append(mask)
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        rewards.append(reward)
        if terminated or truncated:
            return (np.array(states, dtype=np.float64), np.array(masks), np.array(actions),
                    np.array(rewards))


def train(env, episodes, seed, gamma=0.95, hidden=32, rate=0.01):
    rng = np.random.default_rng(seed)
    policy = Policy(env.observation_space.shape[0], env.action_space.n, hidden, rng)
    optimiser = Adam(policy.params, rate)
    baseline = np.zeros(env.observation_space.shape[0] + 1)
    baseline_optimiser = Adam({"w": baseline}, rate)
    print(f"{'episode':>7}  {'return':>7}  {'throughput':>10}  {'to cloud':>8}")
    for i in range(episodes):
        states, masks, actions, rewards = episode(env, policy, TRAINING_SEEDS + i, rng)
        returns = discounted(rewards, gamma)
        features = np.hstack([states, np.ones((len(states), 1))])
        advantages = returns - features @ baseline
        # The ascent of −½·advantage², which fits the baseline to the returns.
        baseline_optimiser.ascend({"w": features.T @ advantages / len(advantages)})
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        optimiser.ascend(policy.gradient(states, masks, actions, advantages))
        m = env.metrics()
        print(f"{i + 1:>7}  {rewards.sum():>7.0f}  {m['throughput_rate']:>10.3f}  "
              f"{m['to_cloud_fraction']:>8.3f}", flush=True)
    return policy


def agent_of(policy):
    """The trained policy as compare takes it, named by its __name__: the most probable
    valid action, without sampling, so that the comparison runs the same every time."""
    def reinforce(state, mask):
        return policy.best(state, mask)
    return reinforce


def comparison_text(table):
    """The comparison's METRICS as mean ± 95% CI, one row per policy."""
    rows = table.to_dict("records") if hasattr(table, "to_dict") else list(table)
    cells, policies = {}, []
    for row in rows:
        if row["policy"] not in policies:
            policies.append(row["policy"])
        if row["metric"] in METRICS:
            digits = 3 if abs(row["mean"]) < 10 else 0
            cells[row["policy"], row["metric"]] = (f"{row['mean']:.{digits}f} ± "
                                                   f"{row['ci95']:.{digits}f}")
    heads = [m + (" (ms)" if m.startswith("response_ms") else "") for m in METRICS]
    widths = [max(len(h), *(len(cells[p, m]) for p in policies)) for h, m in zip(heads, METRICS)]
    first = max(len("policy"), *map(len, policies))
    lines = ["  ".join([f"{'policy':<{first}}"] + [f"{h:>{w}}" for h, w in zip(heads, widths)])]
    for p in policies:
        lines.append("  ".join([f"{p:<{first}}"] +
                               [f"{cells[p, m]:>{w}}" for m, w in zip(METRICS, widths)]))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=500, help="training episodes")
    parser.add_argument("--seeds", type=int, default=10, help="comparison seeds")
    parser.add_argument("--db", default="results/reinforce.db",
                        help="the experiment store the comparison is recorded in")
    parser.add_argument("--seed", type=int, default=1,
                        help="seeds the policy's weights and its sampled actions")
    args = parser.parse_args()
    if args.episodes < 1 or args.seeds < 1:
        parser.error("--episodes and --seeds take a positive count")
    if args.seed < 0:
        parser.error("--seed takes a whole number from 0")

    scenario = schedlab.load(SCENARIO)
    env = schedlab.DispatchEnv(scenario, reward="throughput")
    started = time.monotonic()
    policy = train(env, args.episodes, args.seed)
    print(f"trained {args.episodes} episodes in {time.monotonic() - started:.1f} s\n")

    pathlib.Path(args.db).parent.mkdir(parents=True, exist_ok=True)
    table = schedlab.compare(scenario, dispatch=["greedy", "random", agent_of(policy)],
                             seeds=args.seeds, db=args.db)
    print(f"compared on {args.seeds} seeds from the scenario's ({scenario.seed}), "
          f"recorded in {args.db}:")
    print(comparison_text(table))

if __name__ == "__main__":
    main()
