// SPDX-License-Identifier: GPL-3.0-or-later
#include "experiment/sweeppreset.h"

#include "experiment/sweep.h"
#include "registry/registry.h"
#include "scenario/loadtextfile.h"
#include "scenario/units.h"
#include "scenario/yamlreader.h"

#include <filesystem>
#include <set>

namespace schedlab {

namespace {
using detail::Field;
using detail::MapReader;
using detail::ReadContext;

/** A list of scalars, or one scalar standing for a list of one; values as written. */
void readList(ReadContext &ctx, const MapReader &m, const std::string &key,
              std::vector<std::string> &out)
{
    const auto f = m.get(key);
    if (!f)
        return;
    auto one = [&](const Field &item) {
        std::string text;
        if (!item.node.IsScalar() || item.node.Scalar().empty())
            ctx.error(item.mark, item.path,
                      "expected a value, got " + detail::describeNode(item.node));
        else if (detail::readString(ctx, item, text))
            out.push_back(text);
    };
    if (f->node.IsSequence())
        detail::forEachItem(ctx, *f, [&](int, const Field &item) { one(item); });
    else
        one(*f);
}

/** An optional plain number at `key`. */
std::optional<double> optionalNumber(ReadContext &ctx, const MapReader &m, const std::string &key)
{
    double value = 0.0;
    if (const auto f = m.get(key); f && detail::readQuantity(ctx, *f, Dimension::Ratio, value))
        return value;
    return std::nullopt;
}

/** A claim is judged in one form; a key another form reads would be ignored. */
void refuseMixedForms(ReadContext &ctx, const Field &item, const PaperClaim &c)
{
    const struct
    {
        bool mixed;
        const char *why;
    } rules[] = {
        {c.spread && (!c.than.empty() || !c.over.empty() || c.within || c.times || c.average ||
                      c.narrowest),
         "a `spread` claim compares the policy's own values: leave out `than`, `over`, "
         "`within`, `times`, `average` and `narrowest`"},
        {c.within && (!c.than.empty() || !c.over.empty() || c.times),
         "a `within` claim holds the policy to a goal: leave out `than`, `over` and `times`"},
        {c.average && (!c.over.empty() || c.share != 1.0 || c.narrowest),
         "an `average` claim is over every value: leave out `over`, `share` and `narrowest`"},
        {c.narrowest && (c.share != 1.0 || c.times),
         "a `narrowest` claim compares leads: leave out `share` and `times`"},
        {!c.over.empty() && c.share != 1.0, "`share` counts values of an ordering over `than`, "
                                            "not of `over`"},
        {c.expect == "construction" && c.construction.empty(),
         "`expect: construction` needs `construction:`, the reason the claim cannot fail"},
        {!c.construction.empty() && !c.expect.empty() && c.expect != "construction",
         "a claim with `construction:` is judged by construction: `expect: construction`"},
    };
    for (const auto &rule : rules)
        if (rule.mixed && ctx.errors().empty())
            ctx.error(item.mark, item.path, rule.why);
}

PaperClaim readClaim(ReadContext &ctx, const Field &item)
{
    MapReader c(ctx, item,
                {"text", "metric", "policy", "than", "over", "at", "share", "paper", "change",
                 "within", "times", "spread", "construction", "direction_only", "if_different",
                 "average", "narrowest", "expect"});
    PaperClaim claim;
    c.string("text", claim.text);
    if (c.require("metric", "the metric the claim is about"))
        c.string("metric", claim.metric);
    if (c.require("policy", "the policy (variant label) the claim is about"))
        c.string("policy", claim.policy);
    readList(ctx, c, "than", claim.than);
    readList(ctx, c, "over", claim.over);
    c.string("at", claim.at);
    if (const auto v = c.get("share");
        v && detail::readQuantity(ctx, *v, Dimension::Ratio, claim.share) &&
        !(claim.share > 0.0 && claim.share <= 1.0))
        ctx.error(v->mark, v->path, "must lie in (0, 1], got " + formatNumber(claim.share));
    claim.change = optionalNumber(ctx, c, "change");
    if (const auto p = c.get("change"); p && claim.than.empty())
        ctx.error(p->mark, p->path, "a `change` is against the first of `than`");
    claim.within = optionalNumber(ctx, c, "within");
    claim.times = optionalNumber(ctx, c, "times");
    if (const auto t = c.get("times"); t && claim.times && !(*claim.times > 0.0))
        ctx.error(t->mark, t->path, "must be more than 0, got " + formatNumber(*claim.times));
    if (const auto t = c.get("times"); t && claim.over.empty())
        ctx.error(t->mark, t->path, "`times` compares `at` with the values of `over`");
    claim.spread = optionalNumber(ctx, c, "spread");
    if (const auto v = c.get("spread"); v && claim.spread && !(*claim.spread >= 0.0))
        ctx.error(v->mark, v->path, "must be 0 or more, got " + formatNumber(*claim.spread));
    if (const auto v = c.get("spread"); v && !claim.at.empty())
        ctx.error(v->mark, v->path, "a `spread` is over every value: leave out `at`");
    claim.paper = optionalNumber(ctx, c, "paper");
    c.boolean("average", claim.average);
    if (const auto v = c.get("average");
        v && claim.average && (claim.than.empty() || !claim.at.empty()))
        ctx.error(v->mark, v->path, "an `average` claim needs `than` and no `at`");
    c.boolean("narrowest", claim.narrowest);
    if (const auto v = c.get("narrowest");
        v && claim.narrowest && (claim.than.size() != 1 || claim.at.empty() || claim.over.empty()))
        ctx.error(v->mark, v->path,
                  "a `narrowest` claim needs one rival in `than`, `at` and `over`");
    c.string("construction", claim.construction);
    c.boolean("direction_only", claim.directionOnly);
    c.string("if_different", claim.ifDifferent);
    c.string("expect", claim.expect);
    if (const auto e = c.get("expect"); e && claim.expect != "same" &&
                                        claim.expect != "different" && claim.expect != "noise" &&
                                        claim.expect != "construction")
        ctx.error(e->mark, e->path,
                  "expected same, different, noise or construction, got '" + claim.expect + "'");
    if (claim.than.empty() && claim.over.empty() && !claim.paper && !claim.within &&
        !claim.spread && ctx.errors().empty())
        ctx.error(item.mark, item.path,
                  "a claim needs `than` (policies it beats), `over` (values it beats), "
                  "`spread` (how close its values are) or `paper` (its value)");
    refuseMixedForms(ctx, item, claim);
    if (!claim.over.empty() && claim.at.empty() && ctx.errors().empty())
        ctx.error(item.mark, item.path, "a claim with `over` needs `at`");
    return claim;
}

void readDocument(ReadContext &ctx, const YAML::Node &root, SweepPreset &out)
{
    const YAML::Mark start = root.Mark();
    const Field top{root, "", start};
    if (!root.IsMap()) {
        ctx.error(start, "", "expected a map at the top level, got " + detail::describeNode(root));
        return;
    }
    MapReader m(ctx, top, {"sweep",    "description",   "scenario",  "param",  "values", "dispatch",
                           "dequeue",  "orchestration", "placement", "global", "seeds",  "metrics",
                           "duration", "set",           "train",     "paper",  "source", "time",
                           "claims",   "quick",         "setting"});
    if (const auto v = m.require("sweep", "the preset's schema version; write `sweep: 1`")) {
        int schema = 1;
        if (detail::readInt(ctx, *v, schema) && schema != 1)
            ctx.error(v->mark, v->path,
                      "unsupported sweep preset version " + std::to_string(schema) +
                          "; this SchedLab reads version 1");
    }
    m.string("description", out.description);
    if (const auto v = m.require("scenario", "the scenario file the sweep varies")) {
        m.string("scenario", out.scenario);
        std::filesystem::path path(out.scenario);
        if (path.is_relative())
            path = std::filesystem::path(ctx.file()).parent_path() / path;
        out.scenario = path.string();
        std::error_code error;
        if (!std::filesystem::is_regular_file(path, error))
            ctx.error(v->mark, v->path,
                      "no scenario file " + out.scenario + " (a path is relative to the preset)");
    }
    if (m.require("param", "the path of the value to vary, e.g. workload.requests.rate"))
        m.string("param", out.param);
    if (const auto v = m.require("values", "the values of `param`, as a list")) {
        readList(ctx, m, "values", out.values);
        if (out.values.size() > kMaxSweepValues) {
            ctx.error(v->mark, v->path,
                      std::to_string(out.values.size()) + " values; a sweep takes at most " +
                          std::to_string(kMaxSweepValues));
            out.values.clear();
        }
        std::set<std::string> seen;
        for (const std::string &value : out.values) {
            if (!seen.insert(value).second)
                ctx.error(v->mark, v->path, "the value '" + value + "' is given twice");
            int depth = 0;
            for (const char c : value) {
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                if (c == ',' && depth <= 0) {
                    ctx.error(v->mark, v->path,
                              "the value '" + value +
                                  "' holds a comma outside parentheses; list each value apart");
                    break;
                }
            }
        }
        if (out.values.empty() && ctx.errors().empty())
            ctx.error(v->mark, v->path, "expected at least one value");
        if (out.param == kScenarioParameter)
            for (const std::string &value : out.values) {
                const auto file = std::filesystem::path(out.scenario).parent_path() / value;
                std::error_code error;
                if (!std::filesystem::is_regular_file(file, error))
                    ctx.error(v->mark, v->path,
                              "no scenario file " + file.lexically_normal().string() +
                                  " (a value of `param: scenario` is relative to `scenario`)");
            }
    }
    const std::pair<const char *, Plane> planes[] = {{"dispatch", Plane::Dispatch},
                                                     {"dequeue", Plane::Dequeue},
                                                     {"orchestration", Plane::Orchestration},
                                                     {"placement", Plane::Placement},
                                                     {"global", Plane::Global}};
    std::vector<std::string> *lists[] = {&out.dispatch, &out.dequeue, &out.orchestration,
                                         &out.placement, &out.global};
    for (std::size_t i = 0; i < std::size(planes); ++i) {
        readList(ctx, m, planes[i].first, *lists[i]);
        if (const auto f = m.get(planes[i].first))
            for (const std::string &name : *lists[i])
                if (!findPolicy(planes[i].second, name))
                    ctx.error(f->mark, f->path, unknownPolicyMessage(planes[i].second, name));
    }
    readList(ctx, m, "metrics", out.metrics);
    if (const auto v = m.get("seeds"); v && detail::readInt(ctx, *v, out.seeds) && out.seeds < 1)
        ctx.error(v->mark, v->path, "expected at least 1 seed");
    if (const auto v = m.get("set"))
        detail::forEachEntry(ctx, *v, [&](const std::string &path, const Field &value) {
            std::string text;
            if (!value.node.IsScalar() || value.node.Scalar().empty())
                ctx.error(value.mark, value.path,
                          "expected a value, got " + detail::describeNode(value.node));
            else if (detail::readString(ctx, value, text))
                out.set.emplace_back(path, text);
        });
    if (const auto v = m.get("train")) {
        MapReader t(ctx, *v, {"agent", "seed", "once"});
        t.boolean("once", out.trainOnce);
        if (t.require("agent", "the agent trained on each value's scenario, as `train --agent`"))
            t.string("agent", out.train);
        if (const auto s = t.get("seed"))
            detail::readUint64(ctx, *s, out.trainSeed);
    }
    m.string("paper", out.paper);
    m.string("source", out.source);
    m.string("time", out.time);
    m.string("setting", out.setting);
    if (const auto v = m.get("claims"))
        detail::forEachItem(
            ctx, *v, [&](int, const Field &item) { out.claims.push_back(readClaim(ctx, item)); });
    if (const auto v = m.get("quick")) {
        MapReader q(ctx, *v, {"values", "seeds", "duration", "episodes"});
        readList(ctx, q, "values", out.quick.values);
        if (const auto s = q.get("seeds"))
            detail::readInt(ctx, *s, out.quick.seeds);
        if (const auto e = q.get("episodes");
            e && detail::readInt(ctx, *e, out.quick.episodes) && out.quick.episodes < 1)
            ctx.error(e->mark, e->path, "expected 1 or more episodes");
        q.string("duration", out.quick.duration);
    }
    if (const auto v = m.get("duration")) {
        double seconds = 0.0;
        if (detail::readQuantity(ctx, *v, Dimension::Duration, seconds)) {
            if (seconds <= 0.0)
                ctx.error(v->mark, v->path, "expected more than zero");
            else
                m.string("duration", out.duration);
        }
    }
}

} // namespace

SweepPresetLoad loadSweepPresetText(const std::string &yaml, const std::string &fileName)
{
    ReadContext ctx(fileName);
    SweepPreset preset;
    try {
        readDocument(ctx, YAML::Load(yaml), preset);
    } catch (const YAML::Exception &e) {
        ctx.error(e.mark, "", "YAML syntax error: " + e.msg);
    }
    SweepPresetLoad load;
    load.errors = std::move(ctx.errors());
    if (!load.errors.empty())
        return load;
    load.preset = std::move(preset);
    return load;
}

SweepPresetLoad loadSweepPresetFile(const std::string &path)
{
    return loadTextFile<SweepPresetLoad>(path, loadSweepPresetText);
}

namespace {
bool hasTopLevelKey(const std::string &path, const char *key)
{
    const auto text = readTextFile(path);
    if (!text)
        return false;
    try {
        const YAML::Node root = YAML::Load(*text);
        return root.IsMap() && root[key].IsDefined();
    } catch (const std::exception &) {
        return false;
    }
}
} // namespace

bool isSweepPresetFile(const std::string &path)
{
    return hasTopLevelKey(path, "sweep");
}

bool isScenarioDocumentFile(const std::string &path)
{
    return hasTopLevelKey(path, "schedlab");
}

} // namespace schedlab
