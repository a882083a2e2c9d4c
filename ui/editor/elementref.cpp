// SPDX-License-Identifier: GPL-3.0-or-later
#include "elementref.h"

#include <QRegularExpression>

namespace schedlab::ui {

ElementRef ElementRef::parse(const QString &path)
{
    static const QRegularExpression re(
        R"(^sites\[(\d+)\](?:\.eaps\[(\d+)\])?(?:\.nodes\[(\d+)\])?$)");
    const auto m = re.match(path);
    ElementRef r;
    if (!m.hasMatch())
        return r;
    r.site = m.captured(1).toInt();
    r.eap = m.captured(2).isEmpty() ? -1 : m.captured(2).toInt();
    r.group = m.captured(3).isEmpty() ? -1 : m.captured(3).toInt();
    r.kind = r.group >= 0 ? Node : r.eap >= 0 ? Eap : Site;
    return r;
}

QString ElementRef::path() const
{
    if (kind == None)
        return {};
    QString p = QString("sites[%1]").arg(site);
    if (eap >= 0)
        p += QString(".eaps[%1]").arg(eap);
    if (group >= 0)
        p += QString(".nodes[%1]").arg(group);
    return p;
}

bool ElementRef::valid(const Scenario &s) const
{
    if (kind == None || site < 0 || site >= int(s.sites.size()))
        return false;
    const SiteSpec &st = s.sites[site];
    if (eap >= 0 && eap >= int(st.eaps.size()))
        return false;
    if (kind == Eap)
        return eap >= 0;
    if (kind == Node)
        return group >= 0 && group < int(eap >= 0 ? st.eaps[eap].nodes.size() : st.nodes.size());
    return true;
}

NodeSpec &ElementRef::node(Scenario &s) const
{
    SiteSpec &st = s.sites[site];
    return eap >= 0 ? st.eaps[eap].nodes[group] : st.nodes[group];
}

const NodeSpec &ElementRef::node(const Scenario &s) const
{
    return node(const_cast<Scenario &>(s));
}

std::string ElementRef::name(const Scenario &s) const
{
    if (!valid(s))
        return {};
    switch (kind) {
    case Site: return s.sites[site].name;
    case Eap: return s.sites[site].eaps[eap].name;
    case Node: return node(s).name;
    case None: break;
    }
    return {};
}

} // namespace schedlab::ui
