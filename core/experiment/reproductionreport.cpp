// SPDX-License-Identifier: GPL-3.0-or-later
// The reproduction report: a preset's section and the summary a reviewer reads first.
#include "experiment/claimtext.h"
#include "experiment/reproduction.h"

#include <algorithm>
#include <map>

namespace schedlab {

std::string reproductionMarkdown(const std::string &name, const SweepPreset &preset,
                                 const SweepResult &sweep,
                                 const std::vector<ClaimOutcome> &outcomes,
                                 const std::string &command, double seconds,
                                 const std::string &chart, const std::string &training)
{
    std::string md = "## " + name + ": " + preset.source + "\n\n" + preset.description + ".\n\n";
    if (!preset.paper.empty())
        md += "The paper: " + preset.paper + "\n\n";
    if (!preset.setting.empty())
        md += "Setting: " + preset.setting + "\n\n";
    md += "```sh\n" + command + "\n```\n\n";
    md += "Scenario " + sweep.scenarioName + ", " + sweep.parameter + " over " +
          std::to_string(sweep.points.size()) +
          (sweep.points.size() == 1 ? " value; " : " values; ") +
          (seconds < 0 ? std::string("run as a Slurm job array, merged from its tasks.\n\n")
                       : claimNumber(seconds) + " s on this machine, training included.\n\n");
    if (!training.empty())
        md += training + "\n\n";
    md += "| claim | at | paper | SchedLab | ratio | verdict | why "
          "|\n|---|---|---|---|---|---|---|\n";
    for (const ClaimOutcome &o : outcomes) {
        const PaperClaim &c = o.claim;
        std::string claim = c.text.empty() ? c.policy + " on " + c.metric : c.text;
        const auto percent = [](double v) { return claimNumber(100.0 * v) + "%"; };
        const std::string paper = c.change   ? percent(*c.change) + " against " + c.than.front()
                                  : c.paper  ? claimNumber(*c.paper)
                                  : c.within ? "within " + claimNumber(*c.within)
                                  : c.times  ? "at least " + claimNumber(*c.times) + "×"
                                  : c.spread ? "within " + percent(*c.spread)
                                             : "-";
        std::string ours = o.ours ? c.policy + " " + meanCiText(*o.ours) : "-";
        if (o.change)
            ours += " (" + percent(*o.change) + " against " + c.than.front() + ")";
        md += "| " + claim + " | " + o.value + " | " + paper + " | " + ours + " | " +
              (o.ratio ? claimNumber(*o.ratio) : "-") + " | " + o.verdict + " | " + o.why + " |\n";
    }
    if (!chart.empty())
        md += "\n![" + preset.source + ", SchedLab](" + chart + ")\n";
    // One table in the paper's style: a row per value and policy, a column per metric
    // the preset charts or a claim judges.
    std::vector<std::string> metrics = preset.metrics;
    for (const PaperClaim &c : preset.claims)
        if (std::find(metrics.begin(), metrics.end(), c.metric) == metrics.end())
            metrics.push_back(c.metric);
    md += "\nMean ± 95% CI:\n\n| " + sweep.parameter + " | policy |";
    std::string rule = "|---|---|";
    for (const std::string &m : metrics) {
        md += " " + m + " |";
        rule += "---|";
    }
    md += "\n" + rule + "\n";
    for (const SweepPointResult &p : sweep.points)
        for (const VariantSummary &v : p.summary) {
            md += "| " + p.value + " | " + v.label + " |";
            for (const std::string &m : metrics) {
                const auto ci = findResult(p, v.label, m);
                md += " " + (ci ? meanCiText(*ci) : std::string("-")) + " |";
            }
            md += "\n";
        }
    return md + "\n";
}

namespace {
/** "KaiS" of "KaiS Fig. 10", "Global Scheduler" of "Global Scheduler design doc 1.3". */
std::string paperOf(const std::string &source)
{
    std::size_t end = source.size();
    for (const char *part : {" Fig", " Table", " Sec", " design doc"})
        end = std::min(end, source.find(part));
    return source.substr(0, end);
}
} // namespace

std::string reproductionSummary(const std::vector<ReproducedPreset> &presets)
{
    static const char *const kVerdicts[] = {"same direction", "within noise", "different direction",
                                            "by construction", "not comparable"};
    std::vector<std::string> papers;
    std::map<std::string, std::map<std::string, int>> counts;
    std::string different;
    for (const ReproducedPreset &r : presets)
        for (const ClaimOutcome &o : r.outcomes) {
            const std::string paper = paperOf(r.preset.source);
            if (std::find(papers.begin(), papers.end(), paper) == papers.end())
                papers.push_back(paper);
            ++counts[paper][o.verdict];
            ++counts[""][o.verdict];
            if (o.verdict != "different direction")
                continue;
            const PaperClaim &c = o.claim;
            different += "- **" + r.preset.source + "** (`" + r.name + "`), " +
                         (c.text.empty()          ? c.policy + " on " + c.metric
                          : c.text.front() == '"' ? c.text // quotes the paper already
                                                  : "\"" + c.text + "\"") +
                         ": " + o.why + ". " +
                         (c.ifDifferent.empty() ? std::string("Why: not yet explained.")
                                                : "Why: " + c.ifDifferent) +
                         "\n";
        }
    std::string md = "## Summary\n\nClaims by verdict, per paper:\n\n| paper | claims |";
    std::string rule = "|---|---|";
    for (const char *v : kVerdicts) {
        md += std::string(" ") + v + " |";
        rule += "---|";
    }
    md += "\n" + rule + "\n";
    papers.push_back("");
    for (const std::string &paper : papers) {
        int total = 0;
        for (const auto &[verdict, n] : counts[paper])
            total += n;
        md += "| " + (paper.empty() ? std::string("all") : paper) + " | " + std::to_string(total) +
              " |";
        for (const char *v : kVerdicts)
            md += " " + std::to_string(counts[paper][v]) + " |";
        md += "\n";
    }
    if (!different.empty())
        md += "\nWhere SchedLab shows the other direction:\n\n" + different;
    return md + "\n";
}

} // namespace schedlab
