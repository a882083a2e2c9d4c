// SPDX-License-Identifier: GPL-3.0-or-later
#include "topologydocument.h"

#include "editcommands.h"
#include "scenario/loadtextfile.h"

#include <QUndoStack>
#include <algorithm>
#include <set>
#include <tuple>

namespace schedlab::ui {

namespace {
std::set<std::string> usedNames(const Scenario &s)
{
    std::set<std::string> names;
    const auto addGroup = [&](const NodeSpec &n) {
        names.insert(n.name);
        for (int i = 1; i <= std::max(1, n.count); ++i)
            names.insert(n.nameOf(i));
    };
    for (const SiteSpec &site : s.sites) {
        names.insert(site.name);
        for (const EapSpec &eap : site.eaps) {
            names.insert(eap.name);
            std::for_each(eap.nodes.begin(), eap.nodes.end(), addGroup);
        }
        std::for_each(site.nodes.begin(), site.nodes.end(), addGroup);
    }
    return names;
}

bool nameFree(const std::set<std::string> &used, const NodeSpec &n)
{
    for (int i = 1; i <= std::max(1, n.count); ++i)
        if (used.count(n.nameOf(i)))
            return false;
    return !used.count(n.name);
}

NodeSpec defaultNode(std::string name)
{
    NodeSpec n;
    n.name = std::move(name);
    n.arch = "amd64";
    n.cpu = 2;
    n.memory = 4.0 * (1 << 30);
    return n;
}

std::vector<std::string> namesIn(const Scenario &s, const ElementRef &r)
{
    std::vector<std::string> out{r.name(s)};
    if (r.kind == ElementRef::Site)
        for (const EapSpec &e : s.sites[r.site].eaps)
            out.push_back(e.name);
    return out;
}
} // namespace

TopologyDocument::TopologyDocument(QObject *parent) : QObject(parent), mUndo(new QUndoStack(this))
{
    connect(mUndo, &QUndoStack::cleanChanged, this,
            [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

TopologyDocument::~TopologyDocument() = default;

bool TopologyDocument::isModified() const
{
    return !mUndo->isClean();
}

void TopologyDocument::reset(const Scenario &scenario, const QString &fileName,
                             std::vector<ScenarioError> located, std::string fileText)
{
    mUndo->clear();
    mFileName = fileName;
    mLocated = std::move(located);
    mFileText = std::move(fileText);
    mFileModel = scenario;
    apply(scenario, Change::Replaced);
    Q_EMIT fileNameChanged(mFileName);
    Q_EMIT modifiedChanged(false);
}

QStringList TopologyDocument::load(const QString &path)
{
    std::string text;
    const ScenarioLoad load = loadTextFile<ScenarioLoad>(
        path.toStdString(), [&text](const std::string &read, const std::string &file) {
            text = read;
            return loadScenarioText(read, file);
        });
    if (load.ok() || load.withProblems) {
        std::vector<ScenarioError> located = load.errors;
        located.insert(located.end(), load.warnings.begin(), load.warnings.end());
        if (load.ok())
            mLoadedWarnings = load.warnings;
        reset(load.ok() ? *load.scenario : *load.withProblems, path, std::move(located),
              std::move(text));
        return {};
    }
    QStringList errors;
    for (const ScenarioError &e : load.errors)
        errors << QString::fromStdString(e.format());
    return errors;
}

ScenarioRewrite TopologyDocument::rewrite(const QString &path) const
{
    if (mFileText.empty())
        return {saveScenarioText(mScenario), {}};
    return rewriteScenarioText(mFileText, mFileModel, mScenario, path.toStdString());
}

QString TopologyDocument::inPlaceProblem() const
{
    return QString::fromStdString(rewrite(mFileName).error);
}

QString TopologyDocument::saveProblem() const
{
    if (mProblems.empty())
        return {};
    return tr("The scenario has %n problem(s); the first: %1", nullptr, int(mProblems.size()))
        .arg(QString::fromStdString(mProblems.front().format()));
}

bool TopologyDocument::save(const QString &path, QString *error, SaveStyle style)
{
    if (const QString problem = saveProblem(); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    ScenarioRewrite text = rewrite(path);
    if (!text.ok() && style == SaveStyle::Whole)
        text = {saveScenarioText(mScenario), {}};
    if (!text.ok()) {
        *error = tr("The edits cannot be written into the file's own text (%1); saving would "
                    "write the whole file anew, without its comments.")
                     .arg(QString::fromStdString(text.error));
        return false;
    }
    std::string why;
    if (!replaceFile(path.toStdString(), text.text, &why)) {
        *error = QString::fromStdString(why);
        return false;
    }
    mFileText = std::move(text.text);
    mFileModel = mScenario;
    mUndo->setClean();
    mLocated.clear(); // the file now holds this model
    if (mFileName != path) {
        mFileName = path;
        Q_EMIT fileNameChanged(mFileName);
    }
    return true;
}

void TopologyDocument::apply(const Scenario &scenario, Change kind)
{
    const std::string source = mScenario.sourcePath;
    mScenario = scenario;
    if (kind != Change::Replaced)
        mScenario.sourcePath = source;
    mProblems = validateScenario(mScenario);
    mWarnings.clear();
    if (mProblems.empty())
        mWarnings = mLoadedWarnings ? std::move(*mLoadedWarnings) : scenarioWarnings(mScenario);
    mLoadedWarnings.reset();
    for (auto *list : {&mProblems, &mWarnings})
        for (ScenarioError &e : *list) {
            e.file = mFileName.isEmpty() ? "<unsaved>" : mFileName.toStdString();
            // Where the file on disk says it, as the loader found it.
            for (const ScenarioError &at : mLocated)
                if (at.keyPath == e.keyPath && at.message == e.message)
                    e.line = at.line, e.column = at.column;
        }
    Q_EMIT changed(kind);
}

void TopologyDocument::edit(const QString &text, Change kind,
                            const std::function<void(Scenario &)> &edit)
{
    Scenario after = mScenario;
    edit(after);
    if (after == mScenario)
        return;
    mUndo->push(new SwapScenario(this, text, kind, mScenario, std::move(after)));
}

std::string TopologyDocument::freshName(const std::string &stem) const
{
    const std::set<std::string> used = usedNames(mScenario);
    for (int k = 1;; ++k)
        if (!used.count(stem + std::to_string(k)))
            return stem + std::to_string(k);
}

ElementRef TopologyDocument::addEdgeSite(CanvasPoint at)
{
    ElementRef ref{ElementRef::Site, int(mScenario.sites.size())};
    const std::string site = freshName("edge-"), eap = freshName("eap-");
    edit(tr("Add Site"), Change::Structure, [&](Scenario &s) {
        SiteSpec spec;
        spec.name = site;
        spec.eaps.push_back(EapSpec{eap, {defaultNode(site + "-n1")}});
        s.sites.push_back(std::move(spec));
        s.layout[site] = at;
    });
    return ref;
}

ElementRef TopologyDocument::addEap(int site, CanvasPoint relative)
{
    if (site < 0 || site >= int(mScenario.sites.size()) ||
        mScenario.sites[site].kind != SiteKind::Edge)
        return {};
    ElementRef ref{ElementRef::Eap, site, int(mScenario.sites[site].eaps.size())};
    const std::string eap = freshName("eap-");
    const std::string node = freshName(mScenario.sites[site].name + "-n");
    edit(tr("Add eAP"), Change::Structure, [&](Scenario &s) {
        s.sites[site].eaps.push_back(EapSpec{eap, {defaultNode(node)}});
        s.layout[eap] = relative;
    });
    return ref;
}

ElementRef TopologyDocument::addNode(const ElementRef &eap)
{
    if (eap.kind != ElementRef::Eap || !eap.valid(mScenario))
        return {};
    ElementRef ref{ElementRef::Node, eap.site, eap.eap,
                   int(mScenario.sites[eap.site].eaps[eap.eap].nodes.size())};
    const std::string node = freshName(mScenario.sites[eap.site].name + "-n");
    edit(tr("Add Edge Node"), Change::Structure,
         [&](Scenario &s) { s.sites[eap.site].eaps[eap.eap].nodes.push_back(defaultNode(node)); });
    return ref;
}

ElementRef TopologyDocument::addCloudNodes()
{
    const auto cloud = std::find_if(mScenario.sites.begin(), mScenario.sites.end(),
                                    [](const SiteSpec &s) { return s.kind == SiteKind::Cloud; });
    const int site = int(cloud - mScenario.sites.begin());
    const std::string stem = freshName("vm-");
    NodeSpec vms = defaultNode(stem + "-{i}");
    vms.count = 4;
    vms.cpu = 4;
    vms.memory = 16.0 * (1 << 30);
    if (cloud == mScenario.sites.end()) {
        const std::string name = mScenario.sites.empty() ? "cloud" : freshName("cloud-");
        edit(tr("Add Cloud"), Change::Structure, [&](Scenario &s) {
            SiteSpec spec;
            spec.name = name;
            spec.kind = SiteKind::Cloud;
            spec.nodes.push_back(vms);
            s.sites.push_back(std::move(spec));
        });
        return ElementRef{ElementRef::Site, site};
    }
    const int group = int(cloud->nodes.size());
    edit(tr("Add Cloud VMs"), Change::Structure,
         [&](Scenario &s) { s.sites[site].nodes.push_back(vms); });
    return ElementRef{ElementRef::Node, site, -1, group};
}

void TopologyDocument::remove(const std::vector<ElementRef> &elements)
{
    std::vector<ElementRef> sorted;
    for (const ElementRef &r : elements)
        if (r.valid(mScenario))
            sorted.push_back(r);
    if (sorted.empty())
        return;
    // Highest index first, children before their parents, so earlier erasures
    // never shift a later one.
    std::sort(sorted.begin(), sorted.end(), [](const ElementRef &a, const ElementRef &b) {
        return std::tie(a.site, a.eap, a.group) > std::tie(b.site, b.eap, b.group);
    });
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    edit(tr("Delete %n Element(s)", nullptr, int(sorted.size())), Change::Structure,
         [&](Scenario &s) {
             for (const ElementRef &r : sorted) {
                 for (const std::string &name : namesIn(s, r)) {
                     s.layout.erase(name);
                     std::erase_if(s.links, [&](const LinkOverride &l) {
                         return l.from == name || l.to == name;
                     });
                 }
                 SiteSpec &site = s.sites[r.site];
                 if (r.kind == ElementRef::Site)
                     s.sites.erase(s.sites.begin() + r.site);
                 else if (r.kind == ElementRef::Eap)
                     site.eaps.erase(site.eaps.begin() + r.eap);
                 else if (r.eap >= 0)
                     site.eaps[r.eap].nodes.erase(site.eaps[r.eap].nodes.begin() + r.group);
                 else
                     site.nodes.erase(site.nodes.begin() + r.group);
             }
         });
}

ElementRef TopologyDocument::reattach(const ElementRef &node, const ElementRef &eap)
{
    if (node.kind != ElementRef::Node || !node.valid(mScenario) || eap.kind != ElementRef::Eap ||
        !eap.valid(mScenario) || (node.site == eap.site && node.eap == eap.eap))
        return {};
    ElementRef moved{ElementRef::Node, eap.site, eap.eap,
                     int(mScenario.sites[eap.site].eaps[eap.eap].nodes.size())};
    edit(tr("Connect %1 to %2")
             .arg(QString::fromStdString(node.name(mScenario)),
                  QString::fromStdString(eap.name(mScenario))),
         Change::Structure, [&](Scenario &s) {
             const NodeSpec spec = node.node(s);
             SiteSpec &from = s.sites[node.site];
             if (node.eap >= 0)
                 from.eaps[node.eap].nodes.erase(from.eaps[node.eap].nodes.begin() + node.group);
             else
                 from.nodes.erase(from.nodes.begin() + node.group);
             s.sites[eap.site].eaps[eap.eap].nodes.push_back(spec);
         });
    return moved;
}

std::vector<ElementRef> TopologyDocument::paste(const std::vector<NodeSpec> &groups,
                                                const ElementRef &eap)
{
    if (groups.empty() || eap.kind != ElementRef::Eap || !eap.valid(mScenario))
        return {};
    std::set<std::string> used = usedNames(mScenario);
    std::vector<NodeSpec> copies;
    for (NodeSpec n : groups) {
        if (!nameFree(used, n)) {
            std::string stem = n.name;
            const bool templated = stem.find("{i}") != std::string::npos;
            if (templated)
                stem.erase(stem.find("{i}"), 3);
            while (!stem.empty() && stem.back() == '-')
                stem.pop_back();
            for (int k = 1;; ++k) {
                n.name = stem + "-copy" + std::to_string(k) + (templated ? "-{i}" : "");
                if (nameFree(used, n))
                    break;
            }
        }
        for (int i = 1; i <= std::max(1, n.count); ++i)
            used.insert(n.nameOf(i));
        used.insert(n.name);
        copies.push_back(std::move(n));
    }
    std::vector<ElementRef> refs;
    const int first = int(mScenario.sites[eap.site].eaps[eap.eap].nodes.size());
    for (int k = 0; k < int(copies.size()); ++k)
        refs.push_back(ElementRef{ElementRef::Node, eap.site, eap.eap, first + k});
    edit(tr("Paste %n Node Group(s)", nullptr, int(copies.size())), Change::Structure,
         [&](Scenario &s) {
             auto &nodes = s.sites[eap.site].eaps[eap.eap].nodes;
             nodes.insert(nodes.end(), copies.begin(), copies.end());
         });
    return refs;
}

void TopologyDocument::move(const std::string &name, CanvasPoint to, int dragId)
{
    const auto it = mScenario.layout.find(name);
    if (it != mScenario.layout.end() && it->second == to)
        return;
    mUndo->push(new MoveElement(this, name, to, dragId));
}

void TopologyDocument::autoLayout()
{
    edit(tr("Auto Layout"), Change::Layout, [](Scenario &s) { s.layout.clear(); });
}

} // namespace schedlab::ui
