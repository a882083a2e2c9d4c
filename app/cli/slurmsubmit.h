// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/clusterplan.h"

#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace schedlab::cli {

/** The options `--slurm` adds to sweep, compare, reproduce and train. */
struct SlurmArgs
{
    bool slurm = false;
    bool dryRun = false;
    int cellsPerTask = 0; ///< 0: as many as keep the array within 1000 tasks
    SlurmOptions options;

    /** Without `runs` (train), no --cells-per-task. */
    void addTo(CLI::App &cmd, bool runs = true);
    /** False, after saying so, when an option of --slurm is given without it (and,
     *  for --dry-run, without --resume DIR either). */
    bool fit(bool resumingPlan) const;
};

/** `sbatch --parsable [--dependency=DEPENDENCY] SCRIPT`: the job id, or nullopt after
 *  saying why (sbatch not on PATH, or refusing the script). */
std::optional<std::string> sbatch(const std::string &script, const std::string &dependency);

/** False, after saying why, when the --out folder of a --slurm plan cannot be named in
 *  an #SBATCH line (sbatchValueProblem). */
bool slurmFolderAllowed(const std::string &out);

/** The path of this program, for a job script to run. */
std::string thisProgram();

/** Absolute, for a plan another process reads from another folder. */
std::string absolutePath(const std::string &path);

} // namespace schedlab::cli
