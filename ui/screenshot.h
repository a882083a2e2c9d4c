// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>

class QWidget;

namespace schedlab::ui {

/** Lays out and renders `window` at `size` and saves it as PNG; false with `error` set on failure. */
bool saveScreenshot(QWidget *window, const QSize &size, const QString &path, QString *error);

} // namespace schedlab::ui
