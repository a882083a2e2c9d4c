// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGraphicsView>

namespace schedlab::ui {

/** Pans and zooms the topology: wheel to zoom around the cursor, fit on resize until zoomed. */
class TopologyView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit TopologyView(QWidget *parent = nullptr);
    void fitAll();

protected:
    void wheelEvent(QWheelEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    bool mUserZoomed = false;
};

} // namespace schedlab::ui
