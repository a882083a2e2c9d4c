// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "placement/placementplugin.h"

#include <memory>
#include <set>
#include <string>

namespace schedlab {

/** The score levels of KubeHICE eq. 5: 100 = L0 > L1 > L2 > L3 = 0 (L1, L2 adjustable). */
struct PasLevels
{
    double l0 = 100.0;
    double l1 = 70.0;
    double l2 = 40.0;
    double l3 = 0.0;
};

/**
 * AIM's Arches Filter (KubeHICE Sec. III-C, IV-A): the arches a pod can run on
 * are the intersection over its containers of the arches their application
 * supports (the image index's manifests, or the per-arch names of an image
 * without an index) with the cluster's; nodes of any other arch are filtered.
 */
std::unique_ptr<PlacementPlugin> makeArchesFilter();
/** PAS's Node Scorer (Sec. III-D, IV-B): score eq. 5 on the estimated k_j; a node
 *  scoring L3 (0) cannot run the pod and is filtered. */
std::unique_ptr<PlacementPlugin> makePerformanceAware(const PasLevels &levels = {});

/** The arches the application behind the pod's image supports (AIM). */
std::set<std::string> applicationArches(const PodRequest &pod);

/** KubeHICE eq. 5 for a pod with request `cmin`, limit `cmax` on a node with k'_j = `kRel`. */
double pasScore(double cmin, double cmax, double kRel, const PasLevels &levels = {});

/** What AIM's Container Updater writes into the pod once it has a node. */
struct ContainerUpdate
{
    bool ok = false;
    const ImageVariant *variant = nullptr; ///< the image reference for the node's arch
    double cpu = 0.0;                      ///< CPU · k_b / k_j (Sec. III-D)
    double cpuLimit = 0.0;
};

/**
 * Container Updater (Sec. IV-C): rewrites the pod's image reference to the
 * variant for `arch` (the per-arch name when the image has no index) and its
 * cpu request and limit to CPU · k_b / k_j. Fails (ok false, the pod keeps its
 * original reference and quota: a roll back) when the application has no
 * variant for the arch or k_j is not positive.
 */
ContainerUpdate updateContainer(const PodRequest &pod, const std::string &arch, double kj);

} // namespace schedlab
