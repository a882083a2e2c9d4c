// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "elementref.h"
#include "registry/registry.h"
#include "scenario/units.h"

#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

/**
 * Setters for the property inspector: each parses a field's text with the
 * scenario loader's own parsers and writes the value into a model, returning
 * the parse error ("" when it parsed). Range checks are left to
 * validateScenario(), so the inspector shows the loader's messages.
 */
namespace schedlab::ui::fields {

using Setter = std::function<std::string(Scenario &, const std::string &)>;
template <typename T> using Access = std::function<T &(Scenario &)>;

Setter text(Access<std::string> access, bool mayBeEmpty = false);
Setter quantity(Dimension dimension, Access<double> access);
Setter integer(Access<int> access);
Setter seed();
Setter dispatchPerSlot();
Setter policy(Plane plane, Access<std::string> access);
/** Renames a site, eAP or node group and the layout and link entries naming it. */
Setter rename(const ElementRef &ref);
/** "key=value, key=value" */
Setter labels(const ElementRef &node);
/** "key=value:Effect, key:Effect" */
Setter taints(const ElementRef &node);

std::string formatLabels(const std::map<std::string, std::string> &labels);
std::string formatTaints(const std::vector<Taint> &taints);

std::vector<std::pair<std::string, Access<LinkSpec>>> networkLinks();
std::vector<std::pair<Plane, Access<std::string>>> policyFields();

} // namespace schedlab::ui::fields
