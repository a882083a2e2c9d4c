// SPDX-License-Identifier: GPL-3.0-or-later
#include "bundledscenarios.h"
#include "comparisonpanel.h"
#include "icons.h"
#include "mainwindow.h"
#include "rundock.h"
#include "screenshot.h"
#include "trainingdashboard.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTimer>
#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName("SchedLab");
    QApplication::setOrganizationName("SchedLab");
    QApplication::setApplicationVersion(SCHEDLAB_VERSION);
    QApplication::setWindowIcon(schedlab::ui::applicationIcon());
    QGuiApplication::setDesktopFileName("schedlab");

    QCommandLineParser parser;
    parser.setApplicationDescription("SchedLab: a workbench for edge-cloud scheduling research");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("scenario", "Scenario YAML file (default: the bundled tutorial.yaml)");
    const QCommandLineOption shot("screenshot", "Render the window to a PNG file and exit.", "file");
    const QCommandLineOption panel("panel", "Panel to show: topology, live, placements (the live run's placement decisions), diagnostics (the live run explained), compare (runs the panel's comparison first when taking a screenshot) or training.",
                                   "name", "topology");
    const QCommandLineOption size("size", "Window size for the screenshot, WxH.", "size", "1400x900");
    const QCommandLineOption runSlots("run-slots", "Run N slots live before the screenshot.", "N");
    const QCommandLineOption select("select", "Select the node NAME (its live details show).",
                                    "name");
    const QCommandLineOption trainEpisodes(
        "train-episodes", "Train the first trainable agent for N episodes before the screenshot; with --panel compare, compare it with greedy and random.", "N");
    parser.addOptions({shot, panel, size, runSlots, select, trainEpisodes});
    parser.process(app);

    const QStringList panels = {"topology", "live", "placements", "diagnostics", "compare",
                                "training"};
    if (!panels.contains(parser.value(panel))) {
        std::fprintf(stderr, "unknown panel '%s'; panels: %s\n", qPrintable(parser.value(panel)),
                     qPrintable(panels.join(", ")));
        return 2;
    }
    const auto m = QRegularExpression("^(\\d+)x(\\d+)$").match(parser.value(size));
    if (!m.hasMatch()) {
        std::fprintf(stderr, "--size wants WxH, e.g. 1400x900\n");
        return 2;
    }

    // Without a file: the bundled tutorial, or, where none is installed, File > New's start.
    const QString bundled = schedlab::ui::bundledScenarioDir(QCoreApplication::applicationDirPath());
    const QString path = parser.positionalArguments().value(
        0, bundled.isEmpty() ? QString() : bundled + "/tutorial.yaml");
    schedlab::ui::MainWindow window;
    const QStringList errors = path.isEmpty() ? QStringList() : window.openScenario(path);
    if (!errors.isEmpty()) {
        for (const QString &e : errors)
            std::fprintf(stderr, "%s\n", qPrintable(e));
        if (parser.isSet(shot))
            return 2;
        QMessageBox::warning(nullptr, "SchedLab", QString("%1 was not opened:\n\n%2").arg(path, errors.join('\n')));
    }

    window.showPanel(parser.value(panel));
    if (parser.isSet(runSlots)) {
        if (parser.value(panel) != "placements" && parser.value(panel) != "diagnostics")
            window.showPanel("live");
        if (!window.runDock()->runSlots(parser.value(runSlots).toLong())) {
            std::fprintf(stderr, "the live run did not reach slot %s\n",
                         qPrintable(parser.value(runSlots)));
            return 1;
        }
    }
    if (parser.isSet(select) && !window.runDock()->selectNode(parser.value(select))) {
        std::fprintf(stderr, "no edge node named '%s'\n", qPrintable(parser.value(select)));
        return 2;
    }
    if (parser.isSet(trainEpisodes)) {
        bool ok = false;
        const int episodes = parser.value(trainEpisodes).toInt(&ok);
        if (!ok || episodes < 1) {
            std::fprintf(stderr, "--train-episodes wants a number of episodes >= 1\n");
            return 2;
        }
        schedlab::ui::TrainingDashboard *training = window.training();
        training->setEpisodes(episodes);
        QEventLoop done;
        QObject::connect(training, &schedlab::ui::TrainingDashboard::runEnded, &done, &QEventLoop::quit);
        if (!training->start()) {
            std::fprintf(stderr, "%s\n", qPrintable(training->statusText()));
            return 1;
        }
        done.exec();
        if (training->mode() != schedlab::ui::TrainMode::Finished) {
            std::fprintf(stderr, "%s\n", qPrintable(training->statusText()));
            return 1;
        }
        if (parser.value(panel) == "compare") // the trained policy against the baselines
            training->useInComparison();
        else
            window.showPanel("training");
    }
    if (parser.isSet(shot) && parser.value(panel) == "compare") {
        schedlab::ui::ComparisonPanel *compare = window.comparison();
        QEventLoop done;
        QObject::connect(compare, &schedlab::ui::ComparisonPanel::finished, &done, &QEventLoop::quit);
        if (!compare->run()) {
            std::fprintf(stderr, "%s\n", qPrintable(compare->statusText()));
            return 1;
        }
        done.exec();
    }
    if (parser.isSet(shot)) {
        if (parser.isSet(runSlots)) { // let the request dots fly a little way
            QEventLoop settle;
            QTimer::singleShot(250, &settle, &QEventLoop::quit);
            settle.exec();
        }
        QString error;
        const QSize s(m.captured(1).toInt(), m.captured(2).toInt());
        if (!schedlab::ui::saveScreenshot(&window, s, parser.value(shot), &error)) {
            std::fprintf(stderr, "%s\n", qPrintable(error));
            return 1;
        }
        return 0;
    }
    window.resize(1400, 900);
    window.show();
    return app.exec();
}
