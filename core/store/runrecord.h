// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace schedlab {

/**
 * The lifecycle of a stored run, kept as text in the database ("running",
 * "complete", "failed", "cancelled"). A run still marked running that this
 * process did not begin is reported as "incomplete": its writer died.
 */
enum class RunStatus { Running, Complete, Failed, Cancelled };

/** "running", "complete", "failed" or "cancelled". */
const char *runStatusName(RunStatus status);
/** The inverse of runStatusName(); nullopt for other text (including "incomplete"). */
std::optional<RunStatus> runStatusFromName(std::string_view name);

/** What beginRun() stores about a run before its first step. */
struct RunRecord
{
    std::int64_t scenarioId = -1;                  ///< from addScenario()
    std::uint64_t seed = 0;                        ///< the run seed (all 64 bits kept)
    std::map<std::string, std::string> policies;   ///< plane -> policy name
    std::map<std::string, std::string> attributes; ///< free-form (OMNeT++ runattr)
    std::string buildVersion;                      ///< SchedLab version that ran it
};

/** One stored run as read back. */
struct RunSummary
{
    std::int64_t id = -1;
    std::int64_t scenarioId = -1;
    std::string scenarioName;
    std::uint64_t seed = 0;
    std::map<std::string, std::string> policies; ///< plane -> policy name
    /** "running", "complete", "failed", "cancelled", or "incomplete" (see RunStatus). */
    std::string status;
    std::string startedAt;  ///< ISO-8601 UTC, e.g. 2025-01-31T12:00:00.123Z
    std::string finishedAt; ///< empty while running or when incomplete
    std::map<std::string, double> scalars;
    std::map<std::string, std::string> attributes;
    std::string buildVersion;
};

/** A stored parameter sweep: one comparison per value of one scenario parameter. */
struct SweepRecord
{
    std::int64_t id = -1;
    std::string label;
    std::int64_t scenarioId = -1; ///< the scenario document as given, before any value
    std::string scenarioName;
    std::string parameter; ///< the value path, e.g. workload.requests.rate
    std::string createdAt; ///< ISO-8601 UTC
    /** (value, comparison label) in the order the values were given. */
    std::vector<std::pair<std::string, std::string>> points;
};

/** A stored training session: a named series of curves (ExperimentStore::trainingCurve). */
struct TrainingSession
{
    std::int64_t id = -1;
    std::string name;
    std::int64_t scenarioId = -1;     ///< -1 when it names none
    std::string startedAt;            ///< ISO-8601 UTC
    std::vector<std::string> metrics; ///< the curves' names, sorted
};

/** A stored model checkpoint (written by the learning library). */
struct Checkpoint
{
    std::string name;
    std::vector<std::uint8_t> data;
    int formatVersion = 0; ///< the writer's serialisation format, checked by the reader
    std::string savedAt;   ///< ISO-8601 UTC
};

} // namespace schedlab
