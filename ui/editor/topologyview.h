// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGraphicsView>

namespace schedlab::ui {

class AbstractTool;

/**
 * Pans and zooms the topology (wheel to zoom around the cursor, middle button to
 * pan, fit on resize until zoomed) and hands clicks to the current editing tool.
 * In an aggregated topology a double-click opens or closes an eAP, and zooming in
 * past kOpenScale opens the eAP under the cursor until zoomed out again.
 */
class TopologyView : public QGraphicsView
{
    Q_OBJECT

public:
    /** The zoom at which an aggregated eAP under the cursor shows its nodes. */
    static constexpr qreal kOpenScale = 0.8;

    explicit TopologyView(QWidget *parent = nullptr);
    /** Zooms by `factor` around the scene point `at` (what the wheel does). */
    void zoomAt(QPointF at, qreal factor);
    void fitAll();
    /** After an edit: fits again if the user has not zoomed and the topology has
     *  outgrown the view (a group's count raised), leaving the view alone otherwise. */
    void keepFitted();
    void setTool(AbstractTool *tool);
    AbstractTool *tool() const { return mTool; }

protected:
    void wheelEvent(QWheelEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;

private:
    AbstractTool *mTool = nullptr;
    bool mToolActive = false;
    bool mPanning = false;
    QPoint mPanFrom;
    bool mUserZoomed = false;
};

} // namespace schedlab::ui
