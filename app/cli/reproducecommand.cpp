// SPDX-License-Identifier: GPL-3.0-or-later
// `reproduce`: the sweep presets that reproduce a paper's figure or table, run
// and judged against the paper's claims in DIR/report.md.
#include "clustertasks.h"
#include "command.h"
#include "interruption.h"
#include "reportrendering.h"
#include "sweepcommand.h"

#include "base/suggest.h"
#include "base/textfile.h"
#include "experiment/reproduction.h"
#include "experiment/sweeppreset.h"
#include "global/globalscenarioreader.h"
#include "learn/trainer.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

namespace schedlab::cli {

namespace {

constexpr int kMaxTrainingSeeds = 100;
/** Episodes a KaiS training runs at once in a reproduction: fixed, so that a report
 *  is the same on every machine (train --workers is part of what is trained). */
constexpr int kReproduceTrainWorkers = 2;

/** The seeds a preset's agent is trained from: its own (1000 when it names none) and
 *  then 1000 apart. */
std::vector<std::uint64_t> trainingSeeds(const SweepPreset &p, int count)
{
    std::vector<std::uint64_t> seeds;
    const std::uint64_t first = p.trainSeed > 0 ? p.trainSeed : 1000;
    for (int i = 0; i < count; ++i)
        seeds.push_back(first + 1000 * std::uint64_t(i));
    return seeds;
}

/** What a preset's learned results rest on: the agent, its training seeds and budget. */
std::string trainingText(const SweepPreset &p, const SweepArgs &s,
                         const std::vector<std::uint64_t> &seeds)
{
    if (p.train.empty())
        return {};
    std::vector<std::string> names;
    for (std::uint64_t seed : seeds)
        names.push_back(std::to_string(seed));
    std::string list;
    for (std::size_t i = 0; i < names.size(); ++i)
        list += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
    const std::string budget =
        s.trainEpisodes > 0 ? std::to_string(s.trainEpisodes) + " episodes (the quick budget)"
                            : std::string("the agent's default budget");
    return "Learned policies: `" + p.train + "` trained " +
           (p.trainOnce ? "once, on the scenario," : "for each value,") +
           (seeds.size() == 1
                ? " from one training seed (" + list + ")"
                : " from " + std::to_string(seeds.size()) + " training seeds (" + list + ")") +
           ", for " + budget +
           (agentTakesWorkers(p.train)
                ? " with " + std::to_string(s.trainWorkers) + " episodes at once (`--workers`)"
                : std::string()) +
           (seeds.size() == 1 ? "; the intervals are over the comparison seeds of that model."
                              : "; a learned policy's mean is the mean of its models' means and "
                                "its interval the 95% interval over them; the chart shows the "
                                "model of seed " +
                                    names.front() + ".");
}

namespace fs = std::filesystem;

struct ReproduceArgs
{
    std::vector<std::string> names;
    bool list = false;
    bool quick = false;
    bool check = false;
    std::string out;
    std::optional<int> seeds;
    std::optional<int> trainSeeds; ///< presets that train: seeds to train from (3; quick: 1)
    int jobs = 0;
    std::string presets; ///< the presets' folder; empty: the bundled one
    std::string db;      ///< an experiment store every preset's sweep is recorded in
    bool resume = false; ///< with db: runs it holds complete are not run again
    SlurmArgs slurm;     ///< each preset's sweep planned as a Slurm job array
    bool merge = false;  ///< the presets' job arrays merged, instead of run here
};

/** The bundled presets beside this program (a build tree or an installation). */
fs::path bundledPresetDir()
{
    std::error_code error;
    const fs::path self = fs::read_symlink("/proc/self/exe", error);
    const fs::path dir = error ? fs::path(".") : self.parent_path();
    for (const fs::path &candidate : {dir / "../share/schedlab/scenarios/sweeps",
                                      dir / "../../scenarios/sweeps", fs::path("scenarios/sweeps")})
        if (fs::is_directory(candidate, error))
            return fs::weakly_canonical(candidate, error);
    return {};
}

/** "8 cores, Intel(R) ..." from /proc/cpuinfo, or the core count alone. */
std::string machine()
{
    std::string model;
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; model.empty() && std::getline(cpuinfo, line);)
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos)
            model = line.substr(line.find(':') + 2);
    const std::string cores = std::to_string(std::max(1u, std::thread::hardware_concurrency()));
    return cores + " cores" + (model.empty() ? "" : ", " + model);
}

