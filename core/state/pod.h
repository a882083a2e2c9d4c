// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <cstdint>

namespace schedlab {

enum class PodPhase : std::uint8_t { Pending, Pulling, Starting, Running, Succeeded, Failed };

/** Why a pod failed, as KubeHICE Table II names it. */
enum class PodFailure : std::uint8_t {
    None,
    ImagePull,       ///< no variant for the node's arch behind the name it pulls
    ContainerCreate, ///< the pulled image's arch is not the node's
    Unschedulable    ///< no node passed the filters
};

/** A container placed on a node: pulls its missing layers, starts, runs, ends. */
struct Pod
{
    int stream = 0;
    int templ = 0;
    double arrival = 0.0;
    double scheduleAt = 0.0; ///< its next scheduling attempt: arrival, or after a back-off
    int attempts = 0;        ///< failed scheduling attempts so far
    double cpu = 0.0;      ///< requested cores
    double cpuLimit = 0.0; ///< cores; 0 = no limit
    double memory = 0.0;   ///< requested bytes
    double duration = 0.0;
    double startJitter = 0.0;
    std::int32_t node = -1;
    PodPhase phase = PodPhase::Pending;
    PodFailure failure = PodFailure::None;
    const ImageVariant *variant = nullptr; ///< what it pulls on its node (set at bind)
    double placedAt = 0.0;
    double pulledAt = 0.0;
    int waiting = 0;     ///< layers still downloading for it
    UsageProfile rate{}; ///< its use while running, in usageRate units
};

} // namespace schedlab
