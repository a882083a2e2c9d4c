// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/anyscenario.h"
#include "experiment/comparison.h"
#include "learn/learnedmodel.h"
#include "metrics/runresult.h"
#include "model/scenario.h"

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace CLI {
class Validator;
}

namespace schedlab {
class ExperimentStore;
}

namespace schedlab::cli {

/** The policy options of run, compare and sweep: --dispatch, --dequeue,
 *  --orchestration, --placement; each a name, or for compare and sweep a
 *  comma-separated list. Empty: the scenario's. */
struct PlaneOptions
{
    std::string dispatch, dequeue, orchestration, placement;

    void addTo(CLI::App &cmd, bool lists);
    /** `scenario`'s selection with the single names given here in place. */
    PolicySelection over(const PolicySelection &scenario) const;
    /** False, after saying which, when a comma-separated list names a policy twice
     *  (the comparison would run it twice under one label). */
    bool listsDistinct() const;
};

/** Loads and validates a scenario of either kind, with the `--set` values `settings`
 *  (PATH=VALUE) in place; prints every error as file:line:column to stderr.
 *  `architectures` (`--global`) needs a global scenario. `runDuration` (`--duration`;
 *  0: the file's) is the run whose size is checked. */
std::optional<AnyScenario> loadScenarioOrReport(const std::string &path,
                                                const std::string &architectures,
                                                const std::vector<std::string> &settings = {},
                                                double runDuration = 0.0);

/** The text of the scenario file `path` with every PATH=VALUE of `settings` set as a
 *  sweep sets its value; prints why and returns nullopt when one does not apply. */
std::optional<std::string> scenarioTextWith(const std::string &path,
                                            const std::vector<std::string> &settings);
/** Refuses a seed that is not a whole number 0 to 2^64-1 written in digits (CLI11 alone
 *  would take -1 as 2^64-1 and clamp larger numbers). */
const CLI::Validator &seedText();

/** `--set PATH=VALUE`, repeatable. */
void addSetOption(CLI::App &cmd, std::vector<std::string> &settings);

/** "10m", "90s" -> seconds; prints a message and returns nullopt on a bad value. */
std::optional<double> parseDurationOption(const std::string &text, const char *option);
/** `--duration` into `seconds` when given (left as it is when not); false after saying
 *  what is wrong. */
bool runDurationOption(const std::string &text, double &seconds);

/** False, after saying why, when a run of `scenario` for `duration` seconds (0: the
 *  scenario's) would not fit in time or memory (runSizeProblem): bad input, said before
 *  any run. */
bool runSizeAllowed(const Scenario &scenario, double duration);

/** Loads `--checkpoint FILE` into `model` (left null for an empty path); prints the
 *  error naming the file and returns false when it cannot be read. */
bool loadCheckpointOption(const std::string &path, std::shared_ptr<const LearnedModel> &model);

/** Checks every policy name of `p`; prints the registry's did-you-mean message. */
bool policiesKnown(const PolicySelection &p);

std::vector<std::string> splitList(const std::string &csv);

/** An experiment store's files: FILE, the journal SQLite keeps beside it (FILE-wal,
 *  FILE-shm, FILE-journal) and FILE.lock (ResumeLock); writing any of them loses runs. */
std::vector<std::string> storeFiles(const std::string &db);

/**
 * The one `--resume` into a store at a time: two processes resuming at once would
 * both run the cells the store lacks and store each twice. Held (an flock on
 * STORE.lock, released when the process ends however it ends) while it lives.
 */
class ResumeLock
{
public:
    /** Null after saying why: another process holds the store's lock, or the lock file
     *  cannot be made. */
    static std::unique_ptr<ResumeLock> take(const std::string &db);
    ~ResumeLock();
    ResumeLock(const ResumeLock &) = delete;
    ResumeLock &operator=(const ResumeLock &) = delete;

private:
    explicit ResumeLock(int fd) : mFd(fd) {}
    int mFd;
};

/** The input among `inputs` that `output` is, under any name (a link, `..`, a hard
 *  link), or would be (the same path, for a file neither has made yet); else empty. */
std::string inputAt(const std::string &output, const std::vector<std::string> &inputs);

/**
 * False, after saying why, when the file `output` (given as `option`) must not be
 * written: it is a folder, its folder does not exist or cannot be written to, or it
 * is one of the command's `inputs` (under any name), which writing would destroy.
 */
bool outputAllowed(const std::string &output, const char *option,
                   const std::vector<std::string> &inputs);

/**
 * `--out DIR` checked before any run: none of the files the command will write
 * there (`writes`) is one of its `inputs`, then the folder is made if it is missing
 * and a file is written and removed there; false, after saying why, when one is, that
 * fails or DIR names a file.
 */
bool outputFolderAllowed(const std::string &dir, const char *option,
                         const std::vector<std::string> &writes = {},
                         const std::vector<std::string> &inputs = {});

/** `--db FILE` opened (made, with its folder, if missing) before any run; null after
 *  saying why (not a store, another program's, locked, not writable). */
std::unique_ptr<ExperimentStore> openStoreOption(const std::string &path);

/** Limits of the counts a command takes, checked before anything is allocated. */
inline constexpr int kMaxSeeds = 10000;
inline constexpr int kMaxJobs = 1024;
/** False, after saying what to change, unless `low` <= `value` <= `high`. */
bool countAllowed(long long value, long long low, long long high, const char *option);

/** Flushes standard output; false, after saying so, when it could not be written (a
 *  full disk, a closed pipe): the command must not exit 0 on output it lost. */
bool finishOutput();

/** Prints `text` in `width` display columns ("±" and "µ" are one column each). */
void printPadded(const std::string &text, int width, bool right);
/** Display width of UTF-8 text. */
int displayColumns(const std::string &text);

nlohmann::ordered_json metricsJson(const RunResult &result);
nlohmann::ordered_json policiesJson(const PolicySelection &p);

} // namespace schedlab::cli
