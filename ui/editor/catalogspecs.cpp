// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalogspecs.h"

#include "scenario/units.h"
#include "topologydocument.h"

#include <QString>
#include <QStringList>
#include <set>
#include <sstream>

namespace schedlab::ui {

namespace {
std::string trimmed(const std::string &s) { return QString::fromStdString(s).trimmed().toStdString(); }

using Get = std::function<std::string(const Scenario &, int)>;
using Set = std::function<std::string(Scenario &, int, const std::string &)>;

CatalogColumn column(const char *header, const char *key, Get get, Set set)
{
    return {QObject::tr(header), key, std::move(get), std::move(set)};
}

CatalogColumn quantityColumn(const char *header, const char *key, Dimension d,
                             double ServiceSpec::*member)
{
    return column(
        header, key,
        [d, member](const Scenario &s, int r) {
            return d == Dimension::Ratio ? formatNumber(s.services[r].*member)
                                         : formatQuantity(s.services[r].*member, d);
        },
        [d, member](Scenario &s, int r, const std::string &t) -> std::string {
            const Parsed<double> p = d == Dimension::Ratio ? parseNumber(trimmed(t)) : parseQuantity(t, d);
            if (p.ok())
                s.services[r].*member = p.value;
            return p.error;
        });
}

CatalogColumn distributionColumn(const char *header, const char *key, Dimension d,
                                 Distribution ServiceSpec::*member)
{
    return column(
        header, key,
        [d, member](const Scenario &s, int r) { return formatDistribution(s.services[r].*member, d); },
        [d, member](Scenario &s, int r, const std::string &t) -> std::string {
            const Parsed<Distribution> p = parseDistribution(t, d);
            if (p.ok())
                s.services[r].*member = p.value;
            return p.error;
        });
}

/** Variant rows flattened: (image, variant) of row `r`. */
std::pair<int, int> variantAt(const Scenario &s, int r)
{
    for (int i = 0; i < int(s.images.size()); ++i) {
        if (r < int(s.images[i].variants.size()))
            return {i, r};
        r -= int(s.images[i].variants.size());
    }
    return {-1, -1};
}

int variantRows(const Scenario &s)
{
    int n = 0;
    for (const ImageSpec &i : s.images)
        n += int(i.variants.size());
    return n;
}

std::string formatLayers(const Scenario &s, const std::vector<LayerSpec> &layers)
{
    std::string out;
    for (const LayerSpec &l : layers) {
        const bool named = std::find(s.layers.begin(), s.layers.end(), l) != s.layers.end();
        out += (out.empty() ? "" : ", ") + (named ? l.digest : l.digest + "=" + formatSize(l.size));
    }
    return out;
}

/** "name, digest=size, ...": a bare name refers to the top-level `layers` map. */
std::string parseLayers(const Scenario &s, const std::string &text, std::vector<LayerSpec> &out)
{
    out.clear();
    for (const QString &part : QString::fromStdString(text).split(',', Qt::SkipEmptyParts)) {
        const std::string item = part.trimmed().toStdString();
        if (item.empty())
            continue;
        const auto eq = item.find('=');
        if (eq == std::string::npos) {
            const auto named = std::find_if(s.layers.begin(), s.layers.end(),
                                            [&](const LayerSpec &l) { return l.digest == item; });
            if (named == s.layers.end())
                return "unknown layer '" + item +
                       "'; name a layer of the top-level `layers` map or write digest=size";
            out.push_back(*named);
            continue;
        }
        const Parsed<double> size = parseSize(item.substr(eq + 1));
        if (!size.ok())
            return "layer '" + trimmed(item.substr(0, eq)) + "': " + size.error;
        out.push_back(LayerSpec{trimmed(item.substr(0, eq)), size.value});
    }
    return {};
}
} // namespace

CatalogSpec servicesCatalog()
{
    CatalogSpec spec;
    spec.noun = QObject::tr("service");
    spec.rows = [](const Scenario &s) { return int(s.services.size()); };
    spec.path = [](const Scenario &, int r) { return "services[" + std::to_string(r) + "]"; };
    spec.columns = {
        column("Name", "name", [](const Scenario &s, int r) { return s.services[r].name; },
               [](Scenario &s, int r, const std::string &t) -> std::string {
                   const std::string v = trimmed(t), old = s.services[r].name;
                   if (v.empty())
                       return "must not be empty";
                   s.services[r].name = v;
                   // Pinned replicas follow the rename.
                   for (SiteSpec &site : s.sites) {
                       auto follow = [&](NodeSpec &n) {
                           if (const auto it = n.hosts.find(old); it != n.hosts.end()) {
                               const int k = it->second;
                               n.hosts.erase(it);
                               n.hosts[v] = k;
                           }
                       };
                       for (EapSpec &eap : site.eaps)
                           std::for_each(eap.nodes.begin(), eap.nodes.end(), follow);
                       std::for_each(site.nodes.begin(), site.nodes.end(), follow);
                   }
                   return {};
               }),
        column("Image", "image", [](const Scenario &s, int r) { return s.services[r].image; },
               [](Scenario &s, int r, const std::string &t) -> std::string {
                   s.services[r].image = trimmed(t);
                   return {};
               }),
        quantityColumn("Replica CPU", "replica.cpu", Dimension::Cpu, &ServiceSpec::replicaCpu),
        quantityColumn("Replica memory", "replica.memory", Dimension::Size,
                       &ServiceSpec::replicaMemory),
        distributionColumn("Work", "request.work", Dimension::Duration, &ServiceSpec::work),
        distributionColumn("Size", "request.size", Dimension::Size, &ServiceSpec::size),
        distributionColumn("Deadline", "request.deadline", Dimension::Duration, &ServiceSpec::deadline),
        quantityColumn("perf_base", "perf_base", Dimension::Ratio, &ServiceSpec::perfBase),
        column("Replicas edge/min/max", "replicas",
               [](const Scenario &s, int r) {
                   const ReplicaBounds &b = s.services[r].replicas;
                   return std::to_string(b.edge) + " / " + std::to_string(b.min) + " / " +
                          std::to_string(b.max);
               },
               [](Scenario &s, int r, const std::string &t) -> std::string {
                   std::string text = t;
                   std::replace(text.begin(), text.end(), '/', ' ');
                   std::istringstream in(text);
                   ReplicaBounds b;
                   std::string rest;
                   if (!(in >> b.edge >> b.min >> b.max) || (in >> rest))
                       return "expected edge / min / max, three whole numbers, got '" + trimmed(t) + "'";
                   s.services[r].replicas = b;
                   return {};
               }),
    };
    spec.add = [](TopologyDocument &doc, int after) {
        const Scenario &s = doc.scenario();
        std::set<std::string> names;
        for (const ServiceSpec &svc : s.services)
            names.insert(svc.name);
        ServiceSpec svc = after >= 0 && after < int(s.services.size()) ? s.services[after] : ServiceSpec{};
        int k = int(s.services.size()) + 1;
        while (names.count("svc-" + std::to_string(k)))
            ++k;
        svc.name = "svc-" + std::to_string(k);
        if (svc.image.empty() && !s.images.empty())
            svc.image = s.images.front().name;
        doc.edit(QObject::tr("Add Service"), TopologyDocument::Change::Structure,
                 [&](Scenario &m) { m.services.push_back(svc); });
    };
    spec.remove = [](Scenario &s, int r) {
        const std::string name = s.services[r].name;
        s.services.erase(s.services.begin() + r);
        for (SiteSpec &site : s.sites) {
            for (EapSpec &eap : site.eaps)
                for (NodeSpec &n : eap.nodes)
                    n.hosts.erase(name);
            for (NodeSpec &n : site.nodes)
                n.hosts.erase(name);
        }
    };
    return spec;
}

CatalogSpec imagesCatalog()
{
    CatalogSpec spec;
    spec.noun = QObject::tr("image variant");
    spec.rows = variantRows;
    spec.path = [](const Scenario &s, int r) {
        const auto [i, v] = variantAt(s, r);
        return "images[" + std::to_string(i) + "].variants[" + std::to_string(v) + "]";
    };
    spec.columns = {
        column("Image", "name", [](const Scenario &s, int r) { return s.images[variantAt(s, r).first].name; },
               [](Scenario &s, int r, const std::string &t) -> std::string {
                   const std::string v = trimmed(t);
                   if (v.empty())
                       return "must not be empty";
                   ImageSpec &image = s.images[variantAt(s, r).first];
                   for (ServiceSpec &svc : s.services)
                       if (svc.image == image.name)
                           svc.image = v;
                   image.name = v;
                   return {};
               }),
        column("Index", "index",
               [](const Scenario &s, int r) { return s.images[variantAt(s, r).first].index ? "true" : "false"; },
               [](Scenario &s, int r, const std::string &t) -> std::string {
                   const std::string v = trimmed(t);
                   if (v != "true" && v != "false")
                       return "expected true or false, got '" + v + "'";
                   s.images[variantAt(s, r).first].index = v == "true";
                   return {};
               }),
        column("Arch", "arch",
               [](const Scenario &s, int r) {
                   const auto [i, v] = variantAt(s, r);
                   return s.images[i].variants[v].arch;
               },
               [](Scenario &s, int r, const std::string &t) -> std::string {
                   const auto [i, v] = variantAt(s, r);
                   s.images[i].variants[v].arch = trimmed(t);
                   return {};
               }),
        column("Per-arch name", "name",
               [](const Scenario &s, int r) {
                   const auto [i, v] = variantAt(s, r);
                   return s.images[i].variants[v].name;
               },
               [](Scenario &s, int r, const std::string &t) -> std::string {
                   const auto [i, v] = variantAt(s, r);
                   s.images[i].variants[v].name = trimmed(t);
                   return {};
               }),
        column("Layers", "layers",
               [](const Scenario &s, int r) {
                   const auto [i, v] = variantAt(s, r);
                   return formatLayers(s, s.images[i].variants[v].layers);
               },
               [](Scenario &s, int r, const std::string &t) -> std::string {
                   const auto [i, v] = variantAt(s, r);
                   std::vector<LayerSpec> layers;
                   if (std::string e = parseLayers(s, t, layers); !e.empty())
                       return e;
                   s.images[i].variants[v].layers = std::move(layers);
                   return {};
               }),
    };
    spec.add = [](TopologyDocument &doc, int after) {
        const Scenario &s = doc.scenario();
        const int image = after >= 0 ? variantAt(s, after).first : -1;
        if (image < 0) {
            std::set<std::string> names;
            for (const ImageSpec &i : s.images)
                names.insert(i.name);
            int k = int(s.images.size()) + 1;
            while (names.count("image-" + std::to_string(k) + ":1"))
                ++k;
            ImageSpec spec;
            spec.name = "image-" + std::to_string(k) + ":1";
            spec.variants.push_back(ImageVariant{"amd64", "", {}});
            doc.edit(QObject::tr("Add Image"), TopologyDocument::Change::Structure,
                     [&](Scenario &m) { m.images.push_back(spec); });
            return;
        }
        std::string arch;
        for (const char *a : {"amd64", "arm64", "riscv64", "ppc64le", "s390x"})
            if (!s.images[image].variantFor(a)) {
                arch = a;
                break;
            }
        if (arch.empty())
            return;
        ImageVariant variant = s.images[image].variants.front();
        variant.arch = arch;
        doc.edit(QObject::tr("Add Image Variant"), TopologyDocument::Change::Structure,
                 [&](Scenario &m) { m.images[image].variants.push_back(variant); });
    };
    spec.remove = [](Scenario &s, int r) {
        const auto [i, v] = variantAt(s, r);
        auto &variants = s.images[i].variants;
        variants.erase(variants.begin() + v);
        if (variants.empty())
            s.images.erase(s.images.begin() + i);
    };
    return spec;
}

} // namespace schedlab::ui
