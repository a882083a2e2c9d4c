// SPDX-License-Identifier: GPL-3.0-or-later
#include "clisupport.h"

#include "base/textfile.h"
#include "registry/buildpolicies.h"
#include "registry/registry.h"
#include "scenario/scenarioio.h"
#include "scenario/units.h"
#include "scenario/yamloverride.h"
#include "store/experimentstore.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>
#include <unistd.h>

namespace schedlab::cli {

std::optional<std::string> scenarioTextWith(const std::string &path,
                                            const std::vector<std::string> &settings)
{
    std::string why;
    auto text = readTextFile(path, &why, kMaxScenarioBytes);
    if (!text) {
        std::fprintf(stderr, "%s: cannot read the file: %s\n", path.c_str(), why.c_str());
        return std::nullopt;
    }
    for (const std::string &setting : settings) {
        const std::size_t eq = setting.find('=');
        if (eq == std::string::npos || eq == 0) {
            std::fprintf(stderr, "error: --set '%s': expected PATH=VALUE\n", setting.c_str());
            return std::nullopt;
        }
        const YamlEdit edit = setYamlScalar(*text, setting.substr(0, eq), setting.substr(eq + 1));
        if (!edit.ok()) {
            std::fprintf(stderr, "%s: --set: %s\n", path.c_str(), edit.error.c_str());
            return std::nullopt;
        }
        *text = edit.text;
    }
    return text;
}

bool runSizeAllowed(const Scenario &scenario, double duration)
{
    const auto problem = runSizeProblem(scenario, duration);
    if (!problem)
        return true;
    std::fprintf(stderr, "error: %s: %s\n", duration > 0 ? "--duration" : problem->key.c_str(),
                 problem->message.c_str());
    return false;
}

const CLI::Validator &seedText()
{
    static const CLI::Validator validator(
        [](std::string &text) {
            std::uint64_t value = 0;
            const char *end = text.data() + text.size();
            const auto [ptr, ec] = std::from_chars(text.data(), end, value);
            if (text.empty() || ec != std::errc() || ptr != end)
                return "must be a whole number from 0 to 18446744073709551615, got '" + text + "'";
            return std::string();
        },
        "SEED");
    return validator;
}

void addSetOption(CLI::App &cmd, std::vector<std::string> &settings)
{
    cmd.add_option("--set", settings,
                   "PATH=VALUE: a value of the scenario set first (repeatable), by the path "
                   "syntax of sweep --param, e.g. time.slot=100ms or "
                   "workload.requests.rate=8/s");
}

std::optional<AnyScenario> loadScenarioOrReport(const std::string &path,
                                                const std::string &architectures,
                                                const std::vector<std::string> &settings,
                                                double runDuration)
{
    AnyScenarioLoad load;
    if (settings.empty()) {
        load = loadAnyScenarioFile(path, runDuration);
    } else if (const auto text = scenarioTextWith(path, settings)) {
        load = loadAnyScenarioText(*text, path, runDuration);
    } else {
        return std::nullopt;
    }
    for (const ScenarioError &e : load.errors)
        std::fprintf(stderr, "%s\n", e.format().c_str());
    if (!load.ok())
        return std::nullopt;
    if (!architectures.empty() && !load.scenario->isGlobal()) {
        std::fprintf(stderr,
                     "error: --global needs a global scenario (a top-level `global:` "
                     "map), and %s has none\n",
                     path.c_str());
        return std::nullopt;
    }
    return std::move(*load.scenario);
}

bool runDurationOption(const std::string &text, double &seconds)
{
    if (text.empty())
        return true;
    const auto d = parseDurationOption(text, "--duration");
    if (d)
        seconds = *d;
    return d.has_value();
}

std::optional<double> parseDurationOption(const std::string &text, const char *option)
{
    const Parsed<double> d = parseDuration(text);
    if (!d.ok() || d.value <= 0.0) {
        std::fprintf(stderr, "error: %s: %s\n", option,
                     d.ok() ? "must be positive" : d.error.c_str());
        return std::nullopt;
    }
    return d.value;
}

bool loadCheckpointOption(const std::string &path, std::shared_ptr<const LearnedModel> &model)
{
    if (path.empty())
        return true;
    try {
        model = std::make_shared<const LearnedModel>(loadModel(path));
        return true;
    } catch (const CheckpointError &e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return false;
    }
}

void PlaneOptions::addTo(CLI::App &cmd, bool lists)
{
    const std::pair<const char *, std::string *> planes[] = {{"dispatch", &dispatch},
                                                             {"dequeue", &dequeue},
                                                             {"orchestration", &orchestration},
                                                             {"placement", &placement}};
    // An empty name (`--dispatch ''`, `greedy,`) would quietly mean the scenario's policy.
    static const CLI::Validator names(
        [](std::string &text) {
            const std::vector<std::string> items = splitList(text);
            const bool empty =
                std::count(text.begin(), text.end(), ',') + 1 != std::ptrdiff_t(items.size());
            return empty ? "an empty policy name in '" + text + "'" : std::string();
        },
        "NAME");
    for (const auto &[plane, value] : planes)
        cmd.add_option(std::string("--") + plane, *value,
                       std::string(lists ? "Comma-separated " : "The ") + plane +
                           (lists ? " policies" : " policy") + " (default: the scenario's)")
            ->check(names);
}

PolicySelection PlaneOptions::over(const PolicySelection &scenario) const
{
    PolicySelection p = scenario;
    for (auto [given, into] : {std::pair{&dispatch, &p.dispatch},
                               {&dequeue, &p.dequeue},
                               {&orchestration, &p.orchestration},
                               {&placement, &p.placement}})
        if (!given->empty())
            *into = *given;
    return p;
}

bool policiesKnown(const PolicySelection &p)
{
    const std::vector<PolicyProblem> problems = policyProblems(p);
    for (const PolicyProblem &problem : problems)
        std::fprintf(stderr, "error: %s\n", problem.message.c_str());
    return problems.empty();
}

bool PlaneOptions::listsDistinct() const
{
    const std::pair<const char *, const std::string *> planes[] = {
        {"dispatch", &dispatch},
        {"dequeue", &dequeue},
        {"orchestration", &orchestration},
        {"placement", &placement}};
    for (const auto &[plane, list] : planes) {
        const std::vector<std::string> names = splitList(*list);
        for (std::size_t i = 0; i < names.size(); ++i)
            if (std::find(names.begin(), names.begin() + std::ptrdiff_t(i), names[i]) !=
                names.begin() + std::ptrdiff_t(i)) {
                std::fprintf(stderr, "error: --%s: '%s' is given twice\n", plane, names[i].c_str());
                return false;
            }
    }
    return true;
}

std::vector<std::string> splitList(const std::string &csv)
{
    std::vector<std::string> out;
    std::string item;
    for (char c : csv + ",") {
        if (c == ',') {
            if (!item.empty())
                out.push_back(item);
            item.clear();
        } else if (c != ' ') {
            item += c;
        }
    }
    return out;
}

nlohmann::ordered_json metricsJson(const RunResult &result)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const MetricValue &m : result.metrics)
        out[m.name] = m.value;
    return out;
}

