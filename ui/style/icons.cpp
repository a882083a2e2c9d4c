// SPDX-License-Identifier: GPL-3.0-or-later
#include "icons.h"

#include <QColor>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QHash>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSvgRenderer>
#include <QtDebug>

// The resources live in a static library, whose resource initialiser the linker would
// drop: nothing refers to it.
static void initResources()
{
    Q_INIT_RESOURCE(schedlab);
}

namespace schedlab::ui {

namespace {
const QString kPrefix = QStringLiteral(":/schedlab/");
constexpr int kSizes[] = {16, 20, 24, 32, 48, 64};

QByteArray resource(const QString &path)
{
    initResources();
    QFile file(kPrefix + path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QPixmap draw(QSvgRenderer &svg, int size)
{
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    svg.render(&painter);
    return pixmap;
}

/** The icon's lines in `colour` (its SVG draws in currentColor). */
void addMode(QIcon &icon, const QByteArray &svg, const QColor &colour, QIcon::Mode mode)
{
    QByteArray coloured = svg;
    coloured.replace("currentColor", colour.name().toLatin1());
    QSvgRenderer renderer(coloured);
    for (int size : kSizes)
        icon.addPixmap(draw(renderer, size), mode);
}
} // namespace

QIcon icon(const QString &name)
{
    const QPalette palette = QGuiApplication::palette();
    const QColor normal = palette.color(QPalette::Active, QPalette::WindowText);
    const QColor disabled = palette.color(QPalette::Disabled, QPalette::WindowText);
    static QHash<QString, QIcon> cache; // by name and colours: another palette draws anew
    const QString key = name + normal.name() + disabled.name();
    if (auto it = cache.constFind(key); it != cache.constEnd())
        return *it;
    const QByteArray svg = resource("icons/" + name + ".svg");
    if (svg.isEmpty()) {
        qWarning("no icon named '%s'", qPrintable(name));
        return {};
    }
    QIcon result;
    addMode(result, svg, normal, QIcon::Normal);
    addMode(result, svg, disabled, QIcon::Disabled);
    cache.insert(key, result);
    return result;
}

QStringList iconNames()
{
    initResources();
    QStringList names;
    for (const QString &file :
         QDir(kPrefix + "icons").entryList({"*.svg"}, QDir::Files, QDir::Name))
        names << file.chopped(4);
    return names;
}

QIcon applicationIcon()
{
    QSvgRenderer svg(resource("schedlab.svg"));
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64, 128, 256})
        icon.addPixmap(draw(svg, size));
    return icon;
}

QString workbenchStyleSheet()
{
    return QString::fromUtf8(resource("schedlab.qss"));
}

} // namespace schedlab::ui
