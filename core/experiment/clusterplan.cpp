// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/clusterplan.h"
#include "base/jsontext.h"

#include "base/textfile.h"
#include "state/random.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string_view>

namespace schedlab {

namespace fs = std::filesystem;

std::pair<int, int> ClusterPlan::taskCells(int task) const
{
    const int first = task * cellsPerTask;
    return {first, std::min(cells, first + cellsPerTask)};
}

std::string planFile(const std::string &out)
{
    return (fs::path(out) / "plan.json").string();
}

std::string jobScriptFile(const std::string &out)
{
    return (fs::path(out) / "slurm" / "job.sbatch").string();
}

std::string resumeScriptFile(const std::string &out)
{
    return (fs::path(out) / "slurm" / "resume.sbatch").string();
}

std::string shardFile(const std::string &out, int task)
{
    return (fs::path(out) / "shards" / (std::to_string(task) + ".db")).string();
}

std::string trainScriptFile(const std::string &out)
{
    return (fs::path(out) / "slurm" / "train.sbatch").string();
}

std::string modelFile(const std::string &out, int model)
{
    return (fs::path(out) / "models" / (std::to_string(model) + ".ckpt")).string();
}

std::optional<std::string> contentHash(const std::string &path, std::string *why)
{
    const std::optional<std::string> bytes = readTextFile(path, why);
    if (!bytes)
        return std::nullopt;
    char text[24];
    std::snprintf(text, sizeof text, "%016llx",
                  static_cast<unsigned long long>(stableHash(*bytes)));
    return std::string(text);
}

nlohmann::ordered_json planJson(const ClusterPlan &plan)
{
    nlohmann::ordered_json inputs = nlohmann::ordered_json::array();
    for (const auto &[path, hash] : plan.inputs)
        inputs.push_back({{"path", path}, {"hash", hash}});
    return {{"schedlab_plan", 1},
            {"command", plan.command},
            {"label", plan.label},
            {"out", plan.out},
            {"program", plan.program},
            {"inputs", inputs},
            {"cells", plan.cells},
            {"cells_per_task", plan.cellsPerTask},
            {"tasks", plan.tasks()},
            {"models", plan.models},
            {"slurm",
             {{"array_limit", plan.slurm.arrayLimit},
              {"partition", plan.slurm.partition},
              {"time", plan.slurm.time},
              {"mem", plan.slurm.mem},
              {"sbatch_args", plan.slurm.args}}},
            {"options", plan.options}};
}

bool writeClusterPlan(const ClusterPlan &plan, std::string *error)
{
    std::error_code ec;
    fs::create_directories(fs::path(plan.out) / "slurm", ec);
    if (!ec)
        fs::create_directories(fs::path(plan.out) / "shards", ec);
    if (!ec && plan.models > 0)
        fs::create_directories(fs::path(plan.out) / "models", ec);
    if (ec) {
        *error = "cannot make the folders of " + plan.out + ": " + ec.message();
        return false;
    }
    return replaceFile(planFile(plan.out), jsonText(planJson(plan)) + "\n", error);
}

std::optional<ClusterPlan> readClusterPlan(const std::string &out, std::string *error)
{
    const std::string path = planFile(out);
    std::string why;
    const std::optional<std::string> text = readTextFile(path, &why);
    if (!text) {
        *error = path + ": " + why + " (is " + out + " the --out of a --slurm plan?)";
        return std::nullopt;
    }
    const auto json = nlohmann::ordered_json::parse(*text, nullptr, false);
    if (json.is_discarded() || !json.is_object() || json.value("schedlab_plan", 0) != 1) {
        *error = path + ": not a SchedLab cluster plan (written by `sweep --slurm`)";
        return std::nullopt;
    }
    ClusterPlan plan;
    try {
        plan.command = json.at("command").get<std::string>();
        plan.label = json.at("label").get<std::string>();
        // The plan's folder is where it is now, not where it was made: a copied or
        // moved plan merges and runs in its own folder.
        json.at("out").get<std::string>();
        std::error_code ec;
        plan.out = fs::absolute(out, ec).lexically_normal().string();
        while (plan.out.size() > 1 && plan.out.back() == '/')
            plan.out.pop_back();
        plan.program = json.at("program").get<std::string>();
        for (const auto &input : json.at("inputs"))
            plan.inputs.emplace_back(input.at("path").get<std::string>(),
                                     input.at("hash").get<std::string>());
        plan.cells = json.at("cells").get<int>();
        plan.cellsPerTask = json.at("cells_per_task").get<int>();
        plan.models = json.at("models").get<int>();
        const auto &slurm = json.at("slurm");
        plan.slurm.arrayLimit = slurm.at("array_limit").get<int>();
        plan.slurm.partition = slurm.at("partition").get<std::string>();
        plan.slurm.time = slurm.at("time").get<std::string>();
        plan.slurm.mem = slurm.at("mem").get<std::string>();
        plan.slurm.args = slurm.at("sbatch_args").get<std::vector<std::string>>();
        plan.options = json.at("options");
    } catch (const std::exception &e) {
        *error = path + ": " + e.what();
        return std::nullopt;
    }
    if ((plan.command != "sweep" && plan.command != "compare") || plan.cells < 1 ||
        plan.cellsPerTask < 1 || plan.models < 0 || !plan.options.is_object()) {
        *error = path + ": the plan is damaged (command, cells or cells_per_task)";
        return std::nullopt;
    }
    return plan;
}

std::vector<std::string> changedInputs(const ClusterPlan &plan)
{
    std::vector<std::string> out;
    for (const auto &[path, hash] : plan.inputs) {
        std::string why;
        const std::optional<std::string> now = contentHash(path, &why);
        if (!now)
            out.push_back(path + ": " + why + "; the plan in " + plan.out + " needs it");
        else if (*now != hash)
            out.push_back(path + " changed since the plan in " + plan.out + " (content hash " +
                          hash + ", now " + *now + "); plan the " + plan.command + " again");
    }
    return out;
}

std::string arraySpec(const std::vector<int> &tasks, int count, int limit)
{
    std::string spec;
    if (tasks.empty()) {
        spec = "0-" + std::to_string(count - 1);
    } else {
        std::vector<int> sorted = tasks;
        std::sort(sorted.begin(), sorted.end());
        sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
        for (std::size_t i = 0; i < sorted.size();) {
            std::size_t j = i;
            while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
                ++j;
            spec += (spec.empty() ? "" : ",") + std::to_string(sorted[i]);
            if (j > i)
                spec += "-" + std::to_string(sorted[j]);
            i = j + 1;
        }
    }
    if (limit > 0)
        spec += "%" + std::to_string(limit);
    return spec;
}

std::string shellQuoted(const std::string &text)
{
    const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) ||
               std::string_view("/._-+=:,@%").find(c) != std::string_view::npos;
    });
    if (plain)
        return text;
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string sbatchValueProblem(const std::string &value, bool spaces)
{
    for (unsigned char c : value) {
        if (c < 0x20 || c == 0x7f)
            return "it holds a control character (a newline would be a command of its own)";
        if (!spaces && (c == ' ' || c == '"' || c == '\'' || c == '\\'))
            return "it holds a space or a quote, which sbatch splits or strips";
    }
    return {};
}

