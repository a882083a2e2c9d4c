// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "metrics/runresult.h"
#include "model/scenario.h"
#include "engine/engine.h"

#include <cstdint>
#include <memory>
#include <string>

namespace schedlab {

class ExperimentStore;

/**
 * Streams one run into the experiment store: the run row is committed before the
 * first slot (so a killed run stays visible as incomplete), each frame's
 * utilisation and replicas as it ends, and at the end the frames' throughput
 * (final only once the frame's requests have finished) and the summary with the
 * final status.
 */
class RunRecorder final : public SimObserver
{
public:
    /** Null with `error` set if the database cannot be opened or is not ours. */
    static std::unique_ptr<RunRecorder> open(const std::string &dbPath, std::string *error);
    ~RunRecorder() override;

    bool begin(const Scenario &scenario, const PolicySelection &policies, std::uint64_t seed);
    void onFrame(const SimState &state, const FramePoint &frame) override;
    bool finish(const RunResult &result, bool cancelled);
    std::int64_t runId() const { return mRunId; }
    std::string lastError() const;

private:
    explicit RunRecorder(std::unique_ptr<ExperimentStore> store);

    std::unique_ptr<ExperimentStore> mStore;
    std::int64_t mRunId = -1;
};

} // namespace schedlab
