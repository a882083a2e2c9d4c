// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/distribution.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace schedlab {

/**
 * The plain scenario model, as written in a schema-1 YAML file (DESIGN.md section 5).
 * All quantities are in base units: seconds, bytes, bits per second, cores, 1/s.
 * Node groups keep their `{i}`/`count` template so that saving reproduces the file;
 * the engine expands them.
 */

/** The six DRS metrics, in this order everywhere. */
enum class Metric { Cpu, Memory, NetRx, NetTx, DiskRead, DiskWrite };
constexpr int kMetricCount = 6;
using UsageProfile = std::array<double, kMetricCount>;

struct LinkSpec
{
    double latency = 0.0;   ///< seconds
    double bandwidth = 0.0; ///< bits per second
    bool operator==(const LinkSpec &) const = default;
};

/** Seconds for `bytes` to cross `link`: its latency, then the bytes at its bandwidth. */
inline double transferSeconds(const LinkSpec &link, double bytes)
{
    return link.latency + (link.bandwidth > 0 ? bytes * 8.0 / link.bandwidth : 0.0);
}

struct TimeConfig
{
    double slot = 0.25;      ///< seconds
    int frame = 100;         ///< slots per orchestration frame
    double duration = 600.0; ///< seconds of simulated time
    int dispatchPerSlot = 1; ///< requests an eAP dispatches per slot; 0 = all
    bool operator==(const TimeConfig &) const = default;
};

struct NetworkConfig
{
    LinkSpec access{0.020, 50e6}; ///< device -> eAP
    LinkSpec lan{0.005, 1e9};     ///< within an edge site
    LinkSpec wan{0.100, 100e6};   ///< edge <-> cloud and registry
    bool operator==(const NetworkConfig &) const = default;
};

struct LayerSpec
{
    std::string digest;
    double size = 0.0; ///< bytes
    bool operator==(const LayerSpec &) const = default;
};

struct ImageVariant
{
    std::string arch;
    std::string name; ///< per-arch image name when the image has no index; else empty
    std::vector<LayerSpec> layers;
    bool operator==(const ImageVariant &) const = default;
};

struct ImageSpec
{
    std::string name;
    bool index = true;
    std::vector<ImageVariant> variants;

    const ImageVariant *variantFor(const std::string &arch) const;
    bool operator==(const ImageSpec &) const = default;
};

struct ReplicaBounds
{
    int edge = 1; ///< initial edge replicas
    int min = 0;
    int max = 8;
    bool operator==(const ReplicaBounds &) const = default;
};

struct ServiceSpec
{
    std::string name;
    std::string image;
    double replicaCpu = 0.5;                             ///< cores per replica
    double replicaMemory = 256.0 * (1 << 20);            ///< bytes per replica
    Distribution work = Distribution::constant(0.04);    ///< core-seconds at perf 1.0
    Distribution size = Distribution::constant(20e3);    ///< request payload, bytes
    Distribution deadline = Distribution::constant(1.0); ///< seconds after arrival
    /** What a request needs of its edge node while it is there, queued or served:
     *  KaiS eq. 4's resource context F lets a request go only to a node with that
     *  much cpu and memory left (0: no demand, F is "hosts a ready replica"). */
    Distribution requestCpu = Distribution::constant(0.0);    ///< cores
    Distribution requestMemory = Distribution::constant(0.0); ///< bytes
    UsageProfile profile{};
    double perfBase = 1.0; ///< KubeHICE k_b
    ReplicaBounds replicas;
    bool operator==(const ServiceSpec &) const = default;
};

struct Taint
{
    std::string key;
    std::string value;
    std::string effect = "NoSchedule";
    bool operator==(const Taint &) const = default;
};

