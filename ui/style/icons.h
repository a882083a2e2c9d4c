// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIcon>
#include <QString>

namespace schedlab::ui {

/**
 * Icon `name` of resources/icons (e.g. "select", "add-eap", "save"), drawn from its
 * SVG in the palette's text colour, so a dark theme gets light lines; disabled in
 * the palette's disabled text colour. Null, with a warning, for an unknown name.
 */
QIcon icon(const QString &name);
/** The names of all icons in resources/icons, sorted. */
QStringList iconNames();
/** SchedLab's icon, drawn from its SVG at the sizes a window manager asks for. */
QIcon applicationIcon();
/** The workbench's stylesheet (resources/schedlab.qss). */
QString workbenchStyleSheet();

} // namespace schedlab::ui
