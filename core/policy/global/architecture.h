// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace schedlab::global {

/** Where a scheduler's picture of the clusters comes from. */
enum class ViewKind {
    Exact,      ///< node-level state, always current (monolithic; 2PC reservations)
    Shared,     ///< one global DB, stale between collections, updated by every commit (2.3)
    Replicated, ///< a copy per scheduler, each sees only its own commits (1.3.3)
};

/** How the distributor picks the scheduler(s) for a request. */
enum class Routing {
    HomeByTag,  ///< home scheduler by geolocation tag, else profile match and lowest load (2.5.4)
    RoundRobin, ///< 1.3.2, 1.3.3
    Silo,       ///< the silo owning the request's zone, else round robin (1.3.2)
    Single,     ///< one scheduler takes everything
};

/** What a decision costs in modelled time. */
enum class CostModel {
    PerCluster,         ///< base + perCluster x clusters considered
    PerNode,            ///< base + perNode x nodes considered (node-level scheduling)
    ParallelPartitions, ///< every silo scores its share in parallel, then a 2PC round trip
};

/**
 * A global scheduling architecture of design doc 1.3 / 2.3, as the behaviour the
 * simulation gives it. Found by name in globalArchitectures().
 */
struct GlobalArchitecture
{
    std::string name;
    std::string summary;
    std::string source;
    ViewKind view = ViewKind::Shared;
    Routing routing = Routing::HomeByTag;
    CostModel cost = CostModel::PerCluster;
    bool concurrent = true;        ///< runs the scenario's G schedulers; else one
    bool siloed = false;           ///< a scheduler sees only its own partition
    bool avoidsConflicts = false;  ///< forwards to home or applies the threshold (2.5.5)
    bool remapsPartitions = false; ///< dynamic partition mapper (2.5.3)
};

/** Every architecture, the proposed one first. */
const std::vector<GlobalArchitecture> &globalArchitectures();
/** Null for an unknown name. */
const GlobalArchitecture *findGlobalArchitecture(const std::string &name);

} // namespace schedlab::global
