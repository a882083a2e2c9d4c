#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What each reading of KaiS's training does: train cMMAC or KaiS under the default
readings, under each earlier reading alone (policies.kais options) and under all of
them, from several training seeds, and compare each model on the evaluation seeds.

Prints a Markdown table: Φ (throughput rate) as the mean over the training seeds with
the least and the greatest, the share sent to the cloud and the scheduling cost; then
the baselines on the same evaluation seeds.

    bench/kais_readings.py scenarios/tutorial.yaml --agent cmmac --episodes 200
    bench/kais_readings.py scenarios/kais-testbed.yaml --agent kais --episodes 400
"""

import argparse
import hashlib
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import yaml

# Each earlier reading: the policies.kais value that restores it, and what it is.
READINGS = [
    ("advantage", "standardised", "advantages standardised per update; default: eq. 7 as it is"),
    ("critic", "shared", "one critic value per slot; default: one per eAP agent"),
    ("state_scale", "raw", "raw seconds and counts in the actor's input; default: squashed"),
    ("violations", "dispatched", "λ of dispatched requests, unknown as on time; default: the slot's"),
    ("xi_unit", "percent", "ξ in percent, ν ∈ [0.5, 1); default: as measured, a fraction"),
    ("curriculum", "light", "first stages at half and ¾ of the rate; default: short ones"),
    ("curriculum", "poisson-first", "a steady Poisson first stage; default: short ones"),
    ("curriculum", "none", "no curriculum; default: short episodes first"),
    ("gpg_baseline", "index", "GPG's baseline per frame index; default: per frames left"),
    ("gamma", 0.9, "γ = 0.9; default: 0.5"),
]
EARLIER = {"advantage": "standardised", "critic": "shared", "state_scale": "raw",
           "violations": "dispatched", "xi_unit": "fraction", "curriculum": "poisson-first",
           "gpg_baseline": "index"}


def run(command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        sys.exit(" ".join(command) + "\n" + done.stderr)
    return done.stdout


def derived(scenario, settings, folder):
    """The scenario with policies.kais updated by `settings`, written into `folder`."""
    document = yaml.safe_load(scenario.read_text())
    requests = document.get("workload", {}).get("requests", {})
    if "path" in requests:
        requests["path"] = str((scenario.parent / requests["path"]).resolve())
    document.setdefault("policies", {}).setdefault("kais", {}).update(settings)
    key = hashlib.sha1(json.dumps(settings, sort_keys=True).encode()).hexdigest()[:10]
    path = pathlib.Path(folder) / f"{scenario.stem}-{key}.yaml"
    path.write_text(yaml.safe_dump(document, sort_keys=False))
    return path


def evaluate(args, scenario, policies, checkpoint=None):
    command = [args.cli, "compare", str(scenario), "--seeds", str(args.eval_seeds), "--jobs", "1",
               "--json", "--dispatch", policies[0]]
    if len(policies) > 1:
        command += ["--orchestration", policies[1]]
    if checkpoint:
        command += ["--checkpoint", str(checkpoint)]
    out = json.loads(run(command))
    return {p["name"]: p["metrics"] for p in out["policies"]}


def trained(args, scenario, seed, folder):
    checkpoint = pathlib.Path(folder) / f"{scenario.stem}-{seed}.ckpt"
    run([args.train, "train", str(scenario), "--agent", args.agent, "--episodes",
         str(args.episodes), "--seed", str(seed), "--workers", str(args.workers),
         "--checkpoint", str(checkpoint)])
    policies = ["cmmac", "gpg"] if args.agent == "kais" else ["cmmac"]
    return next(iter(evaluate(args, scenario, policies, checkpoint).values()))


def cell(values, digits=3):
    mean = statistics.mean(values)
    if len(values) == 1:
        return f"{mean:.{digits}f}"
    return f"{mean:.{digits}f} [{min(values):.{digits}f}–{max(values):.{digits}f}]"


def row(label, results):
    phi = [m["throughput_rate"]["mean"] for m in results]
    cloud = [m["to_cloud_fraction"]["mean"] for m in results]
    cost = [m["scheduling_cost_bytes"]["mean"] / 1e9 for m in results]
    return f"| {label} | {cell(phi)} | {statistics.mean(cloud):.2f} | {statistics.mean(cost):.2f} GB |"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", type=pathlib.Path)
    parser.add_argument("--agent", default="cmmac", choices=["cmmac", "kais"])
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--seeds", default="1000,2000,3000", help="training seeds")
    parser.add_argument("--eval-seeds", type=int, default=5, help="comparison seeds")
    parser.add_argument("--baselines", default="greedy,random",
                        help="dispatch policies compared beside (with the scenario's orchestration)")
    parser.add_argument("--only", default="",
                        help="comma-separated option names to vary; 'defaults': the defaults alone")
    parser.add_argument("--workers", type=int, default=1, help="train --workers")
    parser.add_argument("--jobs", type=int, default=2, help="trainings at once")
    parser.add_argument("--build", default="build")
    args = parser.parse_args()
    args.cli = os.path.join(args.build, "app", "schedlab-cli")
    args.train = os.path.join(args.build, "app", "schedlab-train")
    seeds = [int(s) for s in args.seeds.split(",")]
    readings = [("defaults", {})]
    for key, value, what in READINGS:
        if key == "gpg_baseline" and args.agent != "kais":
            continue  # cmmac alone trains no GPG
        if not args.only or key in args.only.split(","):  # never for "defaults"
            readings.append((f"`{key}: {value}`: {what}", {key: value}))
    if args.only != "defaults":
        readings.append(("every earlier reading", EARLIER))

    print(f"{args.scenario.name}, {args.agent}, {args.episodes} episodes, {args.workers} "
          f"worker(s), training seeds {args.seeds}, evaluated on {args.eval_seeds} seeds; Φ is the mean over the "
          f"training seeds [least–greatest]\n")
    print("| reading | Φ | to the cloud | scheduling cost |\n|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder, ThreadPoolExecutor(args.jobs) as pool:
        for label, settings in readings:
            scenario = derived(args.scenario.resolve(), settings, folder)
            results = list(pool.map(lambda s: trained(args, scenario, s, folder), seeds))
            print(row(label, results), flush=True)
        plain = derived(args.scenario.resolve(), {}, folder)
        for name in args.baselines.split(","):
            print(row(name, list(evaluate(args, plain, [name]).values())))


if __name__ == "__main__":
    main()
