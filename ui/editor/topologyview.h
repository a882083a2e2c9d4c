// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QGraphicsView>

namespace schedlab::ui {

class AbstractTool;

/**
 * Pans and zooms the topology (wheel to zoom around the cursor, middle button to
 * pan, fit on resize until zoomed) and hands clicks to the current editing tool.
 */
class TopologyView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit TopologyView(QWidget *parent = nullptr);
    void fitAll();
    void setTool(AbstractTool *tool);
    AbstractTool *tool() const { return mTool; }

protected:
    void wheelEvent(QWheelEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;

private:
    AbstractTool *mTool = nullptr;
    bool mToolActive = false;
    bool mPanning = false;
    QPoint mPanFrom;
    bool mUserZoomed = false;
};

} // namespace schedlab::ui
