// SPDX-License-Identifier: GPL-3.0-or-later
// The store opener on any file: a damaged, foreign or odd database is refused or read
// with messages, never a crash, both by the readers (openForReading) and by the
// writers' open, which closes dead runs and migrates.
#include "store/experimentstore.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {
using namespace schedlab;

void readEverything(const ExperimentStore &store)
{
    for (const RunSummary &run : store.runs()) {
        store.run(run.id);
        for (const std::string &name : store.vectorNames(run.id))
            store.vector(run.id, name);
        store.scenarioYaml(run.scenarioId);
    }
    store.sweeps();
    store.trainingCurve(1, "reward");
    store.loadCheckpoint("model");
}

/** A fresh file of this process holding `bytes`; SQLite's -wal and -shm go with it. */
class TemporaryStore
{
public:
    TemporaryStore(const std::uint8_t *data, std::size_t size)
    {
        const char *dir = std::getenv("TMPDIR");
        mPath = std::string(dir && *dir ? dir : "/tmp") + "/schedlab-fuzz-store-" +
                std::to_string(getpid()) + ".db";
        remove();
        std::ofstream(mPath, std::ios::binary)
            .write(reinterpret_cast<const char *>(data), std::streamsize(size));
    }
    ~TemporaryStore() { remove(); }
    const std::string &path() const { return mPath; }

private:
    void remove() const
    {
        for (const char *suffix : {"", "-wal", "-shm", "-journal"})
            std::remove((mPath + suffix).c_str());
    }
    std::string mPath;
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const TemporaryStore file(data, size);
    std::string error;
    if (const auto store = ExperimentStore::openForReading(file.path(), &error)) {
        readEverything(*store);
    } else if (error.empty()) {
        std::abort();
    }
    if (const auto store = ExperimentStore::open(file.path(), &error)) {
        readEverything(*store);
        store->checkIntegrity();
    } else if (error.empty()) {
        std::abort();
    }
    return 0;
}
