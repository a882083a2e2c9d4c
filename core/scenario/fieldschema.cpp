// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/fieldschema.h"

#include "scenario/units.h"

#include <cmath>

namespace schedlab {

namespace {
using enum Dimension;
using enum FieldBound;
constexpr bool kAlways = true;
} // namespace

const TypeSchema<NodeSpec> &nodeSchema()
{
    static const TypeSchema<NodeSpec> schema = {
        {{"name", "Name", &NodeSpec::name, Ratio, NonEmpty, kAlways},
         {"count", "Count", &NodeSpec::count}, // checked with the group's names
         {"arch", "ISA (arch)", &NodeSpec::arch, Ratio, NonEmpty, kAlways},
         {"cpu", "CPU", &NodeSpec::cpu, Cpu, Positive, kAlways},
         {"memory", "Memory", &NodeSpec::memory, Size, Positive, kAlways},
         {"disk", "Disk", &NodeSpec::disk, Size, NonNegative},
         {"bandwidth", "Bandwidth", &NodeSpec::bandwidth, Bandwidth, Positive},
         {"disk_read", "Disk read rate", &NodeSpec::diskRead, Bandwidth, NonNegative},
         {"disk_write", "Disk write rate", &NodeSpec::diskWrite, Bandwidth, NonNegative},
         {"perf", "Speed (perf)", &NodeSpec::perf, Ratio, Positive},
         {"system_cpu", "System CPU use", &NodeSpec::systemCpu, Cpu, NonNegative},
         {"system_memory", "System memory use", &NodeSpec::systemMemory, Size, NonNegative}},
        {"labels", "taints", "hosts"}};
    return schema;
}

const TypeSchema<SiteSpec> &siteSchema()
{
    static const TypeSchema<SiteSpec> schema = {
        {{"name", "Name", &SiteSpec::name, Ratio, None, kAlways}, // a place name: checked by hand
         {"region", "Region", &SiteSpec::region},
         {"zone", "Zone", &SiteSpec::zone},
         {"health", "Health", &SiteSpec::health, Ratio, UnitInterval},
         {"energy_efficiency", "Energy efficiency", &SiteSpec::energyEfficiency, Ratio, Positive}},
        {"kind", "eaps", "nodes"}};
    return schema;
}

const TypeSchema<LinkSpec> &linkSchema()
{
    static const TypeSchema<LinkSpec> schema = {
        {{"latency", "latency", &LinkSpec::latency, Duration, NonNegative, kAlways},
         {"bandwidth", "bandwidth", &LinkSpec::bandwidth, Bandwidth, Positive, kAlways}},
        {}};
    return schema;
}

const TypeSchema<CentralDispatchSpec> &centralDispatchSchema()
{
    using C = CentralDispatchSpec;
    static const TypeSchema<C> schema = {
        {{"request_record", "Request record", &C::requestRecord, Size, NonNegative},
         {"node_report", "Node report", &C::nodeReport, Size, NonNegative},
         {"decision", "Decision", &C::decision, Size, NonNegative},
         {"solve", "Solve time", &C::solve, Duration, NonNegative}},
        {}};
    return schema;
}

const TypeSchema<KaisParameters> &kaisSchema()
{
    using K = KaisParameters;
    static const TypeSchema<K> schema = {
        {{"H", "H (nodes scaled per frame)", &K::nodesPerFrame, Ratio, Positive},
         {"lambda_e", "λ_e (experience discount)", &K::experienceDiscount, Ratio, OpenUnitInterval},
         {"lambda_prime", "λ' (late penalty)", &K::latePenalty, Ratio, OpenUnitInterval},
         {"gamma", "γ (return discount)", &K::discount, Ratio, PositiveUnit},
         {"epsilon", "ε (load-balance weight)", &K::epsilon, Ratio, NonNegative},
         {"encoder", "GPG encoder", &K::encoder, Ratio, NonEmpty},
         {"advantage", "cMMAC advantage", &K::advantage, Ratio, NonEmpty},
         {"critic", "cMMAC critic", &K::critic, Ratio, NonEmpty},
         {"state_scale", "cMMAC input scaling", &K::stateScale, Ratio, NonEmpty},
         {"violations", "λ counts", &K::violations, Ratio, NonEmpty},
         {"xi_unit", "ξ unit", &K::xiUnit, Ratio, NonEmpty},
         {"curriculum", "Curriculum", &K::curriculum, Ratio, NonEmpty},
         {"gpg_baseline", "GPG baseline", &K::gpgBaseline, Ratio, NonEmpty}},
        {}};
    return schema;
}

template <typename T> std::string formatField(const ScalarField<T> &field, const T &object)
{
    return std::visit(
        [&]<typename V>(V T::*member) -> std::string {
            const V &v = object.*member;
            if constexpr (std::is_same_v<V, std::string>)
                return v;
            else if constexpr (std::is_same_v<V, int>)
                return std::to_string(v);
            else
                return field.dimension == Ratio ? formatNumber(v)
                                                : formatQuantity(v, field.dimension);
        },
        field.member);
}

namespace {
/** The message of a broken `bound` ("must be > 0, got 0"); empty when it holds. */
std::string boundText(FieldBound bound, double x, const std::string &got)
{
    switch (bound) {
    case NonNegative:
        return x >= 0 && std::isfinite(x) ? "" : "must not be negative" + got;
    case Positive:
        return x > 0 && std::isfinite(x) ? "" : "must be > 0" + got;
    case UnitInterval:
        return x >= 0 && x <= 1 ? "" : "must lie in [0, 1]" + got;
    case OpenUnitInterval:
        return x > 0 && x < 1 ? "" : "must lie strictly between 0 and 1" + got;
    case PositiveUnit:
        return x > 0 && x <= 1 ? "" : "must lie in (0, 1]" + got;
    case None:
    case NonEmpty:
        return "";
    }
    return "";
}
} // namespace

template <typename T> std::string boundProblem(const ScalarField<T> &field, const T &object)
{
    return std::visit(
        [&]<typename V>(V T::*member) -> std::string {
            const V &v = object.*member;
            if constexpr (std::is_same_v<V, std::string>) {
                return field.bound == NonEmpty && v.empty() ? "must not be empty" : "";
            } else {
                const double x = double(v);
                const std::string got = ", got " + formatField(field, object);
                if (const std::string bound = boundText(field.bound, x, got); !bound.empty())
                    return bound;
                return physicalRangeProblem(x, field.dimension);
            }
        },
        field.member);
}

template std::string formatField(const ScalarField<NodeSpec> &, const NodeSpec &);
template std::string formatField(const ScalarField<SiteSpec> &, const SiteSpec &);
template std::string formatField(const ScalarField<LinkSpec> &, const LinkSpec &);
template std::string boundProblem(const ScalarField<NodeSpec> &, const NodeSpec &);
template std::string boundProblem(const ScalarField<SiteSpec> &, const SiteSpec &);
template std::string boundProblem(const ScalarField<LinkSpec> &, const LinkSpec &);
template std::string formatField(const ScalarField<CentralDispatchSpec> &,
                                 const CentralDispatchSpec &);
template std::string boundProblem(const ScalarField<CentralDispatchSpec> &,
                                  const CentralDispatchSpec &);
template std::string formatField(const ScalarField<KaisParameters> &, const KaisParameters &);
template std::string boundProblem(const ScalarField<KaisParameters> &, const KaisParameters &);

} // namespace schedlab
