// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clisupport.h"
#include "clusterruns.h"

#include "experiment/sweep.h"

#include <optional>
#include <string>

namespace schedlab::cli {

/** The options of `sweep` (and of `compare --param`, its alias). */
struct SweepArgs
{
    std::string scenario;
    std::string param; ///< PATH=v1,v2,...
    PlaneOptions planes;
    std::string global;       ///< architectures, for a global scenario
    std::optional<int> seeds; ///< unset: the preset's, else 5
    int jobs = 0;
    std::string duration;
    std::string out; ///< file prefix; a directory (or a trailing '/') gets sweep.*
    std::string db;
    std::string checkpoint;
    std::string metric;           ///< comma-separated; the first is charted
    std::vector<std::string> set; ///< PATH=VALUE, set in the scenario before the sweep
    std::string paper;            ///< a preset's note of what the paper reports
    std::string train;            ///< an agent trained on each value's scenario
    bool trainOnce = false;       ///< ... or once, on the scenario file as given
    bool trainFromPreset = false; ///< skipped when no policy of the sweep runs it
    std::optional<std::uint64_t> trainSeed;
    int trainEpisodes = 0; ///< with train: episodes; 0: the agent's default budget
    int trainWorkers = 0;  ///< with train: train --workers; 0: the machine's cores
    std::string preset = "ieee-single";
    bool json = false;
    bool resume = false; ///< runs the store (--db) holds complete are not run again
    SlurmArgs slurm;     ///< --slurm: planned as a Slurm job array instead of run here
    /** --train is checked but not run: a cluster plan's training tasks make the models
     *  (trainSweepModel()) and its runs read them. */
    bool trainOnCluster = false;
};

/** `sweep PRESET.yaml`: the preset's settings wherever the command line gives none;
 *  false after saying what is wrong with the file. */
bool applySweepPreset(SweepArgs &a);

/** A sweep planned and checked, its outputs opened, ready to run. */
struct PreparedSweep
{
    SweepArgs args; ///< with the preset's settings
    SweepPlan plan;
    SweepSpec spec; ///< its store, label and training set up; refers to `args` and `plan`
    std::vector<std::string> metrics;
    std::unique_ptr<ExperimentStore> store;
    std::unique_ptr<ResumeLock> resuming; ///< held while --resume runs
};

/** Everything `sweep` does before its first run (a bad option is said here); an exit
 *  code. `s` is filled in place: its spec refers to its other members. */
int prepareSweep(const SweepArgs &args, PreparedSweep &s);
/** Runs it (what `s.spec` selects) and prints and writes the results as `sweep` does. */
int runPreparedSweep(PreparedSweep &s, SweepResult *result = nullptr);
/**
 * --train: checks that a policy of the sweep runs the agent's model, then trains it
 * once (--train-once) or has runSweep() train it for each value (neither with
 * SweepArgs::trainOnCluster). A preset's training is dropped when the options chose
 * policies it does not serve. Returns an exit code.
 */
int setUpSweepTraining(SweepArgs &a, const SweepPlan &plan, SweepSpec &spec);
/** How many models --train makes: one per value, or one with --train-once; 0 without. */
int sweepModelCount(const SweepArgs &a, const SweepPlan &plan);
/** Trains model `model` of the sweep as --train does (value `model`'s scenario, or the
 *  file as given with --train-once); null with `error` set when it fails. */
std::shared_ptr<const LearnedModel> trainSweepModel(const SweepArgs &a, const SweepPlan &plan,
                                                    int model, std::string *error);
/** Says on stderr which runs of `sweep` failed (a cell left out by SweepSpec::selected
 *  did not); how many. */
int reportSweepFailures(const SweepResult &sweep);
/** `sweep --slurm`: plans it as a job array (clusterruns.h). */
int sweepOnCluster(const SweepArgs &args);

/** Runs the sweep and prints or writes its results; returns the exit code. `result`,
 *  when given, receives the sweep's results. */
int sweepCommand(const SweepArgs &args, SweepResult *result = nullptr);

} // namespace schedlab::cli
