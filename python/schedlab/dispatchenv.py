# SPDX-License-Identifier: GPL-3.0-or-later
"""DispatchEnv: KaiS's request dispatch (KaiS Sec. III-A) as a Gymnasium environment,
and make_vec, n of them stepped in one call."""

import numpy as np

from . import _schedlab, spaces
from ._schedlab import Scenario, load
from .envbase import SchedlabEnv, _seed_of

__all__ = ["DispatchEnv", "DispatchVecEnv", "make_vec"]

REWARDS = ("kais", "throughput")


def _options(scenario, eap, others, reward, epsilon, duration):
    if not isinstance(scenario, Scenario):
        scenario = load(scenario)
    if not isinstance(reward, str):
        raise TypeError(f"reward {reward!r}: give one of {', '.join(REWARDS)}")
    if others is not None and not isinstance(others, str):
        raise TypeError(f"others {others!r}: give a dispatch policy's name")
    if epsilon is not None:
        if isinstance(epsilon, bool) or not isinstance(epsilon, (int, float, np.integer,
                                                                  np.floating)):
            raise TypeError(f"epsilon {epsilon!r}: give a number")
        epsilon = float(epsilon)
    return scenario, dict(eap=eap, others=others, reward=reward, epsilon=epsilon,
                          duration=duration)


class DispatchEnv(SchedlabEnv):
    """Dispatches a scenario's requests, one decision a step, as a KaiS eAP agent does.

    Each step decides where the request leaving an agent eAP's queue goes: action 0
    is the cloud, action j + 1 node j of the eAP's pool (every edge node of its site,
    in the scenario's order; `action_names[eap]`). info["action_mask"] is the
    resource context F of eq. 4: the cloud and the nodes with a ready replica of the
    request's service (and, when requests carry demands, room for them). A masked-out
    node sends the request to the cloud, as for any dispatch policy; info["sent"]
    says which action the request took. `eap` chooses the agent's eAPs: None (every
    eAP, one shared agent), a name or index, or a list; the others run `others`, a
    built-in dispatch policy (default: the scenario's).

    The observation is the eAP's local state s_{b,t} (Sec. III-A-1, "State"): the
    request's service (one-hot) and seconds to its deadline, the eAP's queue length,
    the share of the pool it manages and its cloud latency, then per pool node its
    queue per core, CPU, memory and storage left and whether the eAP manages it;
    zero-padded to the largest eAP. info["eap"] names the deciding eAP, and
    info["load"] and info["memory"] give per action what greedy compares: the node's
    requests per core and its memory allocation.

    The reward is per slot, as cMMAC's (`reward="kais"`): û = e^(−λ−εν), λ the share
    of the slot's agent-dispatched requests that missed their deadline, ν the
    sigmoid of the edge's load spread ξ, ε `epsilon` (default the scenario's
    kais.epsilon). A slot's reward is paid at the first step after its last request
    completed or was dropped, so the rewards of an episode sum to the trainer's.
    `reward="throughput"` pays instead the slot's agent-dispatched requests that
    completed in time. An episode lasts the scenario's duration (or `duration`) and
    ends truncated. metrics() gives the episode's run metrics once it is over.
    """

    def __init__(self, scenario, *, eap=None, others=None, reward="kais", epsilon=None,
                 duration=None, render_mode=None):
        scenario, options = _options(scenario, eap, others, reward, epsilon, duration)
        core = _schedlab.DispatchCore(scenario, **options)
        observation = spaces.Box(0.0, np.inf, (core.observation_size,), np.float32)
        super().__init__(core, observation, core.scenario_seed, render_mode=render_mode)
        self.reward_setting = reward
        self.eap_names = list(core.eap_names)
        self.action_names = [list(names) for names in core.action_names]

    def metrics(self):
        """The finished episode's metrics by name, as schedlab.run reports them."""
        self._require_open()
        if not self._core.done:
            raise RuntimeError("metrics() before the episode ended: step until it is "
                               "truncated")
        from . import Metrics
        return Metrics(self._core.metrics())

    def _describe(self):
        if self._core is None or self._core.done or self._over is None:
            return ""
        eap = self._info["eap"]
        mask, load = self._info["action_mask"], self._info["load"]
        names = self.action_names[eap]
        lines = [f"t = {self._core.time:.2f} s, a request at {self.eap_names[eap]}"]
        for a, name in enumerate(names):
            if not name:
                continue
            state = "valid" if mask[a] else "masked"
            lines.append(f"  {a}: {name:<12} load {load[a]:.2f}  {state}")
        return "\n".join(lines) + "\n"


class DispatchVecEnv:
    """n DispatchEnvs stepped in one call (Gymnasium's VectorEnv API, without its
    base class): observations (n, size), rewards, terminated and truncated (n,), and
    an info of stacked arrays ("action_mask" (n, actions), "eap", "load", "memory",
    "restarted"). A finished environment starts its next episode in the same step
    (seed + n): its row is then the first decision of that episode and
    info["restarted"] is True for it. reset(seed=s) seeds environment i with s + i."""

    def __init__(self, scenario, n, **options):
        scenario, options = _options(scenario, options.pop("eap", None),
                                     options.pop("others", None), options.pop("reward", "kais"),
                                     options.pop("epsilon", None), options.pop("duration", None))
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
            raise TypeError(f"n {n!r}: give a whole number of environments")
        self._core = _schedlab.DispatchVecCore(scenario, int(n), **options)
        self.num_envs = self._core.count
        self.single_observation_space = spaces.Box(0.0, np.inf, (self._core.observation_size,),
                                                   np.float32)
        self.single_action_space = spaces.Discrete(self._core.action_count)
        self._seed = self._core.scenario_seed
        self._started = False

    def reset(self, *, seed=None, options=None):
        if options:
            raise ValueError("DispatchVecEnv takes no reset options")
        if seed is not None:
            self._seed = _seed_of(seed)
        elif self._started:
            self._seed += self.num_envs
        self._started = True
        return self._core.reset([(self._seed + i) % 2**64 for i in range(self.num_envs)])

    def step(self, actions):
        if not self._started:
            raise RuntimeError("step() before reset(): call reset() first")
        return self._core.step(np.asarray(actions))

    def close(self):
        self._core = None


def make_vec(scenario, n, **options):
    """n DispatchEnvs of `scenario` stepped together in C++ (DispatchVecEnv); options
    as DispatchEnv's."""
    return DispatchVecEnv(scenario, n, **options)
