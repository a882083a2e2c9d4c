// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDockWidget>

namespace schedlab::ui {

class CatalogTable;
class TopologyDocument;

/** The service and image catalogs of the scenario, as editable tables. */
class CatalogDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit CatalogDock(TopologyDocument *document, QWidget *parent = nullptr);
    CatalogTable *services() const { return mServices; }
    CatalogTable *images() const { return mImages; }

private:
    QWidget *page(CatalogTable *table, const QString &addText);

    CatalogTable *mServices;
    CatalogTable *mImages;
};

} // namespace schedlab::ui
