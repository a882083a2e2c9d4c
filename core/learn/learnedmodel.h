// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/mlpweights.h"

#include <initializer_list>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

namespace schedlab {

/** A checkpoint file that cannot be read or does not fit; what() names the file. */
class CheckpointError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/**
 * The trained networks of one agent, as plain data: what a checkpoint file holds
 * and what a learned policy runs (through FastMlp, without torch). Networks are
 * named by the agent that uses them, e.g. "cmmac.actor.p8", "cmmac.critic",
 * "drs.q"; `info` carries small facts about how they were trained (scenario,
 * episodes, sizes) that a policy may check before it trusts the weights.
 */
struct LearnedModel
{
    std::string agent; ///< the `train --agent` that wrote it
    std::map<std::string, MlpWeights> nets;
    std::map<std::string, std::string> info;

    const MlpWeights *net(std::string_view name) const;
    bool operator==(const LearnedModel &) const = default;
};

/**
 * Writes `model`: magic "SLMODEL\n", format version (uint32), the agent, then the
 * info pairs and the networks by name (per layer out, in, float32 weights and bias,
 * little-endian), and an FNV-1a 64 checksum of everything before it. Written to a
 * temporary file and renamed, so an interrupted save leaves the old file whole.
 * Throws CheckpointError when the file cannot be written.
 */
void saveModel(const std::string &path, const LearnedModel &model);

/** Reads a file written by saveModel, bit-exact. Throws CheckpointError naming the
 *  file and what is wrong: missing, not a model, another format version, truncated,
 *  or corrupt (the checksum does not match). */
LearnedModel loadModel(const std::string &path);

/** The bytes saveModel writes, and back; `origin` names the bytes in messages. */
std::string encodeModel(const LearnedModel &model);
LearnedModel decodeModel(const std::string &bytes, const std::string &origin);

/**
 * Throws std::invalid_argument when `model` was not trained by one of `agents`:
 * "<who>: the checkpoint was trained by agent 'drs'; this policy needs cmmac or kais".
 */
void requireAgent(const LearnedModel &model, const std::string &who,
                  std::initializer_list<std::string_view> agents);

/** The layer shapes of `weights`, e.g. "17-256-128-32-9". */
std::string shapeText(const MlpWeights &weights);

/**
 * Checks that model network `name` has exactly the layer shapes of `expected`;
 * otherwise throws CheckpointError("<origin>: the <what>'s layer k is OxI, this
 * <what> needs O'xI'") or, when it is missing, "<origin>: has no <what> ('name')".
 */
const MlpWeights &requireShape(const LearnedModel &model, const std::string &origin,
                               const std::string &name, const MlpWeights &expected,
                               const std::string &what);

} // namespace schedlab