std::string joined(const std::vector<std::string> &items, const char *separator)
{
    std::string out;
    for (const std::string &i : items)
        out += (out.empty() ? "" : separator) + i;
    return out;
}

int reproduce(const ReproduceArgs &a)
{
    const fs::path dir = a.presets.empty() ? bundledPresetDir() : fs::path(a.presets);
    if (dir.empty() || !fs::is_directory(dir)) {
        std::fprintf(stderr, "error: no preset folder (%s)\n",
                     dir.empty() ? "scenarios/sweeps not found" : dir.c_str());
        return BadInput;
    }
    std::vector<ScenarioError> errors;
    const auto presets = paperPresets(dir.string(), errors);
    for (const ScenarioError &e : errors)
        std::fprintf(stderr, "%s\n", e.format().c_str());
    if (!errors.empty())
        return BadInput;
    if (a.list) {
        std::size_t nameWidth = 0, sourceWidth = 0, timeWidth = 1;
        for (const auto &[name, p] : presets) {
            nameWidth = std::max(nameWidth, name.size());
            sourceWidth = std::max(sourceWidth, p.source.size());
            timeWidth = std::max(timeWidth, p.time.size());
        }
        for (const auto &[name, p] : presets)
            std::printf("%-*s  %-*s  %-*s  %s\n", int(nameWidth), name.c_str(), int(sourceWidth),
                        p.source.c_str(), int(timeWidth), p.time.empty() ? "-" : p.time.c_str(),
                        p.description.c_str());
        return Ok;
    }
    if (a.names.empty() || a.out.empty()) {
        std::fprintf(stderr,
                     "error: give preset names (reproduce --list shows them) and --out DIR\n");
        return BadInput;
    }
    for (const std::string &name : a.names)
        if (!presets.count(name)) {
            std::vector<std::string> known;
            for (const auto &[n, p] : presets)
                known.push_back(n);
            std::fprintf(stderr, "error: no preset '%s'%s; presets: %s\n", name.c_str(),
                         didYouMean(name, known).c_str(), joined(known, ", ").c_str());
            return BadInput;
        }
    // Options every preset's sweep would refuse are said before anything is written.
    if (a.check && !a.quick) {
        std::fprintf(stderr, "error: --check goes with --quick: the presets' expectations are "
                             "those of their quick versions\n");
        return BadInput;
    }
    if (a.seeds && !countAllowed(*a.seeds, 1, kMaxSeeds, "--seeds"))
        return BadInput;
    if (a.trainSeeds && !countAllowed(*a.trainSeeds, 1, kMaxTrainingSeeds, "--train-seeds"))
        return BadInput;
    if (a.trainSeeds && (a.slurm.slurm || a.merge)) {
        std::fprintf(stderr, "error: --train-seeds runs here: a Slurm job array trains from the "
                             "preset's one seed\n");
        return BadInput;
    }
    if (a.resume && a.db.empty()) {
        std::fprintf(stderr, "error: --resume needs --db: the store the earlier runs are in\n");
        return BadInput;
    }
    // What one preset's sweep would refuse is said before any preset runs.
    for (const std::string &name : a.names)
        if (!a.db.empty() && global::isGlobalScenarioFile(presets.at(name).scenario)) {
            std::fprintf(stderr,
                         "error: --db does not apply to %s, whose scenario is global (its "
                         "results go to --out only); reproduce it apart\n",
                         name.c_str());
            return BadInput;
        }
    std::error_code error;
    fs::create_directories(a.out, error);
    if (error) {
        std::fprintf(stderr, "error: cannot make %s: %s\n", a.out.c_str(), error.message().c_str());
        return BadInput;
    }

    if (!a.slurm.fit(false))
        return BadInput;
    if (a.slurm.slurm && a.merge) {
        std::fprintf(stderr, "error: give --slurm (plan and submit) or --merge (when the jobs "
                             "have ended), not both\n");
        return BadInput;
    }
    const std::string header =
        "# Reproduced paper results\n\n" +
        (a.merge ? std::string("Run as Slurm job arrays.") : "Run on " + machine() + ".") + "\n\n";
    std::string report; // the presets' sections, below the summary of their verdicts
    std::vector<ReproducedPreset> reproduced;
    int code = Ok, unexpected = 0;
    bool ran = false; ///< a preset's sweep got past its options: the report has news
    for (const std::string &name : a.names) {
        const SweepPreset &p = presets.at(name);
        SweepArgs s;
        s.scenario = (dir / (name + ".yaml")).string();
        if (a.quick && !p.quick.values.empty())
            s.param = p.param + "=" + joined(p.quick.values, ",");
        if (a.seeds)
            s.seeds = *a.seeds;
        else if (a.quick && p.quick.seeds > 0)
            s.seeds = p.quick.seeds;
        if (a.quick) {
            s.duration = p.quick.duration;
            s.trainEpisodes = p.quick.episodes; // a smoke test's budget, not a converged model
        }
        s.trainWorkers = kReproduceTrainWorkers;
        s.jobs = a.jobs;
        s.db = a.db;
        s.resume = a.resume;
        s.out = (fs::path(a.out) / name / "").string();
        s.slurm = a.slurm;
        const std::string options =
            std::string(a.quick ? " --quick" : "") +
            (a.seeds ? " --seeds " + std::to_string(*a.seeds) : "") +
            (a.trainSeeds && !p.train.empty() ? " --train-seeds " + std::to_string(*a.trainSeeds)
                                              : "") +
            " --out " + a.out;
        std::string command = "schedlab-cli reproduce " + name + options;
        std::fprintf(stderr, "preset %s (%d of %d)\n", name.c_str(),
                     int(&name - a.names.data()) + 1, int(a.names.size()));
        const auto start = std::chrono::steady_clock::now();
        // A job array trains from the preset's seed alone.
        const bool singleSeed = p.train.empty() || a.slurm.slurm || a.merge;
        const std::vector<std::uint64_t> seeds =
            trainingSeeds(p, singleSeed ? 1 : a.trainSeeds.value_or(a.quick ? 1 : 3));
        std::vector<SweepResult> sweeps;
        int rc = Ok;
        if (a.merge) {
            sweeps.emplace_back();
            rc = mergeCluster((fs::path(a.out) / name).string(), a.db, &sweeps.back());
        } else {
            // One sweep per training seed, the first in the preset's folder (its chart
            // is the report's), the others beside it.
            for (std::size_t i = 0; i < seeds.size() && rc == Ok; ++i) {
                SweepArgs seeded = s;
                if (!p.train.empty())
                    seeded.trainSeed = seeds[i];
                if (i > 0)
                    seeded.out =
                        (fs::path(a.out) / name / ("train-seed-" + std::to_string(seeds[i])) / "")
                            .string();
                sweeps.emplace_back();
                rc = sweepCommand(seeded, &sweeps.back());
            }
        }
        const double seconds =
            a.merge
                ? -1.0
                : std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (a.slurm.slurm) {
            code = std::max(code, rc);
            continue;
        }
        ran = ran || rc != BadInput;
        if (rc == BadInput && !ran)
            return rc; // its options were refused: an earlier report stays as it was
        if (rc != Ok) {
            code = rc;
            report += "## " + name + ": " + p.source + "\n\n" +
                      (rc == kInterruptedExit
                           ? std::string("Interrupted; `--resume` with `--db` goes on from the "
                                         "runs it kept.")
                       : rc == Incomplete
                           ? std::string("Tasks of its job array have not finished; the command "
                                         "`merge` printed submits them again.")
                           : "The sweep failed (exit code " + std::to_string(rc) +
                                 "); see its messages.") +
                      "\n\n";
            if (rc == kInterruptedExit)
                break;
            continue;
        }
        const SweepResult sweep = acrossTrainingSeeds(sweeps);
        const std::vector<ClaimOutcome> outcomes = judgeClaims(p, sweeps);
        for (const ClaimOutcome &o : outcomes) {
            const std::string word = verdictWord(o.verdict);
            // `expect` is what the quick version shows; a full run only reports.
            const bool surprise = a.quick && !o.claim.expect.empty() && word != o.claim.expect;
            unexpected += surprise;
            std::printf("%s: %s: %s%s\n", name.c_str(),
                        (o.claim.text.empty() ? o.claim.policy : o.claim.text).c_str(),
                        o.verdict.c_str(),
                        surprise ? (" (the preset expects " + o.claim.expect + ")").c_str() : "");
        }
        reproduced.push_back({name, p, outcomes});
        const fs::path chart = fs::path(name) / "sweep.png";
        report +=
            reproductionMarkdown(name, p, sweep, outcomes, command, seconds,
                                 fs::exists(fs::path(a.out) / chart, error) ? chart.string() : "",
                                 trainingText(p, s, seeds));
    }
    if (a.slurm.slurm) {
        std::string names;
        for (const std::string &name : a.names)
            names += " " + name;
        std::printf("when the jobs have ended: %s reproduce%s%s%s --out %s --merge\n",
                    shellQuoted(thisProgram()).c_str(), names.c_str(), a.quick ? " --quick" : "",
                    a.seeds ? (" --seeds " + std::to_string(*a.seeds)).c_str() : "",
                    shellQuoted(absolutePath(a.out)).c_str());
        return code;
    }
    const fs::path file = fs::path(a.out) / "report.md";
    std::string why;
    report =
        header + (reproduced.empty() ? std::string() : reproductionSummary(reproduced)) + report;
    if (!replaceFile(file.string(), report, &why)) {
        std::fprintf(stderr, "error: %s\n", why.c_str());
        return RunFailed;
    }
    std::printf("wrote %s\n", file.c_str());
    std::vector<std::string> renderings;
    if (writeReportRenderings(file.string(), &renderings, &why))
        for (const std::string &r : renderings)
            std::printf("wrote %s\n", r.c_str());
    else
        std::fprintf(stderr, "note: %s\n", why.c_str());
    if (a.check && unexpected > 0) {
        std::fprintf(stderr, "error: %d verdicts differ from what the presets expect\n",
                     unexpected);
        return RunFailed;
    }
    return code;
}
} // namespace

