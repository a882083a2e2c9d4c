// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <utility>

namespace schedlab::test {

/** One edge site, `edge`, of one eAP, `eap`, that holds `nodes`. */
inline SiteSpec oneEapSite(std::vector<NodeSpec> nodes)
{
    SiteSpec site;
    site.name = "edge";
    site.eaps = {{"eap", std::move(nodes)}};
    return site;
}

/**
 * A small edge–cloud built in code, independent of the YAML loader: one edge
 * site with `eaps` eAPs of `nodesPerEap` nodes each (alternating 1 and 2 cores,
 * amd64/arm64), a 4-VM cloud and three services with two edge replicas each.
 */
inline Scenario smallScenario(int eaps = 2, int nodesPerEap = 3, double rate = 12.0)
{
    Scenario s;
    s.name = "small";
    s.seed = 11;
    s.time.slot = 0.25;
    s.time.frame = 40;
    s.time.duration = 60.0;
    s.time.dispatchPerSlot = 0;
    s.layers = {{"base", 30e6}};
    ImageSpec image;
    image.name = "app:1";
    image.variants = {{"amd64", "", {{"base", 30e6}, {"sha256:a1", 10e6}}},
                      {"arm64", "", {{"base", 30e6}, {"sha256:b1", 9e6}}}};
    s.images = {image};
    for (int i = 0; i < 3; ++i) {
        ServiceSpec svc;
        svc.name = "svc-" + std::to_string(i + 1);
        svc.image = "app:1";
        svc.replicaCpu = 0.5;
        svc.replicaMemory = 256.0 * (1 << 20);
        svc.work = {Distribution::Kind::Exp, 0.05 * (i + 1), 0.0};
        svc.deadline = Distribution::constant(0.8);
        svc.profile = {0.9, 0.3, 0.1, 0.1, 0.0, 0.05};
        svc.replicas = {2, 1, 6};
        s.services.push_back(svc);
    }
    SiteSpec edge;
    edge.name = "edge-1";
    for (int b = 0; b < eaps; ++b) {
        EapSpec eap;
        eap.name = "eap-" + std::to_string(b + 1);
        for (int n = 0; n < nodesPerEap; ++n) {
            NodeSpec node;
            node.name = "e" + std::to_string(b + 1) + "-n" + std::to_string(n + 1);
            node.arch = n % 2 ? "arm64" : "amd64";
            node.cpu = n % 2 ? 1.0 : 2.0;
            node.memory = 4.0 * (1 << 30);
            node.perf = n % 2 ? 0.8 : 1.0;
            eap.nodes.push_back(node);
        }
        edge.eaps.push_back(eap);
    }
    SiteSpec cloud;
    cloud.name = "cloud";
    cloud.kind = SiteKind::Cloud;
    NodeSpec vm;
    vm.name = "vm{i}";
    vm.count = 4;
    vm.cpu = 4;
    vm.memory = 16.0 * (1 << 30);
    cloud.nodes.push_back(vm);
    s.sites = {edge, cloud};
    s.workload.requests.kind = RequestWorkloadKind::Poisson;
    s.workload.requests.rate = rate;
    return s;
}

/**
 * One site, one eAP with three nodes (2, 1, 2 cores). svc-1 is heavy (0.4 core-s
 * per request) with one initial replica of 500m: one replica serves ~1.25 requests/s
 * against 2.5/s arriving, so its node's queue fills. svc-2 is light and has two.
 */
inline Scenario underProvisionedScenario()
{
    Scenario s = smallScenario(1, 3, 5.0);
    s.time.frame = 40; // 10 s frames
    s.time.duration = 120.0;
    s.services.resize(2);
    s.services[0].work = {Distribution::Kind::Exp, 0.4, 0.0};
    s.services[0].deadline = Distribution::constant(4.0);
    s.services[0].replicas = {1, 1, 6};
    s.services[1].work = {Distribution::Kind::Exp, 0.05, 0.0};
    s.services[1].replicas = {2, 1, 4};
    s.policies.dispatch = "greedy";
    s.policies.orchestration = "static";
    return s;
}

} // namespace schedlab::test
