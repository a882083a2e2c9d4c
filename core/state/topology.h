// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <string>
#include <vector>

namespace schedlab {

constexpr int kCloud = -1; ///< the dispatch target "cloud cluster" (KaiS action j = 0)

/** One expanded node: a group of `count` in the scenario gives `count` of these. */
struct NodeInfo
{
    std::string name;
    int site = 0;
    int eap = -1; ///< the managing eAP; -1 for cloud VMs
    bool cloud = false;
    std::string arch;
    double cpu = 0.0, memory = 0.0, disk = 0.0, bandwidth = 0.0, perf = 1.0;
    double diskRead = 0.0, diskWrite = 0.0; ///< bits per second; 0 = not given
    double systemCpu = 0.0, systemMemory = 0.0; ///< the node's own use: cores, bytes
    std::map<std::string, int> hosts;
    /** The node's labels plus kubernetes.io/arch and kubernetes.io/hostname. */
    std::map<std::string, std::string> labels;
    std::vector<Taint> taints;
};

/** Carries Kubernetes' control-plane taint (node-role.kubernetes.io/control-plane or
 *  .../master): runs no workload, so utilisation metrics leave it out (DRS Sec. 5.1.1). */
bool isControlPlane(const NodeInfo &node);

/** Per label key, every node's value as a number, so a node selector's term is an
 *  integer compare per node. */
struct LabelIndex
{
    struct Column
    {
        std::map<std::string, int> ids; ///< value -> its id
        std::vector<int> valueOf;       ///< per node: its value's id, -1 without the label
    };
    std::map<std::string, Column> keys;
    int nodes = -1; ///< the node count it was built for; -1: not built
};

struct EapInfo
{
    std::string name;
    int site = 0;
    std::vector<int> managed; ///< N_b: the edge nodes this eAP manages
    std::vector<int> pool;    ///< every edge node of its site: the dispatch action space
    LinkSpec toCloud;         ///< WAN, after link overrides
};

/**
 * The scenario with templates expanded and names resolved to indices, built once
 * per run. Edge nodes come first (ids 0..edgeCount-1), cloud VMs after them.
 */
struct Topology
{
    std::vector<NodeInfo> nodes;
    std::vector<EapInfo> eaps;
    int edgeCount = 0;
    std::vector<int> edgeSites; ///< indices into Scenario::sites of the edge sites
    std::vector<int> cloudNodes;
    double cloudCores = 0.0;
    double cloudPerf = 1.0; ///< core-weighted mean perf of the cloud VMs
    /** The nodes' labels indexed; build() makes it, who adds nodes by hand calls
     *  indexLabels() once they are all there (else the label maps are read). */
    LabelIndex labelIndex;

    void indexLabels();

    static Topology build(const Scenario &scenario);
};

} // namespace schedlab
