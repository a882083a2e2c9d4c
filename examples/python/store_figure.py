#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A figure of a stored comparison: a metric's mean with its 95% confidence interval
per policy, and the throughput of each policy's first run frame by frame.

    store_figure.py results/reinforce.db -o figure.pdf
    store_figure.py results/reinforce.db --metric response_ms_p95 -o figure.png
    store_figure.py results/reinforce.db --comparison "tutorial @ 2026-..." -o older.pdf

The store is any experiment store: schedlab-cli's --db, the workbench's, or
schedlab.compare's db. Needs matplotlib (Debian's python3-matplotlib).
"""

import argparse
import sys

import schedlab


def records(table):
    """A schedlab table as a list of dicts, whether pandas is installed or not."""
    return table.to_dict("records") if hasattr(table, "to_dict") else list(table)


def chosen_comparison(store, label):
    labels = [c["label"] for c in records(store.comparisons())]
    if not labels:
        sys.exit(f"{store.path} holds no comparison")
    if label is None:
        return labels[-1]
    if label not in labels:
        sys.exit(f"{store.path} holds no comparison {label!r}; it holds: " + ", ".join(labels))
    return label


def first_runs(store, label):
    """{policy: the id of its first run (lowest seed)} in the comparison's order."""
    first = {}
    for run in sorted(records(store.runs(label)), key=lambda r: (r["seed"], r["id"])):
        if run["status"] == "complete":
            first.setdefault(run["variant"], run["id"])
    return first


def draw(store, label, metric, output):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summary = [r for r in records(store.comparison(label)) if r["metric"] == metric]
    if not summary:
        known = sorted({r["metric"] for r in records(store.comparison(label))})
        sys.exit(f"comparison {label!r} has no metric {metric!r}; it has: " + ", ".join(known))
    described = {m["name"]: m for m in records(schedlab.metrics())}.get(metric, {})
    unit = f" ({summary[0]['unit']})" if summary[0]["unit"] else ""
    policies = [r["policy"] for r in summary]

    figure, (bars, lines) = plt.subplots(1, 2, figsize=(10, 3.8),
                                         gridspec_kw={"width_ratios": [2, 3]})
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    colour = {p: colours[i % len(colours)] for i, p in enumerate(policies)}
    bars.bar(policies, [r["mean"] for r in summary], yerr=[r["ci95"] for r in summary],
             capsize=4, color=[colour[p] for p in policies])
    bars.set_ylabel(described.get("label", metric) + unit)
    runs = max(r["n"] for r in summary)
    bars.set_title(f"mean and 95% CI, {runs} runs each", fontsize=10)
    digits = 3 if max(abs(r["mean"]) for r in summary) < 10 else 0
    for x, r in enumerate(summary):
        bars.annotate(f"{r['mean']:.{digits}f}\n± {r['ci95']:.{digits}f}",
                      (x, r["mean"] + r["ci95"]), textcoords="offset points", xytext=(0, 3),
                      ha="center", va="bottom", fontsize=8)
    bars.margins(y=0.2)

    styles = ["-", "--", ":", "-."]
    for i, (policy, run) in enumerate(first_runs(store, label).items()):
        frames = records(store.frames(run))
        seed = next(r["seed"] for r in records(store.runs(label)) if r["id"] == run)
        lines.plot([f["time_s"] for f in frames], [f["throughput"] for f in frames],
                   marker="o", linestyle=styles[i % len(styles)], color=colour.get(policy),
                   label=f"{policy} (seed {seed})")
    lines.set_xlabel("simulated time (s)")
    lines.set_ylabel("throughput per frame")
    lines.set_title("each policy's first run", fontsize=10)
    lines.legend(fontsize=8)
    lines.grid(alpha=0.3)

    figure.suptitle(label, fontsize=11)
    figure.tight_layout()
    try:
        figure.savefig(output)
    except (OSError, ValueError) as e:
        sys.exit(f"{output}: {e}")
    finally:
        plt.close(figure)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("store", help="an experiment store (.db)")
    parser.add_argument("-o", "--output", required=True,
                        help="the figure's file; its extension (.pdf, .png, .svg) sets the format")
    parser.add_argument("--comparison", help="the comparison's label (default: the latest)")
    parser.add_argument("--metric", default="throughput_rate",
                        help="the metric of the bar chart (default: throughput_rate)")
    args = parser.parse_args()
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        sys.exit("store_figure.py needs matplotlib: apt-get install python3-matplotlib")
    try:
        store = schedlab.Store(args.store)
    except FileNotFoundError as e:
        sys.exit(str(e))
    label = chosen_comparison(store, args.comparison)
    draw(store, label, args.metric, args.output)
    print(f"{args.output}: {args.metric} of {label}")


if __name__ == "__main__":
    main()
