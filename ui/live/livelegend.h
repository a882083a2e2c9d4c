// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

namespace schedlab::ui {

/** The key to the live canvas's colours and marks. */
class LiveLegend : public QWidget
{
    Q_OBJECT

public:
    explicit LiveLegend(QWidget *parent = nullptr);
    QSize sizeHint() const override;
    /** Adds the marks of pods (runs with deployments). */
    void setPods(bool pods);

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    bool mPods = false;
};

} // namespace schedlab::ui
