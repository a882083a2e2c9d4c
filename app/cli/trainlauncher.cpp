// SPDX-License-Identifier: GPL-3.0-or-later
#include "command.h"

#include <CLI/CLI.hpp>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace schedlab::cli {

/** schedlab-train beside this program (a build tree), or where it is installed. */
std::filesystem::path trainProgram()
{
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    const auto dir = error ? std::filesystem::path(".") : self.parent_path();
    for (const auto &candidate :
         {dir / "schedlab-train", dir / "../libexec/schedlab/schedlab-train"})
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
    return dir / "schedlab-train";
}

/**
 * Training's matrix products run in OpenBLAS and ATen, which pick their kernels
 * for the processor at hand; kernels of different vector widths add in different
 * orders, so the same seed would train a different model on another machine. The
 * training processes this program starts (schedlab-train, Slurm jobs, which take
 * its environment) use the AVX2 kernels wherever the processor has them. A value
 * the user has set wins.
 */
void pinTrainingKernels()
{
#if defined(__x86_64__)
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
        return;
    ::setenv("OPENBLAS_CORETYPE", "Haswell", 0);
    ::setenv("ATEN_CPU_CAPABILITY", "avx2", 0);
#endif
}

void registerTrainCommand(CLI::App &app)
{
    // Only listed here: `schedlab-cli train ...` is handed to schedlab-train before
    // parsing (runTrainProgram), which has the options and their help.
    app.add_subcommand("train", "Train a learned policy and save its checkpoint "
                                "(schedlab-cli train --help for its options)")
        ->allow_extras();
}

int runTrainProgram(int argc, char **argv)
{
    const std::string program = trainProgram().string();
    std::vector<char *> args{const_cast<char *>(program.c_str())};
    args.insert(args.end(), argv + 1, argv + argc);
    args.push_back(nullptr);
    // A Ctrl-C while schedlab-train loads (libtorch takes a while) waits, blocked, for
    // its handler (exitOnSignals), instead of killing it with the default action.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigprocmask(SIG_BLOCK, &signals, nullptr);
    ::execv(program.c_str(), args.data());
    sigprocmask(SIG_UNBLOCK, &signals, nullptr);
    std::fprintf(stderr, "error: cannot run %s, which `train` needs: %s\n", program.c_str(),
                 std::strerror(errno));
    return RunFailed;
}

} // namespace schedlab::cli