nlohmann::ordered_json policiesJson(const PolicySelection &p)
{
    return {{"dispatch", p.dispatch},
            {"dequeue", p.dequeue},
            {"orchestration", p.orchestration},
            {"placement", p.placement}};
}

std::vector<std::string> storeFiles(const std::string &db)
{
    if (db.empty())
        return {};
    return {db, db + "-wal", db + "-shm", db + "-journal", db + ".lock"};
}

std::unique_ptr<ResumeLock> ResumeLock::take(const std::string &db)
{
    const std::string path = db + ".lock";
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        std::fprintf(stderr, "error: --resume: cannot make %s: %s\n", path.c_str(),
                     std::strerror(errno));
        return nullptr;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd);
        std::fprintf(stderr,
                     "error: --resume: another process is resuming into %s; let it finish, "
                     "then resume again (it would run the same runs and store each twice)\n",
                     db.c_str());
        return nullptr;
    }
    return std::unique_ptr<ResumeLock>(new ResumeLock(fd));
}

ResumeLock::~ResumeLock()
{
    ::close(mFd); // releases the flock
}

std::string inputAt(const std::string &output, const std::vector<std::string> &inputs)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const bool made = fs::exists(output, ec);
    const fs::path where = fs::weakly_canonical(fs::absolute(output, ec), ec);
    for (const std::string &input : inputs) {
        if (input.empty())
            continue;
        // The same file, or the same place for one a step before the write makes
        // (a store that opening creates).
        if (made && fs::exists(input, ec)
                ? fs::equivalent(output, input, ec)
                : where == fs::weakly_canonical(fs::absolute(input, ec), ec))
            return input;
    }
    return {};
}

