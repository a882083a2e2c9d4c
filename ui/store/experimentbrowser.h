// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/comparison.h"
#include "experiment/storedcomparison.h"

#include <QDockWidget>
#include <functional>

class QLabel;
class QTreeWidget;

namespace schedlab::ui {

/**
 * The comparisons in the experiment store, newest first; opening one hands its
 * runs to the comparison panel to redraw without running them again.
 */
class ExperimentBrowser : public QDockWidget
{
    Q_OBJECT

public:
    explicit ExperimentBrowser(QWidget *parent = nullptr);
    /** Reads the store again; a store that cannot be opened is reported, not touched. */
    void refresh();
    int count() const;
    /** Opens the comparison `label`; false with the reason shown. */
    bool open(const QString &label);

    using Opener = std::function<void(const QString &scenarioName, const ComparisonSpec &,
                                      const std::vector<CellResult> &, const QString &label,
                                      const ComparisonSettings &)>;
    /** Receives an opened comparison (the comparison panel shows it). */
    void setOpener(Opener opener) { mOpener = std::move(opener); }

private:
    Opener mOpener;
    QTreeWidget *mList;
    QLabel *mMessage;
};

} // namespace schedlab::ui
