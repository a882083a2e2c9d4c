// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace schedlab {

/** The CPU architectures a node or an image variant may name: Kubernetes' names
 *  (the `kubernetes.io/arch` label, Go's GOARCH), amd64 and arm64 first. */
const std::vector<std::string> &knownArches();

/** The Kubernetes name for a common other spelling ("x86_64" -> "amd64",
 *  "aarch64" -> "arm64", "AMD64" -> "amd64"); empty when `arch` is none of them. */
std::string kubernetesArchFor(const std::string &arch);

} // namespace schedlab
