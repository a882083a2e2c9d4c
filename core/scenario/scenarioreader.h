// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/** Section readers of the schema-1 loader (internal to core/scenario). */

#include "model/scenario.h"
#include "scenario/fieldschema.h"
#include "scenario/yamlreader.h"

#include <type_traits>

namespace schedlab::detail {

/** Reads the scalar fields of `schema` present in `m` into `out`. */
template <typename T> void readScalars(const MapReader &m, const TypeSchema<T> &schema, T &out)
{
    for (const ScalarField<T> &field : schema.scalars)
        std::visit(
            [&]<typename V>(V T::*member) {
                if constexpr (std::is_same_v<V, std::string>)
                    m.string(field.key, out.*member);
                else if constexpr (std::is_same_v<V, int>)
                    m.integer(field.key, out.*member);
                else
                    m.quantity(field.key, field.dimension, out.*member);
            },
            field.member);
}

/** Reads the whole document into `out`; every problem goes to `ctx`. */
void readScenario(ReadContext &ctx, const YAML::Node &root, Scenario &out);

/** `sites:` list (eAPs, node groups). */
void readSites(ReadContext &ctx, const Field &f, std::vector<SiteSpec> &out);
/** One node or templated node group. */
void readNode(ReadContext &ctx, const Field &f, NodeSpec &out);
/** A list of taints (or tolerations): key, value, effect; `defaultEffect` when none is given. */
void readTaints(ReadContext &ctx, const Field &f, std::vector<Taint> &out,
                const std::string &defaultEffect);
/** `links:` list of overrides. */
void readLinks(ReadContext &ctx, const Field &f, std::vector<LinkOverride> &out);
/** `workload:` map. */
void readWorkload(ReadContext &ctx, const Field &f, Workload &out);
/** `workload.deployments:` list of pod streams. */
void readDeployments(ReadContext &ctx, const Field &f, std::vector<DeploymentStream> &out);

} // namespace schedlab::detail
