// SPDX-License-Identifier: GPL-3.0-or-later
// How smooth the workbench stays while a big scenario runs live:
//   bench_gui_frames [SCENARIO] [--seconds S]
// A 10 ms timer on the GUI thread stands for the frame clock; the gaps between
// its ticks are the frame times the user would see. They are measured first with
// the window idle, then while the scenario runs live at maximum speed with a node
// followed in the details panel, and reported as max and p99 gaps and their
// ratios to the idle baseline. Target (DESIGN.md section 8): max gap < 50 ms.
// The cost of one full repaint of the topology view, idle and live, shows where
// a slow frame's time would go. Opening is timed too: the file read and checked,
// the topology scene and the scenario tree built, the first paint, and selecting
// the first site (the properties and the tree follow).
#include "livesession.h"
#include "mainwindow.h"
#include "rundock.h"
#include "scenariodock.h"
#include "snapshot.h"
#include "topologydocument.h"
#include "topologyscene.h"
#include "topologyview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace schedlab::ui;

namespace {
struct Gaps
{
    double max = 0, p99 = 0, mean = 0;
    int frames = 0;
};

/** Runs the event loop for `seconds` (or until `until` fires) and measures the
 *  gaps between 10 ms ticks. */
Gaps measure(double seconds, QObject *untilSender = nullptr, const char *until = nullptr)
{
    std::vector<double> gaps;
    QElapsedTimer clock;
    clock.start();
    qint64 last = clock.nsecsElapsed();
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(10);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        gaps.push_back((now - last) * 1e-6);
        last = now;
    });
    QEventLoop loop;
    QTimer::singleShot(int(seconds * 1000), &loop, &QEventLoop::quit);
    if (untilSender)
        QObject::connect(untilSender, until, &loop, SLOT(quit()));
    tick.start();
    loop.exec();
    Gaps g;
    if (gaps.empty())
        return g;
    std::sort(gaps.begin(), gaps.end());
    g.frames = int(gaps.size());
    g.max = gaps.back();
    g.p99 = gaps[std::min(gaps.size() - 1, std::size_t(0.99 * double(gaps.size())))];
    for (double x : gaps)
        g.mean += x / double(gaps.size());
    return g;
}

double msSince(const QElapsedTimer &clock)
{
    return clock.nsecsElapsed() * 1e-6;
}

/** Mean wall time of a full synchronous repaint of `w`, in ms. */
double repaintMs(QWidget *w, int times)
{
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < times; ++i)
        w->repaint();
    return clock.nsecsElapsed() * 1e-6 / times;
}
} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QString scenario = "scenarios/kais-large.yaml";
    double seconds = 6.0;
    for (int i = 1; i < argc; ++i) {
        const QString a = argv[i];
        if (a == "--seconds" && i + 1 < argc)
            seconds = std::atof(argv[++i]);
        else
            scenario = a;
    }

    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    window.showPanel("live");
    QApplication::processEvents();
    QElapsedTimer clock;
    clock.start();
    const QStringList errors = window.openScenario(scenario);
    if (!errors.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(errors.join('\n')));
        return 2;
    }
    const double openMs = msSince(clock);
    clock.restart();
    QApplication::processEvents();
    const double firstPaintMs = msSince(clock);
    const schedlab::Scenario &model = window.document()->scenario();
    clock.restart();
    window.topologyScene()->setScenario(model);
    const double sceneMs = msSince(clock);
    const int sceneItems = int(window.topologyScene()->items().size());
    ScenarioDock tree;
    tree.resize(300, 800);
    tree.show();
    clock.restart();
    tree.setScenario(model);
    QApplication::processEvents();
    const double treeMs = msSince(clock);
    clock.restart();
    window.topologyScene()->selectElement("sites[0]");
    QApplication::processEvents();
    const double selectMs = msSince(clock);
    window.topologyScene()->clearSelection();
    tree.hide();

    const Gaps idle = measure(2.0);

    RunDock *dock = window.runDock();
    dock->setSpeed(0);
    dock->runSlots(1);
    if (const auto s = dock->session()->latest(); s && !s->layout->nodes.empty())
        dock->selectNode(QString::fromStdString(s->layout->nodes.front()));
    QWidget *viewport = window.topologyView()->viewport();
    const double idleRepaint = repaintMs(viewport, 10);
    measure(0.3); // the first paints fill the items' caches: once per run, not per frame
    QElapsedTimer running;
    running.start();
    dock->run();
    const Gaps live = measure(seconds, dock->session(), SIGNAL(finished(schedlab::RunResult)));
    const double liveSeconds = running.nsecsElapsed() * 1e-9;
    const double liveRepaint = repaintMs(viewport, 10);
    const auto last = dock->session()->latest();
    dock->stop();

    std::printf(
        "bench_gui_frames: %s live at max speed for %.1f s, GUI thread frame gaps (10 ms clock)\n",
        qPrintable(scenario), liveSeconds);
    std::printf("  idle:  max %6.1f ms  p99 %6.1f ms  mean %5.1f ms  (%d frames)\n", idle.max,
                idle.p99, idle.mean, idle.frames);
    std::printf("  live:  max %6.1f ms  p99 %6.1f ms  mean %5.1f ms  (%d frames)\n", live.max,
                live.p99, live.mean, live.frames);
    std::printf("  ratio live/idle: max %.2fx  p99 %.2fx\n",
                idle.max > 0 ? live.max / idle.max : 0.0, idle.p99 > 0 ? live.p99 / idle.p99 : 0.0);
    std::printf("  target: max frame gap < 50 ms: %.1f ms live, %s\n", live.max,
                live.max < 50.0 ? "met" : "missed");
    std::printf("  open %.0f ms (file, scene, tree), first paint %.0f ms; alone: scene %.0f ms "
                "(%d items%s), tree to first paint %.0f ms, selecting the site %.0f ms\n",
                openMs, firstPaintMs, sceneMs, sceneItems,
                window.topologyScene()->aggregated() ? ", eAPs aggregated" : "", treeMs, selectMs);
    std::printf("  full repaint of the topology view: %.1f ms idle, %.1f ms live\n", idleRepaint,
                liveRepaint);
    if (last)
        std::printf("  simulated %.1f s (%ld slots) meanwhile: %.0f events/s of engine time\n",
                    last->time, last->slot,
                    last->wallSeconds > 0 ? double(last->events) / last->wallSeconds : 0.0);
    return 0;
}
