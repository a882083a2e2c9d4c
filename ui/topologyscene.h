// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <QGraphicsScene>

namespace schedlab::ui {

/** What a graphics item of the topology stands for; stored in the item's data. */
enum class ItemKind { Site, Eap, Node, Cloud, Link };
constexpr int kKindRole = 0;    ///< QGraphicsItem::data key: ItemKind as int
constexpr int kPathRole = 1;    ///< QGraphicsItem::data key: "sites[0].eaps[1]" style path
constexpr int kNodeNameRole = 2;

/**
 * Mirrors a scenario's topology read-only: edge sites as framed groups, their
 * eAPs with the nodes they manage in a row below, the cloud as one box, LAN
 * links eAP-node and dashed WAN links eAP-cloud. The layout is a deterministic
 * function of the scenario.
 */
class TopologyScene : public QGraphicsScene
{
    Q_OBJECT

public:
    explicit TopologyScene(QObject *parent = nullptr);

    void setScenario(const Scenario &scenario);
    int count(ItemKind kind) const;

    static QColor archColour(const std::string &arch);
};

} // namespace schedlab::ui