/** A node or, with `count` > 1, a group of identical nodes named from a `{i}` template. */
struct NodeSpec
{
    std::string name;
    int count = 1;
    std::string arch = "amd64";
    double cpu = 1.0;                ///< cores
    double memory = 2.0 * (1 << 30); ///< bytes
    double disk = 100.0 * (1 << 30); ///< bytes
    double bandwidth = 1e9;          ///< bits per second, each way (net rx and tx)
    double diskRead = 0.0;           ///< bits per second; 0 = not given
    double diskWrite = 0.0;          ///< bits per second; 0 = not given
    double perf = 1.0;               ///< single-thread speed factor (KubeHICE k_j)
    double systemCpu = 0.0;          ///< cores the node's own processes use (DRS Sec. 5.2)
    double systemMemory = 0.0;       ///< bytes they hold
    std::map<std::string, std::string> labels;
    std::vector<Taint> taints;
    std::map<std::string, int> hosts; ///< service -> replicas pinned on each copy

    /** The name of copy `i` (1-based) of this group. */
    std::string nameOf(int i) const;
    bool operator==(const NodeSpec &) const = default;
};

struct EapSpec
{
    std::string name;
    std::vector<NodeSpec> nodes;
    bool operator==(const EapSpec &) const = default;
};

enum class SiteKind { Edge, Cloud };

struct SiteSpec
{
    std::string name;
    SiteKind kind = SiteKind::Edge;
    std::string region;
    std::string zone;
    double health = 1.0;
    double energyEfficiency = 1.0;
    std::vector<EapSpec> eaps;   ///< edge sites
    std::vector<NodeSpec> nodes; ///< cloud sites
    bool operator==(const SiteSpec &) const = default;
};

struct LinkOverride
{
    std::string from;
    std::string to;
    LinkSpec link;
    bool operator==(const LinkOverride &) const = default;
};

enum class RequestWorkloadKind { None, Poisson, Pattern, Trace };
enum class Pattern { P1, P2, P3, P4 };

struct RequestWorkload
{
    RequestWorkloadKind kind = RequestWorkloadKind::Poisson;
    double rate = 10.0;            ///< requests per second, over all eAPs
    Pattern pattern = Pattern::P1; ///< for kind Pattern
    double period = 60.0;          ///< seconds; P1/P2 period, P3 uses half
    double amplitude = 0.5;        ///< relative fluctuation of the pattern load
    std::string traceFormat;       ///< "alibaba-2017" | "alibaba-2018"
    std::string tracePath;         ///< relative to the scenario file
    double timeScale = 1.0;        ///< trace seconds -> simulated seconds (kind Trace)
    /** A trace's span cut into `clips` windows of equal length, of which the run
     *  replays number `clip` (0-based); 0 clips: the whole trace (KaiS Fig. 14). */
    int clips = 0;
    int clip = 0;
    /** The requests are the trace's tasks (kind Trace, or a pattern paced over a
     *  trace's `path`): each carries the task's cpu and memory demand. */
    bool readsTrace() const
    {
        return kind == RequestWorkloadKind::Trace ||
               (kind == RequestWorkloadKind::Pattern && !tracePath.empty());
    }
    bool operator==(const RequestWorkload &) const = default;
};

/** A pod template of a deployment stream (DRS, LRScheduler, KubeHICE workloads). */
struct PodTemplate
{
    std::string name;
    /** An image name, or the per-arch name of a variant of an image without an index. */
    std::string image;
    double weight = 1.0;                             ///< relative chance of being picked
    Distribution cpu = Distribution::constant(0.25); ///< requested cores
    double cpuLimit = 0.0;                           ///< cores; 0 = no limit
    Distribution memory = Distribution::constant(256.0 * (1 << 20)); ///< requested bytes
    Distribution duration = Distribution::constant(600.0);           ///< running time, seconds
    double perfBase = 1.0;                                           ///< KubeHICE k_b
    Distribution startJitter = Distribution::constant(0.0);          ///< layers present -> running
    UsageProfile profile{};
    /** Absolute use while running (DRS Sec. 5.1.2): cpu in cores, net and disk rates in
     *  bits per second; memory is unused (the request is what a pod holds). When any is
     *  set it replaces `profile` and loads a node relative to its capacities. */
    UsageProfile usage{};
    std::map<std::string, std::string> nodeSelector; ///< node labels the pod requires
    std::vector<Taint> tolerations; ///< an empty effect tolerates every effect of the key
    bool operator==(const PodTemplate &) const = default;
};

