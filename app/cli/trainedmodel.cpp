// SPDX-License-Identifier: GPL-3.0-or-later
#include "trainedmodel.h"

#include "command.h"

#include "learn/learnedmodel.h"
#include "learn/trainer.h"
#include "scenario/scenarioio.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace schedlab::cli {

namespace {
/** A private temporary folder, removed with its files when it goes. */
class TemporaryFolder
{
public:
    TemporaryFolder()
    {
        std::string pattern = (std::filesystem::temp_directory_path() / "schedlab-XXXXXX").string();
        if (::mkdtemp(pattern.data()))
            mPath = pattern;
    }
    ~TemporaryFolder()
    {
        std::error_code ignored;
        if (!mPath.empty())
            std::filesystem::remove_all(mPath, ignored);
    }
    TemporaryFolder(const TemporaryFolder &) = delete;
    TemporaryFolder &operator=(const TemporaryFolder &) = delete;

    const std::filesystem::path &path() const { return mPath; }

private:
    std::filesystem::path mPath;
};

/** Runs `args` with stdout sent to stderr; the exit status, or -1. */
int runToStderr(const std::vector<std::string> &args)
{
    std::vector<char *> argv;
    for (const std::string &a : args)
        argv.push_back(const_cast<char *>(a.c_str()));
    argv.push_back(nullptr);
    std::fflush(stdout);
    std::fflush(stderr);
    const pid_t child = ::fork();
    if (child < 0)
        return -1;
    if (child == 0) {
        ::dup2(STDERR_FILENO, STDOUT_FILENO);
        ::execv(argv[0], argv.data());
        std::_Exit(127);
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
} // namespace

std::shared_ptr<const LearnedModel> trainModel(const Scenario &scenario, const std::string &agent,
                                               std::uint64_t seed, int episodes, int workers,
                                               std::string *error)
{
    const TemporaryFolder folder;
    if (folder.path().empty()) {
        *error = std::string("cannot make a temporary folder: ") + std::strerror(errno);
        return nullptr;
    }
    // The scenario as it runs, written apart from its file: a trace path is made
    // absolute so that it still names the same file.
    Scenario copy = scenario;
    std::string &trace = copy.workload.requests.tracePath;
    if (!trace.empty() && std::filesystem::path(trace).is_relative() &&
        !scenario.sourcePath.empty())
        trace = std::filesystem::absolute(std::filesystem::path(scenario.sourcePath).parent_path() /
                                          trace)
                    .lexically_normal()
                    .string();
    const std::string file = (folder.path() / "scenario.yaml").string();
    const std::string checkpoint = (folder.path() / "model.ckpt").string();
    if (!saveScenarioFile(copy, file, error))
        return nullptr;
    std::vector<std::string> command{
        trainProgram().string(), "train",    file,     "--agent",           agent,
        "--checkpoint",          checkpoint, "--seed", std::to_string(seed)};
    if (episodes > 0)
        command.insert(command.end(), {"--episodes", std::to_string(episodes)});
    if (workers > 0 && agentTakesWorkers(agent))
        command.insert(command.end(), {"--workers", std::to_string(workers)});
    const int status = runToStderr(command);
    if (status != 0) {
        *error = "training " + agent + " failed (" + trainProgram().string() +
                 (status < 0 ? " could not run)" : " exited with " + std::to_string(status) + ")");
        return nullptr;
    }
    try {
        return std::make_shared<const LearnedModel>(loadModel(checkpoint));
    } catch (const CheckpointError &e) {
        *error = e.what();
        return nullptr;
    }
}

} // namespace schedlab::cli
