// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <QDockWidget>

class QTableWidget;

namespace schedlab::ui {

/** The attributes of the selected site, eAP or node, read-only for now. */
class PropertiesDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit PropertiesDock(QWidget *parent = nullptr);
    /** Shows the scenario's own settings until something is selected. */
    void setScenario(const Scenario &scenario);
    /** Shows the item at `path` ("sites[0].eaps[1].nodes[2]"); `name` picks a templated copy. */
    void show(const QString &path, const QString &name);
    /** The rows shown, as "key=value", for tests. */
    QStringList rows() const;

private:
    void addRow(const QString &key, const QString &value);

    Scenario mScenario;
    QTableWidget *mTable;
};

} // namespace schedlab::ui
