// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "elementref.h"
#include "scenario/fieldschema.h"

#include <QDockWidget>
#include <functional>
#include <type_traits>
#include <string>

class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;

namespace schedlab::ui {

class TopologyDocument;

/**
 * The property inspector: edits the selected site, eAP or node group, or the
 * scenario's own settings when nothing is selected. Each field is checked as
 * you type with the loader's own parsers and semantic checks, so it shows the
 * same messages a YAML file would get; a valid value becomes one undo step when
 * the field is left. The scenario's remaining problems are listed below.
 */
class PropertiesDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit PropertiesDock(TopologyDocument *document, QWidget *parent = nullptr);

    /** Shows `ref` (a path like "sites[0].eaps[1].nodes[2]"); an invalid one shows the scenario. */
    void show(const QString &path, const QString &name = {});
    /** The rows shown, as "key=value", for tests. */
    QStringList rows() const;
    /** The field editing `key` ("cpu", "time.slot", ...), for tests; null if not shown. */
    QLineEdit *field(const QString &key) const;
    /** The message shown under the field being edited; empty when it is valid. */
    QString message() const;

Q_SIGNALS:
    /** A problem of a site, an eAP or a node group was clicked: `path` names it
     *  ("sites[0].eaps[1].nodes[2]"). */
    void problemActivated(const QString &path);

private:
    /** Parses text into the model copy; returns the parse error or "". */
    using Setter = std::function<std::string(Scenario &, const std::string &)>;

    void rebuild();
    void addField(const QString &label, const QString &key, const std::string &value,
                  Setter set);
    void addHeading(const QString &text);
    QString check(const QString &key, const Setter &set, const QString &text) const;
    void commit(const QString &label, const QString &key, const Setter &set, QLineEdit *edit);
    void showScenarioFields();
    /** A field per scalar of `schema` (but the name), editing `access(scenario)`. */
    template <typename T>
    void addScalarFields(const TypeSchema<T> &schema, const T &object,
                         std::type_identity_t<std::function<T &(Scenario &)>> access);
    void showSiteFields(const ElementRef &ref);
    void showEapFields(const ElementRef &ref);
    void showNodeFields(const ElementRef &ref);
    void refreshProblems();

    TopologyDocument *mDocument;
    ElementRef mRef;
    QString mKeyPrefix; ///< the shown element's key path plus '.', or "" for the scenario
    QWidget *mForm;
    QFormLayout *mLayout;
    QLabel *mMessage;
    QListWidget *mProblems;
    bool mCommitting = false;
};

} // namespace schedlab::ui