std::string sbatchHeader(const std::string &comment, const std::string &jobName,
                         const std::string &array, const std::string &output,
                         const SlurmOptions &slurm)
{
    const auto require = [](const std::string &value, const char *what, bool spaces) {
        if (const std::string why = sbatchValueProblem(value, spaces); !why.empty())
            throw std::invalid_argument(std::string(what) + " '" + value + "': " + why);
    };
    require(jobName, "job name", false);
    require(array, "--array", false);
    require(output, "--output", false);
    require(slurm.partition, "--partition", false);
    require(slurm.time, "--time", false);
    require(slurm.mem, "--mem", false);
    for (const std::string &arg : slurm.args)
        require(arg, "--sbatch-arg", true);
    std::string line = comment;
    for (char &c : line)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = '?';
    std::string s = "#!/bin/bash\n# " + line + "\n";
    s += "#SBATCH --job-name=" + jobName + "\n";
    s += "#SBATCH --array=" + array + "\n";
    s += "#SBATCH --cpus-per-task=1\n";
    s += "#SBATCH --output=" + output + "\n";
    if (!slurm.partition.empty())
        s += "#SBATCH --partition=" + slurm.partition + "\n";
    if (!slurm.time.empty())
        s += "#SBATCH --time=" + slurm.time + "\n";
    if (!slurm.mem.empty())
        s += "#SBATCH --mem=" + slurm.mem + "\n";
    for (const std::string &arg : slurm.args)
        s += "#SBATCH " + arg + "\n";
    return s;
}

std::string sbatchScript(const ClusterPlan &plan, const std::vector<int> &tasks, bool training)
{
    const int all = training ? plan.models : plan.tasks();
    const int count = tasks.empty() ? all : int(tasks.size());
    const std::string comment =
        "SchedLab " + plan.command + " '" + plan.label + "': " +
        (training ? std::to_string(plan.models) + " models its runs need, one a task"
                  : std::to_string(plan.cells) + " runs in " + std::to_string(plan.tasks()) +
                        " tasks of up to " + std::to_string(plan.cellsPerTask)) +
        (tasks.empty() ? "" : "; these " + std::to_string(count) + " run again");
    const fs::path logs = fs::path(plan.out) / "slurm";
    std::string s =
        sbatchHeader(comment, "schedlab-" + std::string(training ? "train" : plan.command),
                     arraySpec(tasks, all, plan.slurm.arrayLimit),
                     (logs / (training ? "train_%A_%a.out" : "%A_%a.out")).string(), plan.slurm);
    if (training)
        s += "# Each task writes only " + (fs::path(plan.out) / "models").string() +
             "/MODEL.ckpt, which the runs' job reads\n";
    else
        s += "# Each task writes only " + (fs::path(plan.out) / "shards").string() +
             "/TASK.db; then: " + shellQuoted(plan.program) + " merge " + shellQuoted(plan.out) +
             "\n";
    s += "exec " + shellQuoted(plan.program) + " run-task " + shellQuoted(plan.out) +
         (training ? " --model" : " --task") + " \"$SLURM_ARRAY_TASK_ID\"\n";
    return s;
}

} // namespace schedlab
