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
    /** A pod with absolute `usage` shares its node's cpu, network and disk with the
     *  others (state/podsharing.h): its end moves whenever its pace changes. */
    UsageProfile demand{};        ///< its rates at full pace, in usageRate units
    double work = 0.0;            ///< seconds of full-pace running left
    double pace = 1.0;            ///< the share of `demand` it gets now
    double pacedAt = 0.0;         ///< when `work` was last brought up to date
    std::uint32_t endVersion = 0; ///< of its current PodEnd event
};

} // namespace schedlab