/**
 * A deployment stream whose pods are replicas of one service under a request
 * load (KubeHICE Sec. V-D): a polling load balancer forwards the load to the
 * running replicas in turn, so each serves the same rate and the slowest one
 * sets the pace once the load exceeds what it can serve.
 */
struct ServeSpec
{
    double qps = 0.0; ///< offered load, requests per second; 0 = none
    Distribution work = Distribution::constant(1e-3); ///< core-seconds per request at perf 1.0
    /** False: a background load that only feeds the performance estimate, left out
     *  of the replica utilisation and QPS metrics. */
    bool report = true;
    bool enabled() const { return qps > 0; }
    bool operator==(const ServeSpec &) const = default;
};

enum class PodArrivalKind { Every, Gap, At };
enum class PodChoice { Random, Cycle };

/** A stream of `count` pods arriving over time, each from one of its templates. */
struct DeploymentStream
{
    std::string name;
    int count = 1;
    PodArrivalKind arrival = PodArrivalKind::Every;
    Distribution gap = Distribution::constant(20.0); ///< `every` (constant) or `gap`
    std::vector<double> at;                          ///< for `at`: arrival times, seconds
    double start = 0.0;                              ///< first arrival for `every` / `gap`
    PodChoice choose = PodChoice::Random;
    ServeSpec serve; ///< its pods serve a request load (disabled by default)
    std::vector<PodTemplate> pods;
    bool operator==(const DeploymentStream &) const = default;
};

struct Workload
{
    RequestWorkload requests;
    std::vector<DeploymentStream> deployments;
    bool operator==(const Workload &) const = default;
};

struct CanvasPoint
{
    double x = 0.0, y = 0.0;
    bool operator==(const CanvasPoint &) const = default;
};

/** The KaiS parameters a run and its training read (KaiS Table I, Sec. III, V-C). */
struct KaisParameters
{
    int nodesPerFrame = 2;           ///< H: nodes GPG scales per frame (eq. 10-12, Fig. 10c)
    double experienceDiscount = 0.9; ///< λ_e of eq. 8, in (0, 1)
    double latePenalty = 0.5;        ///< λ' of eq. 9, in (0, 1)
    double discount = 0.5;           ///< γ: cMMAC's return discount (Sec. III-A-1)
    double epsilon = 1.0; ///< ε: weight of load balance in û = e^{−λ−εν} (Fig. 11)
    /** GPG's state encoder when trained: "gnn" (eq. 10) or "stacking" (the node states
     *  stacked into one flat vector, KaiS Fig. 13b). */
    std::string encoder = "gnn";
    /** How cMMAC trains (Sec. III-A-2). The defaults follow the paper where it speaks
     *  and a measured choice where it is silent (user guide, "How KaiS trains"); the
     *  other values keep earlier readings for comparison. */
    std::string advantage = "td";        ///< "td": eq. 7 as it is | "standardised" per update batch
    std::string critic = "per-eap";      ///< "per-eap": B state values (eq. 2-3) | "shared": one
    std::string stateScale = "squashed"; ///< actor inputs: "squashed" to [0, 1) | "raw"
    /** λ of û: "slot": the slot's requests with an outcome, drops at the eAP included,
     *  unknown outcomes left out | "dispatched": its dispatched requests, unknown = on time. */
    std::string violations = "slot";
    /** ξ of ν as measured, a "fraction" of capacity (ν ∈ [0.5, 0.62]) | in "percent"
     *  (ν ∈ [0.5, 1), near 1 as soon as the edge works). */
    std::string xiUnit = "fraction";
    /** Sec. IV-C's progressive training (curriculumStage): "short" sequences of the
     *  scenario's own workload first | "light" (shorter and at a lower rate) |
     *  "poisson-first" (light, and the first stage steady Poisson) | "none". */
    std::string curriculum = "short";
    /** μ_τ of eq. 12 averaged per "remaining" frames to the episode's end | per frame "index". */
    std::string gpgBaseline = "remaining";
    bool operator==(const KaisParameters &) const = default;
};