bool outputAllowed(const std::string &output, const char *option,
                   const std::vector<std::string> &inputs)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto refuse = [&](const std::string &why) {
        std::fprintf(stderr, "error: %s %s: %s\n", option, output.c_str(), why.c_str());
        return false;
    };
    if (fs::is_directory(output, ec))
        return refuse("it is a folder; give a file name");
    const fs::path folder =
        fs::path(output).parent_path().empty() ? fs::path(".") : fs::path(output).parent_path();
    if (!fs::is_directory(folder, ec))
        return refuse("cannot write there: the folder " + folder.string() + " does not exist");
    if (::access(folder.c_str(), W_OK) != 0)
        return refuse("cannot write there: the folder " + folder.string() + " is not writable");
    if (const std::string input = inputAt(output, inputs); !input.empty())
        return refuse("it is " + input + ", which this command reads; writing it would destroy it");
    return true;
}

bool outputFolderAllowed(const std::string &dir, const char *option,
                         const std::vector<std::string> &writes,
                         const std::vector<std::string> &inputs)
{
    namespace fs = std::filesystem;
    const auto refuse = [&](const std::string &why) {
        std::fprintf(stderr, "error: %s %s: %s\n", option, dir.c_str(), why.c_str());
        return false;
    };
    for (const std::string &file : writes)
        if (const std::string input = inputAt(file, inputs); !input.empty())
            return refuse("the command writes " + file + ", which is " + input +
                          ", one of its inputs; writing it would destroy it");
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
        return refuse("it is a file; give a folder");
    fs::create_directories(dir, ec);
    if (ec)
        return refuse("cannot make the folder: " + ec.message());
    const fs::path probe = fs::path(dir) / ".schedlab-write-probe";
    std::string why;
    if (!replaceFile(probe.string(), "probe\n", &why))
        return refuse("cannot write there: " + why);
    fs::remove(probe, ec);
    return true;
}

bool countAllowed(long long value, long long low, long long high, const char *option)
{
    if (value >= low && value <= high)
        return true;
    std::fprintf(stderr, "error: %s %lld: give %lld to %lld\n", option, value, low, high);
    return false;
}

bool finishOutput()
{
    if (std::fflush(stdout) == 0 && !std::ferror(stdout))
        return true;
    std::fprintf(stderr, "error: cannot write the output: %s\n", std::strerror(errno));
    return false;
}

std::unique_ptr<ExperimentStore> openStoreOption(const std::string &path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path parent = fs::path(path).parent_path();
    if (!parent.empty())
        fs::create_directories(parent, ec);
    std::string error;
    auto store = ExperimentStore::open(path, &error);
    if (!store)
        std::fprintf(stderr, "error: --db %s\n", error.c_str());
    return store;
}

int displayColumns(const std::string &text)
{
    return int(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

void printPadded(const std::string &text, int width, bool right)
{
    const int pad = std::max(0, width - displayColumns(text));
    std::printf("%*s%s%*s", right ? pad : 0, "", text.c_str(), right ? 0 : pad, "");
}

} // namespace schedlab::cli
