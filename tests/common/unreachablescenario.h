// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

namespace schedlab::test {

/**
 * Site near: n1 and n2 (amd64), one replica of `a` each site (it fills a node), so
 * n2 holds none. Image b is arm64 only and only site far has an arm64 node: a
 * request for b at near (and for a at far) has no replica in reach and goes to
 * the cloud, which has no nodes, and is dropped there. Runs for `duration` ("30s").
 */
inline std::string unreachableScenario(const std::string &duration)
{
    return R"(schedlab: 1
name: unreachable
seed: 3
time: {slot: 100ms, frame: 10, duration: )" +
           duration + R"(}
images:
  - {name: a:1, variants: [{arch: amd64, layers: []}]}
  - {name: b:1, variants: [{arch: arm64, layers: []}]}
services:
  - name: a
    image: a:1
    replica: {cpu: 1, memory: 256Mi}
    request: {work: 50ms, deadline: 2s}
    replicas: {edge: 1, min: 1, max: 2}
  - name: b
    image: b:1
    replica: {cpu: 1, memory: 256Mi}
    request: {work: 50ms, deadline: 2s}
    replicas: {edge: 1, min: 1, max: 2}
sites:
  - name: near
    eaps:
      - name: ap-near
        nodes:
          - {name: n1, cpu: 1, memory: 2Gi}
          - {name: n2, cpu: 1, memory: 2Gi}
  - name: far
    eaps:
      - name: ap-far
        nodes:
          - {name: arm, arch: arm64, cpu: 1, memory: 2Gi}
workload:
  requests: {kind: poisson, rate: 10/s}
policies: {dispatch: greedy, dequeue: fifo, orchestration: static, placement: kube-default}
)";
}

} // namespace schedlab::test
