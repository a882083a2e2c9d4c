// SPDX-License-Identifier: GPL-3.0-or-later
#include "screenshot.h"

#include <QApplication>
#include <QPixmap>
#include <QWidget>

namespace schedlab::ui {

bool saveScreenshot(QWidget *window, const QSize &size, const QString &path, QString *error)
{
    window->resize(size);
    window->show();
    // Let layouts, docks and the view's fit settle before grabbing.
    for (int i = 0; i < 5; ++i)
        QApplication::processEvents();
    const QPixmap pixmap = window->grab();
    if (pixmap.isNull() || !pixmap.save(path, "PNG")) {
        if (error)
            *error = QString("cannot write the screenshot to %1").arg(path);
        return false;
    }
    return true;
}

} // namespace schedlab::ui
