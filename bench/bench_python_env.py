# SPDX-License-Identifier: GPL-3.0-or-later
"""Environment steps per second from Python, against the Python call floor measured
in the same run:
    PYTHONPATH=build/python python3 bench/bench_python_env.py [SCENARIO] [--placement FILE]

The floor is a pure-Python loop calling a no-op step(action) of a Python class that
returns a 5-tuple of pre-made objects: what any Gymnasium step costs at the least.
Each environment is stepped in the same loop with a trivial policy: action 0 (the
cloud), and greedy in NumPy over info["load"] and info["memory"] (checked first to
take the decisions the built-in greedy takes); make_vec(n=8) per environment-step;
PlacementEnv (drs-five-node) with the first feasible node. Episodes that end are
reset inside the loop, as a training loop does. DispatchEnv's C++ core stepped
directly, without SchedlabEnv's checks around it, shows what they cost. Cases
alternate and each figure is the best of the repetitions, in this thread's CPU time.

Action 0 is not the cheaper policy: every request to the cloud saturates it, and the
simulation then pays for a long cloud queue (on kais-large, the discounted-experience
priority of each queued request whenever one starts).
"""

import argparse
import importlib.util
import sys
import time

import numpy as np

import schedlab

REPETITIONS = 5
LEAST_SECONDS = 0.2  # one repetition of a case runs at least this long
VEC_ENVS = 8


class NoopEnv:
    """The floor: a step that returns what it made once."""

    def __init__(self, size, actions):
        self._obs = np.zeros(size, dtype=np.float32)
        self._info = {"action_mask": np.ones(actions, dtype=np.int8)}

    def reset(self, seed=None):
        return self._obs, self._info

    def step(self, action):
        return self._obs, 0.0, False, False, self._info


def greedy(info):
    """Greedy dispatch (policy/dispatch/greedydispatch.cpp): the valid node of least
    load, then least memory, the first on a tie; the cloud when no node is valid."""
    nodes = np.flatnonzero(info["action_mask"][1:]) + 1
    if nodes.size == 0:
        return 0
    load = info["load"][nodes]
    nodes = nodes[load == load.min()]
    return int(nodes[info["memory"][nodes].argmin()])


def greedy_vec(info):
    """greedy() for every row of a make_vec info at once."""
    valid = info["action_mask"][:, 1:] != 0
    load = np.where(valid, info["load"][:, 1:], np.inf)
    tied = valid & (load == load.min(axis=1, keepdims=True))
    memory = np.where(tied, info["memory"][:, 1:], np.inf)
    return np.where(valid.any(axis=1), memory.argmin(axis=1) + 1, 0)


def first_feasible(info):
    return int(info["action_mask"].argmax())


def stepping(step, reset, info, policy=None):
    """n calls of `step` with action 0 or `policy(info)` from the episode whose info is
    `info`, calling `reset` (which returns the next one's info) when an episode ends."""
    kept = [info]

    def run(n):
        info = kept[0]
        for _ in range(n):
            obs, reward, terminated, truncated, info = step(0 if policy is None else
                                                            policy(info))
            if terminated or truncated:
                info = reset()
        kept[0] = info

    return run


def env_stepping(env, policy=None):
    return stepping(env.step, lambda: env.reset()[1], env.reset(seed=1)[1], policy)


def core_stepping(core, policy=None):
    """The same through the C++ core alone, without SchedlabEnv's checks."""
    seeds = iter(range(2, 2**63))
    return stepping(core.step, lambda: core.reset(next(seeds))[1], core.reset(1)[1], policy)


def vec_stepping(vec, seed, policy):
    """n steps of all of `vec`'s environments; `policy` None: action 0."""
    info = vec.reset(seed=seed)[1]
    zeros = np.zeros(vec.num_envs, dtype=np.int64)
    kept = [info]

    def run(n):
        info = kept[0]
        for _ in range(n):
            actions = zeros if policy is None else policy(info)
            obs, rewards, terminated, truncated, info = vec.step(actions)
        kept[0] = info

    return run


class Case:
    def __init__(self, label, run, per_call=1):
        self.label, self.run, self.per_call = label, run, per_call
        self.calls = 1
        self.best = float("inf")  # CPU seconds per environment-step

    def measure(self):
        while True:  # the first repetition also finds how many calls fill LEAST_SECONDS
            start = time.thread_time()
            self.run(self.calls)
            elapsed = time.thread_time() - start
            if elapsed >= LEAST_SECONDS:
                break
            self.calls = max(self.calls * 2, int(self.calls * 1.2 * LEAST_SECONDS /
                                                 max(elapsed, 1e-9)))
        self.best = min(self.best, elapsed / (self.calls * self.per_call))


