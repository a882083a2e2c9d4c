// SPDX-License-Identifier: GPL-3.0-or-later
#include "fieldparsers.h"

#include <QString>
#include <QStringList>
#include <charconv>

namespace schedlab::ui::fields {

namespace {
std::string trimmed(const std::string &s)
{
    return QString::fromStdString(s).trimmed().toStdString();
}

/** Comma-separated items, each trimmed; empty items are dropped. */
std::vector<std::string> items(const std::string &text)
{
    std::vector<std::string> out;
    for (const QString &part : QString::fromStdString(text).split(',', Qt::SkipEmptyParts))
        if (!part.trimmed().isEmpty())
            out.push_back(part.trimmed().toStdString());
    return out;
}

bool parseInt(const std::string &text, long long &out)
{
    const std::string t = trimmed(text);
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), out);
    return ec == std::errc() && end == t.data() + t.size() && !t.empty();
}
} // namespace

Setter text(Access<std::string> access, bool mayBeEmpty)
{
    return [access, mayBeEmpty](Scenario &s, const std::string &t) -> std::string {
        const std::string v = trimmed(t);
        if (v.empty() && !mayBeEmpty)
            return "must not be empty";
        access(s) = v;
        return {};
    };
}

Setter quantity(Dimension dimension, Access<double> access)
{
    return [dimension, access](Scenario &s, const std::string &t) -> std::string {
        const Parsed<double> p = dimension == Dimension::Ratio ? parseNumber(trimmed(t))
                                                               : parseQuantity(t, dimension);
        if (!p.ok())
            return p.error;
        access(s) = p.value;
        return {};
    };
}

Setter integer(Access<int> access)
{
    return [access](Scenario &s, const std::string &t) -> std::string {
        long long v = 0;
        if (!parseInt(t, v) || v < -(1LL << 31) || v >= (1LL << 31))
            return "expected a whole number, got '" + trimmed(t) + "'";
        access(s) = int(v);
        return {};
    };
}

Setter seed()
{
    return [](Scenario &s, const std::string &t) -> std::string {
        const std::string v = trimmed(t);
        std::uint64_t seed = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), seed);
        if (ec != std::errc() || end != v.data() + v.size() || v.empty())
            return "must be a whole number from 0 to 18446744073709551615, got '" + v + "'";
        s.seed = seed;
        return {};
    };
}

Setter dispatchPerSlot()
{
    return [](Scenario &s, const std::string &t) -> std::string {
        long long v = 0;
        if (trimmed(t) == "all")
            s.time.dispatchPerSlot = 0;
        else if (parseInt(t, v) && v >= 1 && v < (1LL << 31))
            s.time.dispatchPerSlot = int(v);
        else
            return "expected a number of requests (at least 1) or `all`, got '" + trimmed(t) + "'";
        return {};
    };
}

Setter policy(Plane plane, Access<std::string> access)
{
    return [plane, access](Scenario &s, const std::string &t) -> std::string {
        const std::string v = trimmed(t);
        if (!isKnownPolicy(plane, v))
            return unknownPolicyMessage(plane, v);
        access(s) = v;
        return {};
    };
}

Setter rename(const ElementRef &ref)
{
    return [ref](Scenario &s, const std::string &t) -> std::string {
        const std::string v = trimmed(t);
        if (v.empty())
            return "must not be empty";
        const std::string old = ref.name(s);
        switch (ref.kind) {
        case ElementRef::Site: s.sites[ref.site].name = v; break;
        case ElementRef::Eap: s.sites[ref.site].eaps[ref.eap].name = v; break;
        case ElementRef::Node: ref.node(s).name = v; break;
        case ElementRef::None: return "nothing to rename";
        }
        if (const auto it = s.layout.find(old); it != s.layout.end() && old != v) {
            s.layout[v] = it->second;
            s.layout.erase(old);
        }
        for (LinkOverride &l : s.links) {
            if (l.from == old)
                l.from = v;
            if (l.to == old)
                l.to = v;
        }
        return {};
    };
}

Setter labels(const ElementRef &node)
{
    return [node](Scenario &s, const std::string &t) -> std::string {
        std::map<std::string, std::string> out;
        for (const std::string &item : items(t)) {
            const auto eq = item.find('=');
            if (eq == std::string::npos || eq == 0)
                return "expected key=value, got '" + item + "'";
            out[trimmed(item.substr(0, eq))] = trimmed(item.substr(eq + 1));
        }
        node.node(s).labels = std::move(out);
        return {};
    };
}

Setter taints(const ElementRef &node)
{
    return [node](Scenario &s, const std::string &t) -> std::string {
        std::vector<Taint> out;
        for (const std::string &item : items(t)) {
            // As kubectl taint writes one: key[=value]:effect, the effect always said.
            const auto bad = [&item] {
                return "expected key[=value]:NoSchedule, PreferNoSchedule or NoExecute, got '" +
                       item + "'";
            };
            Taint taint;
            std::string rest = item;
            const auto colon = rest.rfind(':');
            if (colon == std::string::npos)
                return bad();
            taint.effect = trimmed(rest.substr(colon + 1));
            rest = rest.substr(0, colon);
            if (const auto eq = rest.find('='); eq != std::string::npos) {
                taint.value = trimmed(rest.substr(eq + 1));
                rest = rest.substr(0, eq);
            }
            taint.key = trimmed(rest);
            if (taint.key.empty() || taint.key.find_first_of(" \t") != std::string::npos ||
                taint.value.find_first_of(" \t") != std::string::npos)
                return bad();
            out.push_back(std::move(taint));
        }
        node.node(s).taints = std::move(out);
        return {};
    };
}

std::string formatLabels(const std::map<std::string, std::string> &labels)
{
    std::string out;
    for (const auto &[k, v] : labels)
        out += (out.empty() ? "" : ", ") + k + "=" + v;
    return out;
}

std::string formatTaints(const std::vector<Taint> &taints)
{
    std::string out;
    for (const Taint &t : taints)
        out += (out.empty() ? "" : ", ") + t.key + (t.value.empty() ? "" : "=" + t.value) + ":" +
               t.effect;
    return out;
}

std::vector<std::pair<std::string, Access<LinkSpec>>> networkLinks()
{
    return {{"access", [](Scenario &s) -> LinkSpec & { return s.network.access; }},
            {"lan", [](Scenario &s) -> LinkSpec & { return s.network.lan; }},
            {"wan", [](Scenario &s) -> LinkSpec & { return s.network.wan; }}};
}

std::vector<std::pair<Plane, Access<std::string>>> policyFields()
{
    return {{Plane::Dispatch, [](Scenario &s) -> std::string & { return s.policies.dispatch; }},
            {Plane::Dequeue, [](Scenario &s) -> std::string & { return s.policies.dequeue; }},
            {Plane::Orchestration,
             [](Scenario &s) -> std::string & { return s.policies.orchestration; }}};
}

} // namespace schedlab::ui::fields
