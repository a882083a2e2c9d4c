// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/fieldschema.h"
#include "scenario/scenarioio.h"

#include <cstddef>
#include <set>
#include <string>
#include <vector>

namespace schedlab::detail {

/** Node groups and streams larger than this are refused rather than expanded (a typo
 *  like 80000000). */
constexpr int kMaxGroupCount = 100000;
constexpr std::size_t kMaxNameLength = 253; // a Kubernetes object name (DNS subdomain)

/** What every part of the scenario validator checks with: errors by key path, bounds,
 *  physical ranges, names, distributions and schema rows. */
class ValidationChecks
{
protected:
    ValidationChecks(const Scenario &s, std::vector<ScenarioError> &errors) : mS(s), mErrors(errors)
    {
    }

    void add(const std::string &path, const std::string &message);
    void positive(const std::string &path, double v, Dimension d);
    void nonNegative(const std::string &path, double v, Dimension d);
    /** An amount no real system has (physicalRangeProblem()). */
    void physical(const std::string &path, double v, Dimension d);
    /** Not empty, not too long and not seen before among `seen` (a `what`). */
    void named(const std::string &path, const std::string &name, std::set<std::string> &seen,
               const std::string &what);
    void checkDistribution(const std::string &path, const Distribution &d, Dimension dim);
    /** The bounds of `schema`'s scalar fields of `o`, at `path`. */
    template <typename T>
    void checkScalars(const std::string &path, const TypeSchema<T> &schema, const T &o)
    {
        for (const ScalarField<T> &field : schema.scalars)
            if (const std::string problem = boundProblem(field, o); !problem.empty())
                add(path + "." + field.key, problem);
    }
    static std::string longName(const std::string &name);
    /** Why `name` cannot be a name (too long, or a control character: a name is one
     *  line of text, written into CSV, JSON, SVG and scripts), or empty. */
    static std::string nameProblem(const std::string &name);

    const Scenario &mS;
    std::vector<ScenarioError> &mErrors;
};

/** The checks of `workload`: the requests, the deployment streams and their pods. */
void checkWorkload(const Scenario &s, std::vector<ScenarioError> &errors);

} // namespace schedlab::detail