def check_greedy(scenario):
    """The NumPy greedy takes the built-in greedy's decisions: a short episode ends
    with the run's metrics (wall-clock ones aside), and make_vec's chooses as it does
    row by row. Returns what differs first, or None."""
    env = schedlab.DispatchEnv(scenario, duration=5.0)
    info = env.reset()[1]
    while True:
        obs, reward, terminated, truncated, info = env.step(greedy(info))
        if terminated or truncated:
            break
    stepped = env.metrics()
    ran = schedlab.run(scenario, dispatch="greedy", seed=env.episode_seed, duration=5.0)
    clock = {m["name"] for m in schedlab._schedlab.metrics() if m["wall_clock"]}
    for name, value in ran.items():
        if name not in clock and stepped.get(name) != value:
            return name
    vec = schedlab.make_vec(scenario, 2, duration=5.0)
    info = vec.reset(seed=1)[1]
    for _ in range(1000):
        actions = greedy_vec(info)
        rows = [{key: info[key][i] for key in ("action_mask", "load", "memory")}
                for i in range(vec.num_envs)]
        if list(actions) != [greedy(row) for row in rows]:
            return "make_vec's greedy action"
        info = vec.step(actions)[4]
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", nargs="?", default="scenarios/kais-large.yaml")
    parser.add_argument("--placement", default="scenarios/drs-five-node.yaml")
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="simulated seconds per DispatchEnv episode")
    args = parser.parse_args()

    scenario = schedlab.load(args.scenario)
    differs = check_greedy(scenario)
    env = schedlab.DispatchEnv(scenario, duration=args.seconds)
    greedy_env = schedlab.DispatchEnv(scenario, duration=args.seconds)
    core = schedlab.DispatchEnv(scenario, duration=args.seconds)._core
    greedy_core = schedlab.DispatchEnv(scenario, duration=args.seconds)._core
    vec = schedlab.make_vec(scenario, VEC_ENVS, duration=args.seconds)
    greedy_vec_env = schedlab.make_vec(scenario, VEC_ENVS, duration=args.seconds)
    placement_scenario = schedlab.load(args.placement)
    placement_name = placement_scenario.name
    placement = schedlab.PlacementEnv(placement_scenario)
    size, actions = env.observation_space.shape[0], env.action_space.n

    noop = NoopEnv(size, actions)
    floor = Case("floor: no-op step(action), Python class",
                 stepping(noop.step, lambda: noop.reset()[1], noop.reset()[1]))
    cases = [
        Case("DispatchEnv, action 0", env_stepping(env)),
        Case("DispatchEnv, NumPy greedy", env_stepping(greedy_env, greedy)),
        Case("  its C++ core alone, action 0", core_stepping(core)),
        Case("  its C++ core alone, NumPy greedy", core_stepping(greedy_core, greedy)),
        Case(f"make_vec(n={VEC_ENVS}), action 0", vec_stepping(vec, 1, None), VEC_ENVS),
        Case(f"make_vec(n={VEC_ENVS}), NumPy greedy", vec_stepping(greedy_vec_env, 1, greedy_vec),
             VEC_ENVS),
        Case(f"PlacementEnv ({placement_name}), first feasible",
             env_stepping(placement, first_feasible)),
    ]
    for _ in range(REPETITIONS):
        for case in [floor] + cases:
            case.measure()

    gym = "gymnasium" if importlib.util.find_spec("gymnasium") else "no gymnasium"
    print(f"bench_python_env: {scenario.name} ({args.seconds:.0f} simulated s an episode, "
          f"state {size}, actions {actions}), Python {sys.version.split()[0]}, NumPy "
          f"{np.__version__}, {gym}, best of {REPETITIONS}, thread CPU time")
    print(f"  {floor.label:<46} {floor.best * 1e6:8.3f} us  ({1 / floor.best:>10,.0f} calls/s)")
    for case in cases:
        label = case.label + (", per env-step" if case.per_call > 1 else "")
        print(f"  {label:<46} {case.best * 1e6:8.3f} us  ({1 / case.best:>10,.0f} steps/s): "
              f"{case.best / floor.best:6.1f}x the floor")
    if differs:
        print(f"  NumPy greedy is NOT the built-in greedy: {differs} differs after a 5-s "
              f"episode")
        return 1
    print("  NumPy greedy takes the built-in greedy's decisions (a 5-s episode: every metric "
          "but the wall-clock ones equal)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
