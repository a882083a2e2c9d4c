// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "global/globalmodel.h"

namespace schedlab::global {

/**
 * The second level (design doc 2.3): a cluster's own scheduler picks a node from
 * the cluster's actual state, least allocated first, or rejects the request when
 * no node holds it — the failure a stale global view causes (2.5.6).
 * Returns the node, with its resources taken, or kNone.
 */
std::int32_t placeOnNode(NodeTable &nodes, std::int32_t cluster, const GlobalRequest &request);

/** Gives a departed request's resources back to its node. */
void releaseFromNode(NodeTable &nodes, std::int32_t node, const Resources &demand);

} // namespace schedlab::global