struct PolicySelection
{
    std::string dispatch = "greedy";
    std::string dequeue = "fifo";
    std::string orchestration = "static";
    std::string placement = "kube-default";
    /** Plugin name -> weight, replacing the placement policy's default weights. */
    std::map<std::string, double> placementWeights;
    /** kube-scheduler's percentageOfNodesToScore for the placement policy: 1..100 a share
     *  of the nodes, 0 its adaptive share; none = every node. */
    std::optional<int> percentageOfNodesToScore;
    KaisParameters kais;
    bool operator==(const PolicySelection &) const = default;
};

/**
 * What a centralised dispatcher (Firmament) costs in simulated time (KaiS Sec. V-A,
 * Fig. 9c: it "requires additional time to upload local observations and wait for
 * dispatch decisions"): each slot every eAP uploads its requests' records and its
 * nodes' reports over its WAN link, the solve starts when the last is in and takes
 * `solve`, and each eAP's decisions come back over its link.
 */
struct CentralDispatchSpec
{
    double requestRecord = 256; ///< bytes per request: service, deadline, size, eAP
    double nodeReport = 512;    ///< bytes per managed node: queue, cpu, memory and disk left
    double decision = 64;       ///< bytes per decision sent back
    double solve = 0.0;         ///< seconds; the measured wall time is decision_time_us_mean
    bool operator==(const CentralDispatchSpec &) const = default;
};

struct Scenario
{
    int schema = 1;
    std::string name;
    std::string description;
    std::uint64_t seed = 1;
    TimeConfig time;
    NetworkConfig network;
    std::vector<LayerSpec> layers; ///< named shared layers (`layers:` map)
    std::vector<ImageSpec> images;
    std::vector<ServiceSpec> services;
    std::vector<SiteSpec> sites;
    std::vector<LinkOverride> links;
    Workload workload;
    PolicySelection policies;
    CentralDispatchSpec centralDispatch;
    /** Editor canvas positions of named sites, eAPs and node groups; absent ones
     *  are laid out automatically. Does not affect a run. */
    std::map<std::string, CanvasPoint> layout;

    std::string sourcePath; ///< where it was loaded from; not part of equality

    const ServiceSpec *service(const std::string &name) const;
    const ImageSpec *image(const std::string &name) const;
    /** What a pod's `image` names: an image (variant null), or the per-arch name of
     *  a variant of an image without an index (both set); both null if neither. An
     *  image without an index named by its own name resolves to the variant that
     *  carries that name (a plain single-arch image), else to no variant. */
    std::pair<const ImageSpec *, const ImageVariant *> podImage(const std::string &ref) const;
    bool hasDeployments() const { return !workload.deployments.empty(); }
    bool operator==(const Scenario &o) const;
};

/** A run stops with an error past this many requests in flight at once (each holds
 *  a few hundred bytes): arrivals far beyond what the nodes serve must not take
 *  the machine's memory. */
inline constexpr std::size_t kMaxRequestsInFlight = 4'000'000;

/**
 * Why a run of `scenario` lasting `duration` seconds (0: the scenario's own) would not
 * fit in time or memory, or empty when it would: at most 100,000,000 slots, a slot no
 * longer than the run, at most 1,000,000,000 requests expected from a Poisson or
 * pattern workload and at most kMaxRequestsInFlight in one slot (they all wait for
 * its end at their eAPs). A typo (`slot: 1e-12s`, `rate: 1e12/s`) must not hang a run.
 */
struct RunSizeProblem
{
    std::string key; ///< the scenario value to change, e.g. "time.slot"
    std::string message;
};
std::optional<RunSizeProblem> runSizeProblem(const Scenario &scenario, double duration = 0.0);

} // namespace schedlab
