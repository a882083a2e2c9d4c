// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>
#include <string>

namespace schedlab {

class ActorNet;
class CriticNet;

/** A checkpoint file that cannot be read or does not fit; what() names the file. */
class CheckpointError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/**
 * Writes the cMMAC actor and critic weights: magic "SLCMMAC\n", format version,
 * then per network its layer count and per layer out, in, weights and bias (float32,
 * little-endian), and an FNV-1a 64 checksum of everything before it. Written to a
 * temporary file and renamed, so an interrupted save leaves the old file whole.
 */
void saveCheckpoint(const std::string &path, const ActorNet &actor, const CriticNet &critic);

/**
 * Reads a file written by saveCheckpoint into both networks, bit-exact. The whole
 * file is checked (magic, version, checksum, length, every shape against the
 * networks) before either network changes: on CheckpointError both stay as they were.
 */
void loadCheckpoint(const std::string &path, ActorNet &actor, CriticNet &critic);

} // namespace schedlab
