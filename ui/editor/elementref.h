// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <QString>

namespace schedlab::ui {

/**
 * Where an element of the topology lives in the scenario model: a site, an eAP of
 * an edge site, or a node group (under an eAP, or directly under a cloud site).
 * Written as the loader's key paths: "sites[0]", "sites[0].eaps[1]",
 * "sites[0].eaps[1].nodes[2]", "sites[1].nodes[0]".
 */
struct ElementRef
{
    enum Kind { None, Site, Eap, Node };
    Kind kind = None;
    int site = -1;
    int eap = -1;  ///< -1 for a cloud node group
    int group = -1;

    static ElementRef parse(const QString &path);
    QString path() const;
    bool valid(const Scenario &s) const;

    /** The node group this refers to; valid() must hold and kind be Node. */
    NodeSpec &node(Scenario &s) const;
    const NodeSpec &node(const Scenario &s) const;
    /** The name shown for it: the site, eAP or group name. */
    std::string name(const Scenario &s) const;

    bool operator==(const ElementRef &) const = default;
};

} // namespace schedlab::ui
