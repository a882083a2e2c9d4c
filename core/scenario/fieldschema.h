// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <string>
#include <variant>
#include <vector>

namespace schedlab {

/** What a scalar field's value must satisfy; the validator says so in these words. */
enum class FieldBound {
    None,
    NonEmpty,     ///< "must not be empty"
    NonNegative,  ///< "must not be negative, got …"
    Positive,     ///< "must be > 0, got …"
    UnitInterval, ///< "must lie in [0, 1], got …"
    OpenUnitInterval, ///< "must lie strictly between 0 and 1, got …"
    PositiveUnit,     ///< "must lie in (0, 1], got …"
};

/**
 * One scalar field of a scenario type: its YAML key, where it lives in the model,
 * its dimension (a double of Dimension::Ratio is a plain number), its bound, and
 * whether the writer writes it when it has its default. The reader, the writer,
 * the validator and the editor's inspector all walk these rows.
 */
template <typename T> struct ScalarField
{
    const char *key;
    const char *label; ///< the inspector's name for it
    std::variant<std::string T::*, int T::*, double T::*> member;
    Dimension dimension = Dimension::Ratio;
    FieldBound bound = FieldBound::None;
    bool always = false;
};

/** A scenario type's YAML map: its scalar fields, then the keys read and written by
 *  hand (lists, maps, choices). A new scalar field is a new row. */
template <typename T> struct TypeSchema
{
    std::vector<ScalarField<T>> scalars;
    std::vector<std::string> others;

    /** Every key the map may have, scalars first. */
    std::vector<std::string> keys() const
    {
        std::vector<std::string> out;
        for (const ScalarField<T> &f : scalars)
            out.emplace_back(f.key);
        out.insert(out.end(), others.begin(), others.end());
        return out;
    }
};

const TypeSchema<NodeSpec> &nodeSchema();
const TypeSchema<SiteSpec> &siteSchema();
const TypeSchema<LinkSpec> &linkSchema();
const TypeSchema<CentralDispatchSpec> &centralDispatchSchema();
/** `policies: {kais: {...}}` */
const TypeSchema<KaisParameters> &kaisSchema();

/** A field's value as the writer writes it and the inspector shows it ("2 GiB", "1.5"). */
template <typename T> std::string formatField(const ScalarField<T> &field, const T &object);

/** The validator's message when `object`'s `field` breaks its bound; empty when it holds. */
template <typename T> std::string boundProblem(const ScalarField<T> &field, const T &object);

} // namespace schedlab
