// SPDX-License-Identifier: GPL-3.0-or-later
// What the workbench loads from resources/: every icon draws at 24 × 24 in the
// palette's text colour, the tool bars show icon and text, the menus' commands have
// icons, and the window wears the stylesheet.
#include "icons.h"
#include "mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QPalette>
#include <QRegularExpression>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>

using namespace schedlab::ui;

namespace {
/** How many of `image`'s pixels are drawn, and whether all of them in `colour`. */
int drawnPixels(const QImage &image, const QColor &colour, bool *allInColour)
{
    int drawn = 0;
    *allInColour = true;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (c.alpha() < 128)
                continue;
            ++drawn;
            if (qAbs(c.red() - colour.red()) + qAbs(c.green() - colour.green()) +
                    qAbs(c.blue() - colour.blue()) >
                30)
                *allInColour = false;
        }
    return drawn;
}
} // namespace

class TestResources : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyIconIsALineDrawingInTheTextColour()
    {
        const QStringList names = iconNames();
        QVERIFY2(names.size() >= 25, qPrintable(names.join(", ")));
        const QColor text = QGuiApplication::palette().color(QPalette::WindowText);
        for (const QString &name : names) {
            QFile file(":/schedlab/icons/" + name + ".svg");
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString svg = QString::fromUtf8(file.readAll());
            QVERIFY2(svg.contains(R"(viewBox="0 0 24 24")"), qPrintable(name));
            // One style: lines in currentColor, no colour of their own.
            QVERIFY2(!svg.contains(QRegularExpression("#[0-9a-fA-F]{3,6}\\b")), qPrintable(name));
            const QIcon i = icon(name);
            QVERIFY2(!i.isNull(), qPrintable(name));
            bool inColour = false;
            const int drawn = drawnPixels(i.pixmap(24, 24).toImage(), text, &inColour);
            QVERIFY2(drawn > 20 && drawn < 24 * 24 / 2,
                     qPrintable(QString("%1: %2").arg(name).arg(drawn)));
            QVERIFY2(inColour, qPrintable(name));
        }
    }

    void iconsFollowThePalette()
    {
        const QPalette before = QGuiApplication::palette();
        QPalette dark = before;
        dark.setColor(QPalette::WindowText, QColor(240, 240, 240));
        QApplication::setPalette(dark);
        bool inColour = false;
        const int drawn =
            drawnPixels(icon("select").pixmap(24, 24).toImage(), QColor(240, 240, 240), &inColour);
        QApplication::setPalette(before);
        QVERIFY(drawn > 20);
        QVERIFY(inColour);
    }

    void anUnknownIconIsNullAndSaysSo()
    {
        QTest::ignoreMessage(QtWarningMsg, "no icon named 'no-such-icon'");
        QVERIFY(icon("no-such-icon").isNull());
    }

    void toolBarsAndMenusShowIcons()
    {
        MainWindow window;
        const QList<QToolBar *> bars = window.findChildren<QToolBar *>();
        QCOMPARE(bars.size(), 2);
        QStringList tools;
        for (QToolBar *bar : bars) {
            // The tools by icon and name; the file and undo actions by icon, named in tooltips.
            QCOMPARE(bar->toolButtonStyle(), bar->objectName() == "ToolsToolBar"
                                                 ? Qt::ToolButtonTextBesideIcon
                                                 : Qt::ToolButtonIconOnly);
            for (QAction *a : bar->actions()) {
                if (a->isSeparator())
                    continue;
                QVERIFY2(!a->icon().isNull(), qPrintable(a->text()));
                tools << a->text();
            }
        }
        for (const char *t :
             {"Select", "Add Site", "Add eAP", "Add Edge Node", "Add Cloud", "Connect", "&Save"})
            QVERIFY2(tools.contains(t), qPrintable(tools.join(", ")));

        // Commands have icons; dock toggles (checkable) and submenus do not need one.
        for (QAction *menu : window.menuBar()->actions())
            for (QAction *a : menu->menu()->actions())
                if (!a->isSeparator() && !a->menu() && !a->isCheckable())
                    QVERIFY2(!a->icon().isNull(), qPrintable(menu->text() + " → " + a->text()));
        QVERIFY(!workbenchStyleSheet().isEmpty());
        QCOMPARE(window.styleSheet(), workbenchStyleSheet());
    }
};

QTEST_MAIN(TestResources)
#include "tst_resources.moc"
