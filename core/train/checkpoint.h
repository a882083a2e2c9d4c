// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "learn/learnedmodel.h"

#include <string>

namespace schedlab {

class ActorNet;
class CriticNet;

/** One actor and critic as a model of agent "cmmac" (networks "actor", "critic"),
 *  written by saveModel. */
void saveCheckpoint(const std::string &path, const ActorNet &actor, const CriticNet &critic);

/**
 * Reads a file written by saveCheckpoint into both networks, bit-exact. The whole
 * file is checked (magic, version, checksum, length, every shape against the
 * networks) before either network changes: on CheckpointError both stay as they were.
 */
void loadCheckpoint(const std::string &path, ActorNet &actor, CriticNet &critic);

} // namespace schedlab
