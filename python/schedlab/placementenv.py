# SPDX-License-Identifier: GPL-3.0-or-later
"""PlacementEnv: DRS's pod placement MDP (DRS Sec. 3) as a Gymnasium environment."""

import numpy as np

from . import _schedlab, spaces
from ._schedlab import Scenario, load
from .envbase import SchedlabEnv

__all__ = ["PlacementEnv"]

REWARDS = ("drs", "rlsk", "deeprm", "multi-deeprm")


def _number(value, name):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name} {value!r}: give a number")
    return float(value)


class PlacementEnv(SchedlabEnv):
    """Places a scenario's pods, one decision a step, as the DRS scheduler does.

    Each step decides the pending pod of `workload.deployments`: the action is a
    worker, that is an edge node without the control-plane taint, in the scenario's
    order (eq. 10; `node_names`). The pod passes the Kubernetes filters and is bound
    there, or, if the node fails a filter, waits in the back-off queue (1 s, doubling)
    and comes back as a later step. info["action_mask"] marks the workers that pass
    the filters now.

    The observation is State_t (eq. 7-9): per worker its six utilisations as the DRS
    monitor averages them (cpu, memory, net rx, net tx, disk read, disk write), then
    the pending pod's six over the workers' mean capacities; 6·workers + 6 float32 in
    [0, 1] (`observation_names` names them). The reward, read `settle` seconds after
    the action (or at the next decision if sooner), is eq. 14,
    alpha·AvgUtil − beta·ImBalance (`reward="drs"`, alpha 1, beta 200), or another
    setting of DRS Table 5: "rlsk" (eq. 14 over cpu and memory), "deeprm" or
    "multi-deeprm" (−Σ 1/T_j over the pods in the system).

    An episode terminates when its first `episode_pods` pods are bound or failed and
    is truncated when the scenario's duration ends first. The scenario's slot must be
    100ms, the monitor's interval. The same scenario, settings, seed and actions give
    the same episode.
    """

    def __init__(self, scenario, *, reward="drs", alpha=None, beta=None, episode_pods=300,
                 settle=5.0, render_mode=None):
        if not isinstance(scenario, Scenario):
            scenario = load(scenario)
        if not isinstance(reward, str):
            raise TypeError(f"reward {reward!r}: give one of {', '.join(REWARDS)}")
        if isinstance(episode_pods, bool) or not isinstance(episode_pods, (int, np.integer)):
            raise TypeError(f"episode_pods {episode_pods!r}: give a whole number of pods")
        core = _schedlab.PlacementCore(
            scenario, reward=reward, alpha=_number(alpha, "alpha"), beta=_number(beta, "beta"),
            episode_pods=int(episode_pods), settle=_number(settle, "settle"))
        observation = spaces.Box(0.0, 1.0, (core.observation_size,), np.float32)
        super().__init__(core, observation, core.scenario_seed, render_mode=render_mode)
        self.reward_setting = reward
        self.node_names = list(core.node_names)
        self.observation_names = list(core.observation_names)
        self._last_obs = None

    def reset(self, *, seed=None, options=None):
        obs, info = super().reset(seed=seed, options=options)
        self._last_obs = obs
        return obs, info

    def step(self, action):
        out = super().step(action)
        self._last_obs = out[0]
        return out

    def _describe(self):
        core = self._core
        if core is None or self._last_obs is None:
            return ""
        lines = [f"t = {core.time:.1f} s, {core.pods_resolved} of {core.episode_pods} pods "
                 f"placed or failed"]
        if core.pending_pod >= 0:
            lines.append(f"pod {core.pending_pod} ({core.pending_name}) to place")
        mask = self._info["action_mask"]
        obs = self._last_obs
        width = max(len(n) for n in self.node_names)
        for a, name in enumerate(self.node_names):
            cpu, memory = obs[6 * a], obs[6 * a + 1]
            fits = "fits" if mask[a] else "does not fit"
            lines.append(f"  {a}: {name:<{width}}  cpu {cpu:4.0%}  memory {memory:4.0%}  {fits}")
        return "\n".join(lines) + "\n"
