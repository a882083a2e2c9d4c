// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/scenario.h"

#include <QTableWidget>
#include <functional>
#include <string>
#include <vector>

namespace schedlab::ui {

class TopologyDocument;

/** One column of a catalog table: how to show a row's value and parse an edit into a model. */
struct CatalogColumn
{
    QString header;
    std::string key; ///< key path below the row, e.g. "replica.cpu", for the loader's messages
    std::function<std::string(const Scenario &, int row)> text;
    /** Writes `text` into row `row` of the model; returns the parse error or "". */
    std::function<std::string(Scenario &, int row, const std::string &text)> set;
};

/** A list in the scenario (services, image variants) and how to add and remove its rows. */
struct CatalogSpec
{
    QString noun; ///< "service"
    std::function<int(const Scenario &)> rows;
    /** The key path of a row, e.g. "services[2]". */
    std::function<std::string(const Scenario &, int row)> path;
    std::vector<CatalogColumn> columns;
    std::function<void(TopologyDocument &, int afterRow)> add;
    std::function<void(Scenario &, int row)> remove;
};

/**
 * An editable table over a list of the scenario. Edits are parsed and checked
 * like the inspector's (the loader's parsers and messages); a valid edit is one
 * undo step, an invalid one is refused with its message.
 */
class CatalogTable : public QTableWidget
{
    Q_OBJECT

public:
    CatalogTable(TopologyDocument *document, CatalogSpec spec, QWidget *parent = nullptr);
    const CatalogSpec &spec() const { return mSpec; }
    /** Applies `text` to a cell as if typed; returns the message shown (empty when accepted). */
    QString editCell(int row, int column, const QString &text);
    void addRow();
    void removeSelectedRows();

Q_SIGNALS:
    void message(const QString &text);

private:
    void reload();

    TopologyDocument *mDocument;
    CatalogSpec mSpec;
    bool mLoading = false;
};

} // namespace schedlab::ui
