// SPDX-License-Identifier: GPL-3.0-or-later
// `reproduce`: presets judged against the paper's claims, and every bundled
// preset's quick version keeping the direction it shows.
#include "common/cli.h"
#include "experiment/reproduction.h"

#include <QTemporaryDir>
#include <QtTest>
#include <tuple>

using namespace schedlab;

namespace {
SweepPointResult point(const std::string &value, std::vector<std::pair<std::string, double>> phi)
{
    SweepPointResult p;
    p.value = value;
    for (const auto &[label, mean] : phi) {
        VariantSummary v;
        v.label = label;
        v.metrics = {{"throughput_rate", {mean, 0.01, 5}},
                     {"scheduling_cost_bytes", {mean * 1e9, 1e7, 5}}};
        p.summary.push_back(v);
    }
    return p;
}

PaperClaim claim(const std::string &metric, const std::string &policy,
                 std::vector<std::string> than, const std::string &at)
{
    PaperClaim c;
    c.metric = metric;
    c.policy = policy;
    c.than = std::move(than);
    c.at = at;
    return c;
}
} // namespace

class TestReproduce : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void claimsAreJudgedByTheMetricsDirection()
    {
        SweepResult sweep;
        sweep.points = {point("a", {{"x", 0.9}, {"y", 0.8}}),
                        point("b", {{"x", 0.7}, {"y", 0.75}})};
        SweepPreset preset;
        preset.claims = {claim("throughput_rate", "x", {"y"}, "a"),       // 0.9 > 0.8
                         claim("throughput_rate", "x", {"y"}, ""),        // not at b
                         claim("scheduling_cost_bytes", "y", {"x"}, "a"), // lower is better
                         claim("throughput_rate", "x", {"z"}, "a"),       // no z
                         claim("throughput_rate", "x", {}, "a")};
        preset.claims[4].paper = 0.6;
        PaperClaim over = claim("throughput_rate", "x", {}, "a");
        over.over = {"b"};
        preset.claims.push_back(over);
        PaperClaim half = claim("throughput_rate", "x", {"y"}, "");
        half.share = 0.5; // holds at a, not at b: enough for "in half the cases"
        PaperClaim change = claim("throughput_rate", "x", {"y"}, "");
        change.change = -0.5; // the paper: x 50% below y; ours: +12.5% at a, -6.7% at b
        preset.claims.push_back(change);
        preset.claims.push_back(half);
        const auto outcomes = judgeClaims(preset, sweep);
        QCOMPARE(outcomes[7].verdict, std::string("same direction"));
        QVERIFY2(outcomes[7].why.find("holds at 1 of 2 values") != std::string::npos,
                 outcomes[7].why.c_str());
        QVERIFY(outcomes[6].change &&
                std::abs(*outcomes[6].change - (0.125 - 0.05 / 0.75) / 2) < 1e-12);
        QVERIFY(outcomes[6].ratio &&
                std::abs(*outcomes[6].ratio - *outcomes[6].change / -0.5) < 1e-12);
        QCOMPARE(outcomes[0].verdict, std::string("same direction"));
        QCOMPARE(outcomes[1].verdict, std::string("different direction"));
        QVERIFY2(outcomes[1].why.find("at b") != std::string::npos, outcomes[1].why.c_str());
        QCOMPARE(outcomes[2].verdict, std::string("same direction"));
        QCOMPARE(outcomes[3].verdict, std::string("not comparable"));
        QCOMPARE(outcomes[4].verdict, std::string("not comparable"));
        QVERIFY(outcomes[4].ratio && std::abs(*outcomes[4].ratio - 1.5) < 1e-12);
        QCOMPARE(outcomes[5].verdict, std::string("same direction"));
        QCOMPARE(verdictWord(outcomes[1].verdict), std::string("different"));
    }

    /** An ordering whose 95% intervals hold both orders is neither verdict. */
    void overlappingIntervalsAreWithinNoise()
    {
        SweepResult sweep;
        sweep.points = {point("a", {{"x", 0.80}, {"y", 0.81}}),
                        point("b", {{"x", 0.90}, {"y", 0.70}})};
        SweepPreset preset;
        preset.claims = {claim("throughput_rate", "x", {"y"}, "a"), // 0.80 vs 0.81 ± 0.014
                         claim("throughput_rate", "x", {"y"}, "")}; // ahead at b only
        PaperClaim over = claim("throughput_rate", "y", {}, "a");
        over.over = {"b"}; // 0.81 against 0.70: ahead
        PaperClaim goal = claim("throughput_rate", "x", {}, "a");
        goal.within = 0.805; // 0.80 ± 0.01 misses it by less than its interval
        PaperClaim farGoal = goal;
        farGoal.within = 0.9;
        preset.claims.insert(preset.claims.end(), {over, goal, farGoal});
        const auto outcomes = judgeClaims(preset, sweep);
        QCOMPARE(outcomes[0].verdict, std::string("within noise"));
        QVERIFY2(outcomes[0].why.find("within noise of y's") != std::string::npos,
                 outcomes[0].why.c_str());
        QCOMPARE(outcomes[1].verdict, std::string("within noise"));
        QVERIFY2(outcomes[1].why.find("within noise at 1") != std::string::npos,
                 outcomes[1].why.c_str());
        QCOMPARE(outcomes[2].verdict, std::string("same direction"));
        QCOMPARE(outcomes[3].verdict, std::string("within noise"));
        QCOMPARE(outcomes[4].verdict, std::string("different direction"));
        QCOMPARE(verdictWord(outcomes[0].verdict), std::string("noise"));

        // A wider interval turns a clear loss into noise; a narrower one a win into one.
        sweep.points[0] = point("a", {{"x", 0.80}, {"y", 0.90}});
        QCOMPARE(judgeClaims(preset, sweep)[0].verdict, std::string("different direction"));
        sweep.points[0].summary[0].metrics[0].second.ci95 = 0.2;
        QCOMPARE(judgeClaims(preset, sweep)[0].verdict, std::string("within noise"));
    }

    /** Policies run on the same seeds are compared seed by seed: the workload's noise,
     *  which both see, does not hide a difference that holds on every seed. */
    void sharedSeedsArePaired()
    {
        const double x[] = {0.70, 0.80, 0.90}, y[] = {0.69, 0.788, 0.889};
        SweepResult sweep;
        sweep.points = {point("a", {{"x", 0.80}, {"y", 0.788}})};
        for (auto &v : sweep.points[0].summary)
            v.metrics[0].second.ci95 = 0.25; // three seeds far apart
        for (int seed = 0; seed < 3; ++seed)
            for (int variant = 0; variant < 2; ++variant) {
                CellResult cell;
                cell.variant = variant;
                cell.seedIndex = seed;
                cell.result.metrics = {{"throughput_rate", (variant ? y : x)[seed]}};
                sweep.points[0].cells.push_back(cell);
            }
        SweepPreset preset;
        preset.claims = {claim("throughput_rate", "x", {"y"}, "a"),
                         claim("throughput_rate", "y", {"x"}, "a")};
        const auto outcomes = judgeClaims(preset, sweep);
        QCOMPARE(outcomes[0].verdict, std::string("same direction"));
        QCOMPARE(outcomes[1].verdict, std::string("different direction"));
        sweep.points[0].cells.clear(); // the means alone: 0.012 apart, ± 0.35
        QCOMPARE(judgeClaims(preset, sweep)[0].verdict, std::string("within noise"));
    }

    /** Sweeps trained from several seeds: a learned policy's result is over its models. */
    void trainingSeedsMakeTheLearnedInterval()
    {
        std::vector<SweepResult> sweeps(3);
        const double learned[] = {0.80, 0.84, 0.88};
        for (int i = 0; i < 3; ++i)
            sweeps[std::size_t(i)].points = {point("a", {{"kais", learned[i]}, {"greedy", 0.83}})};
        const SweepResult all = acrossTrainingSeeds(sweeps);
        const MeanCi kais = all.points[0].summary[0].metrics[0].second;
        QVERIFY(std::abs(kais.mean - 0.84) < 1e-12);
        QCOMPARE(kais.n, 3);
        // t(0.975, 2) · s / √3 with s = 0.04
        QVERIFY2(std::abs(kais.ci95 - 4.302653 * 0.04 / std::sqrt(3.0)) < 1e-4,
                 qPrintable(QString::number(kais.ci95)));
        const MeanCi greedy = all.points[0].summary[1].metrics[0].second;
        QCOMPARE(greedy.mean, 0.83); // untouched by training: its evaluation seeds' interval
        QCOMPARE(greedy.ci95, 0.01);
        QCOMPARE(greedy.n, 5);
        // Judged over the models: kais 0.84 ± 0.099 against greedy's 0.83 is within noise.
        SweepPreset preset;
        preset.claims = {claim("throughput_rate", "kais", {"greedy"}, "a")};
        QCOMPARE(judgeClaims(preset, all)[0].verdict, std::string("within noise"));
        QCOMPARE(judgeClaims(preset, sweeps[2])[0].verdict, std::string("same direction"));
    }

    /** "At least 1.2 times the frames" whichever way the metric improves, and "within
     *  4.5% of each other" over every value, judged over the training seeds. */
    void timesAndSpreadClaims()
    {
        std::vector<SweepResult> sweeps(3);
        const double p1[] = {100, 110, 90}, p4[] = {150, 160, 140}, phi4[] = {0.80, 0.81, 0.79};
        for (std::size_t i = 0; i < 3; ++i)
            for (const auto &[value, frames, phi] :
                 {std::tuple{"P1", p1[i], 0.82}, std::tuple{"P4", p4[i], phi4[i]}}) {
                SweepPointResult p;
                p.value = value;
                VariantSummary v;
                v.label = "kais";
                v.metrics = {{"training_frames", {frames, 0.0, 5}},
                             {"training_phi", {phi, 0.0, 5}}};
                p.summary = {v};
                for (int seed = 0; seed < 2; ++seed) { // a model's runs: the same curve
                    CellResult cell;
                    cell.seedIndex = seed;
                    cell.result.metrics = {{"training_frames", frames}, {"training_phi", phi}};
                    p.cells.push_back(cell);
                }
                sweeps[i].points.push_back(p);
            }
        PaperClaim slower = claim("training_frames", "kais", {}, "P4");
        slower.over = {"P1"};
        slower.times = 1.2; // 150 against 1.2 · 100 = 120, ± t over 3 seeds
        PaperClaim much = slower;
        much.times = 1.5; // 150 against 150: within noise
        PaperClaim far = slower;
        far.times = 3.0;
        PaperClaim close = claim("training_phi", "kais", {}, "");
        close.spread = 0.045; // 0.80 against 0.82: 2.4% apart
        PaperClaim closer = close;
        closer.spread = 0.01;
        SweepPreset preset;
        preset.claims = {slower, much, far, close, closer};
        const auto outcomes = judgeClaims(preset, sweeps);
        QCOMPARE(outcomes[0].verdict, std::string("same direction"));
        QVERIFY2(outcomes[0].why.find("at least 1.2 times") != std::string::npos,
                 outcomes[0].why.c_str());
        QCOMPARE(outcomes[1].verdict, std::string("within noise"));
        QCOMPARE(outcomes[2].verdict, std::string("different direction"));
        QCOMPARE(outcomes[3].verdict, std::string("same direction"));
        QVERIFY2(outcomes[3].why.find("2.439% apart") != std::string::npos,
                 outcomes[3].why.c_str());
        QCOMPARE(outcomes[4].verdict, std::string("within noise")); // P4 ± 0.025 reaches 0.82
        sweeps.resize(1);
        QCOMPARE(judgeClaims(preset, sweeps)[4].verdict, std::string("different direction"));
    }

    /** A claim that holds by how the scenario is built is never evidence: its own
     *  verdict, whatever the numbers; a number defined otherwise gets no ratio. The
     *  summary counts verdicts per paper and explains each different direction. */
    void byConstructionClaimsAndTheSummary()
    {
        SweepResult sweep;
        sweep.points = {point("a", {{"x", 0.9}, {"y", 0.8}})};
        SweepPreset kais;
        kais.source = "KaiS Fig. 9c";
        kais.claims = {claim("throughput_rate", "x", {"y"}, "a"),
                       claim("throughput_rate", "y", {"x"}, "a"),
                       claim("throughput_rate", "x", {}, "a")};
        kais.claims[0].construction = "the same actors plus a round trip";
        kais.claims[1].text = "y serves more";
        kais.claims[1].ifDifferent = "our model: y waits for its decisions";
        kais.claims[2].paper = 0.45;
        kais.claims[2].directionOnly = true;
        const auto outcomes = judgeClaims(kais, sweep);
        QCOMPARE(outcomes[0].verdict, std::string("by construction"));
        QCOMPARE(verdictWord(outcomes[0].verdict), std::string("construction"));
        QVERIFY2(outcomes[0].why.find("the same actors plus a round trip (ours: x ahead") == 0,
                 outcomes[0].why.c_str());
        QCOMPARE(outcomes[1].verdict, std::string("different direction"));
        QVERIFY(!outcomes[2].ratio);

        SweepPreset drs;
        drs.source = "DRS Table 5";
        drs.claims = {claim("throughput_rate", "x", {"y"}, "")};
        const std::string md = reproductionSummary(
            {{"kais-fig9c", kais, outcomes}, {"drs-table5", drs, judgeClaims(drs, sweep)}});
        QVERIFY2(md.find("| KaiS | 3 | 0 | 0 | 1 | 1 | 1 |") != std::string::npos, md.c_str());
        QVERIFY2(md.find("| DRS | 1 | 1 | 0 | 0 | 0 | 0 |") != std::string::npos, md.c_str());
        QVERIFY2(md.find("| all | 4 | 1 | 0 | 1 | 1 | 1 |") != std::string::npos, md.c_str());
        QVERIFY2(md.find("**KaiS Fig. 9c** (`kais-fig9c`), \"y serves more\": y ") !=
                         std::string::npos &&
                     md.find("Why: our model: y waits for its decisions") != std::string::npos,
                 md.c_str());
    }

    /** "A higher average throughput rate than the closest baselines": over the mean of
     *  every value. "Close to DRS under the CPU workload": the lead smallest there. */
    void averageAndNarrowestClaims()
    {
        SweepResult sweep;
        sweep.points = {point("even", {{"drs", 0.90}, {"kube", 0.70}}),
                        point("random", {{"drs", 0.85}, {"kube", 0.86}}),
                        point("cpu", {{"drs", 0.80}, {"kube", 0.78}})};
        for (SweepPointResult &p : sweep.points) // two seeds, each as the means: paired, exact
            for (int seed = 0; seed < 2; ++seed)
                for (int variant = 0; variant < 2; ++variant) {
                    CellResult cell;
                    cell.variant = variant;
                    cell.seedIndex = seed;
                    const double phi = p.summary[std::size_t(variant)].metrics[0].second.mean;
                    cell.result.metrics = {{"throughput_rate", phi},
                                           {"scheduling_cost_bytes", phi * 1e9}};
                    p.cells.push_back(cell);
                }
        PaperClaim mean = claim("throughput_rate", "drs", {"kube"}, "");
        mean.average = true; // +0.2, -0.01, +0.02: ahead by 0.07 on average
        PaperClaim everywhere = claim("throughput_rate", "drs", {"kube"}, "");
        PaperClaim close = claim("throughput_rate", "drs", {"kube"}, "cpu");
        close.over = {"even"};
        close.narrowest = true; // a lead of 0.02 at cpu against 0.2 at even
        PaperClaim closest = close;
        closest.over = {"even", "random"}; // behind by 0.01 at random: closer than at cpu
        PaperClaim cost = claim("scheduling_cost_bytes", "kube", {"drs"}, "cpu");
        cost.over = {"even"};
        cost.narrowest = true; // lower is better: kube's lead is drs's cost minus kube's,
                               // 2e7 at cpu against 2e8 at even
        SweepPreset preset;
        preset.claims = {mean, everywhere, close, closest, cost};
        const auto outcomes = judgeClaims(preset, sweep);
        QCOMPARE(outcomes[0].verdict, std::string("same direction"));
        QVERIFY2(outcomes[0].why.find("over the values ahead of kube by 0.07 ± 0") !=
                     std::string::npos,
                 outcomes[0].why.c_str());
        QCOMPARE(outcomes[1].verdict, std::string("different direction"));
        QCOMPARE(outcomes[2].verdict, std::string("same direction"));
        QVERIFY2(outcomes[2].why.find("drs's lead over kube: at cpu 0.02 ± 0") == 0,
                 outcomes[2].why.c_str());
        QCOMPARE(outcomes[3].verdict, std::string("different direction"));
        QCOMPARE(outcomes[4].verdict, std::string("same direction"));
    }

    /** A claim is judged in one form: keys of another form are refused, not ignored. */
    void mixedClaimFormsAreRefused()
    {
        const std::string head = "sweep: 1\nscenario: " SCHEDLAB_SOURCE_DIR
                                 "/scenarios/tutorial.yaml\nparam: seed\nvalues: [1, 2]\nclaims:\n"
                                 "  - {metric: throughput_rate, policy: greedy, ";
        const std::pair<const char *, const char *> cases[] = {
            {"spread: 0.1, than: [random]}", "a `spread` claim compares"},
            {"within: 0.9, at: '1', over: ['2']}", "a `within` claim holds"},
            {"than: [random], average: true, share: 0.5}", "an `average` claim is over"},
            {"than: [random], at: '1', over: ['2'], narrowest: true, times: 2}",
             "a `narrowest` claim compares leads"},
            {"than: [random], expect: construction}", "`expect: construction` needs"},
            {"than: [random], construction: by design, expect: same}", "judged by construction"},
        };
        for (const auto &[claim, why] : cases) {
            const SweepPresetLoad load = loadSweepPresetText(head + claim + "\n", "p.yaml");
            QVERIFY2(!load.ok() && load.errors.front().format().find(why) != std::string::npos,
                     (claim + std::string(": ") +
                      (load.ok() ? "accepted" : load.errors.front().format()))
                         .c_str());
        }
        QVERIFY(loadSweepPresetText(head + "than: [random], construction: by design}\n", "p.yaml")
                    .ok());
    }

    void listsThePaperPresets()
    {
        const auto r = test::cli({"reproduce", "--list"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        for (const char *fig : {"KaiS Fig. 10", "KaiS Fig. 11", "KaiS Fig. 12", "KaiS Fig. 13b",
                                "KaiS Fig. 14", "DRS Fig. 9", "DRS Table 5"})
            QVERIFY2(r.out.contains(fig), r.out.constData());
    }

    /** An option one preset of the list refuses is said before any preset runs. */
    void aRefusalOfAnyPresetComesFirst()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("o"), db = dir.filePath("o.db");
        const auto r = test::cli({"reproduce", "kubehice-fig10", "global-clusters", "--quick",
                                  "--out", out, "--db", db});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--db does not apply to global-clusters"), r.err.constData());
        QVERIFY(!QFile::exists(out) && !QFile::exists(db));
    }

    void badPresetsAreNamed()
    {
        QTemporaryDir dir;
        const auto write = [&](const char *name, const char *text) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write("bad.yaml", "sweep: 1\nscenario: ../x.yaml\nparam: a\nvalues: [1]\nsource: X\n"
                          "claims:\n  - {metric: throughput_rate, policy: p, expect: maybe}\n");
        write("policy.yaml",
              "sweep: 1\nscenario: " SCHEDLAB_SOURCE_DIR "/scenarios/tutorial.yaml\n"
              "param: seed\nvalues: [1]\nplacement: [kube-default, kubehic]\nsource: X\n");
        write("missing.yaml",
              "sweep: 1\nscenario: nowhere.yaml\nparam: seed\nvalues: [1]\nsource: X\n");
        write("workload.yaml",
              "sweep: 1\nscenario: " SCHEDLAB_SOURCE_DIR "/scenarios/drs-five-node.yaml\n"
              "param: scenario\nvalues: [drs-cpu.yaml, drs-gone.yaml]\nsource: X\n");
        const auto r = test::cli({"reproduce", "--list", "--presets", dir.path()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("bad.yaml:7:") &&
                     r.err.contains("expected same, different, noise or construction"),
                 r.err.constData());
        QVERIFY2(r.err.contains("policy.yaml:5:12: placement: unknown placement policy "
                                "'kubehic' (did you mean 'kubehice'?)"),
                 r.err.constData());
        QVERIFY2(r.err.contains("missing.yaml:2:11: scenario: no scenario file"),
                 r.err.constData());
        QVERIFY2(r.err.contains("workload.yaml:4:9: values: no scenario file") &&
                     r.err.contains("drs-gone.yaml") && !r.err.contains("drs-cpu.yaml "),
                 r.err.constData());
    }

    /** Each bundled preset's quick version shows the direction its claims expect. */
    void quickPresetsKeepTheirVerdicts_data()
    {
        QTest::addColumn<QString>("preset");
        const auto r = test::cli({"reproduce", "--list"});
        for (const QByteArray &line : r.out.split('\n'))
            if (!line.isEmpty())
                QTest::newRow(line.split(' ').front().constData())
                    << QString(line.split(' ').front());
    }
    void quickPresetsKeepTheirVerdicts()
    {
        QFETCH(QString, preset);
        QTemporaryDir dir;
        const auto r = test::cli({"reproduce", preset, "--quick", "--check", "--out", dir.path()});
        QVERIFY2(r.exitCode == 0, (r.out + r.err).constData());
        QFile report(dir.filePath("report.md"));
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QByteArray text = report.readAll();
        QVERIFY(text.contains("| claim | at | paper | SchedLab |"));
        // A preset that trains says on what its learned results rest.
        QFile presetFile(SCHEDLAB_SOURCE_DIR "/scenarios/sweeps/" + preset + ".yaml");
        QVERIFY(presetFile.open(QIODevice::ReadOnly));
        const QByteArray presetText = presetFile.readAll();
        if (presetText.contains("\ntrain: ")) {
            QVERIFY2(text.contains("Learned policies: `") && text.contains("training seed ("),
                     text.constData());
            const bool quickBudget = presetText.contains(", episodes: ");
            QVERIFY(text.contains(quickBudget ? " episodes (the quick budget)"
                                              : "the agent's default budget"));
        }
        // Rendered beside it, the chart included (the chart module comes with the GUI).
        if (!test::cliDrawsCharts())
            return;
        QFile html(dir.filePath("report.html")), pdf(dir.filePath("report.pdf"));
        QVERIFY(html.open(QIODevice::ReadOnly) && pdf.open(QIODevice::ReadOnly));
        const QByteArray page = html.readAll();
        QVERIFY(page.contains(preset.toUtf8()) && page.contains("<img src=\"" + preset.toUtf8()));
        QVERIFY(pdf.read(5) == "%PDF-" && pdf.size() > 20000);
    }
};

QTEST_GUILESS_MAIN(TestReproduce)
#include "tst_reproduce.moc"