void registerReproduceCommand(CLI::App &app, int &exitCode)
{
    auto *cmd = app.add_subcommand(
        "reproduce", "Run the presets that reproduce a paper's figure or table and judge "
                     "SchedLab's results against the paper's (DIR/report.md)");
    static ReproduceArgs a;
    cmd->add_option("names", a.names, "Presets to run (see --list)");
    cmd->add_flag("--list", a.list, "List the presets: name, paper source, time, description");
    cmd->add_flag("--quick", a.quick, "The presets' small versions (fewer values, seeds, time)");
    cmd->add_flag("--check", a.check,
                  "With --quick: exit 1 when a verdict differs from the direction the preset "
                  "expects");
    cmd->add_option("--out", a.out, "Folder for report.md and each preset's sweep files");
    cmd->add_option("--seeds", a.seeds, "Seeds per value, in place of the presets'");
    cmd->add_option("--train-seeds", a.trainSeeds,
                    "Presets that train: train from this many seeds (the preset's, then 1000 "
                    "apart) and judge a learned policy over their models (default 3; with "
                    "--quick 1)");
    cmd->add_option("--jobs", a.jobs, "Parallel runs (default: all cores)");
    cmd->add_option("--presets", a.presets, "The presets' folder (default: the bundled one)");
    cmd->add_option("--db", a.db, "Experiment store (SQLite) to record every preset's sweep in");
    cmd->add_flag("--resume", a.resume,
                  "With --db: run only the runs the store does not hold complete already");
    a.slurm.addTo(*cmd);
    cmd->add_flag("--merge", a.merge,
                  "After reproduce --slurm, when the jobs have ended: merge each preset's "
                  "job array (as `merge`) and write report.md from them");
    cmd->callback([&exitCode] { exitCode = reproduce(a); });
}

} // namespace schedlab::cli
