// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonfolder.h"

#include "base/csv.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace schedlab::charts {

namespace {
/** Splits one CSV line, with "quoted ""fields""" as the writer quotes labels. */
QStringList csvFields(const QString &line)
{
    QStringList out;
    QString field;
    bool quoted = false;
    for (int i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < line.size() && line[i + 1] == QLatin1Char('"'))
                field += c, ++i;
            else if (c == QLatin1Char('"'))
                quoted = false;
            else
                field += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            out << QString::fromStdString(csvFieldText(field.toStdString()));
            field.clear();
        } else {
            field += c;
        }
    }
    out << QString::fromStdString(csvFieldText(field.toStdString()));
    return out;
}

using Row = std::function<QString(const QStringList &)>; // returns an error or ""

/** Calls `row` for each data line after checking the header; errors carry file:line. */
bool readCsv(const QString &path, const QString &header, const Row &row, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, f.errorString());
        return false;
    }
    const int columns = int(header.count(QLatin1Char(','))) + 1;
    int line = 0;
    while (!f.atEnd()) {
        const QString text = QString::fromUtf8(f.readLine()).trimmed();
        ++line;
        if (line == 1) {
            if (text != header) {
                *error = QStringLiteral("%1:1: expected the header \"%2\"").arg(path, header);
                return false;
            }
            continue;
        }
        if (text.isEmpty())
            continue;
        const QStringList fields = csvFields(text);
        QString problem =
            fields.size() == columns
                ? row(fields)
                : QStringLiteral("expected %1 fields, found %2").arg(columns).arg(fields.size());
        if (!problem.isEmpty()) {
            *error = QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(problem);
            return false;
        }
    }
    if (line == 0) {
        *error = QStringLiteral("%1: empty file").arg(path);
        return false;
    }
    return true;
}

bool toDouble(const QString &s, double *v)
{
    bool ok = false;
    *v = s.toDouble(&ok);
    return ok && std::isfinite(*v); // nan and inf would break sorting and axes
}
} // namespace

std::optional<ComparisonFolder> readComparisonFolder(const QString &dirName, QString *error)
{
    QString ignored;
    if (!error)
        error = &ignored;
    const QDir dir(dirName);
    if (!dir.exists()) {
        *error = QStringLiteral("no comparison folder %1").arg(dirName);
        return std::nullopt;
    }
    ComparisonFolder out;
    std::map<QString, int> variantOf;
    const auto variant = [&](const QString &label) {
        const auto [it, added] = variantOf.emplace(label, int(out.spec.variants.size()));
        if (added) {
            out.spec.variants.push_back({label.toStdString(), {}});
            out.summary.push_back({label.toStdString(), {}, {}});
        }
        return it->second;
    };
    const bool summaryOk = readCsv(
        dir.filePath(QStringLiteral("summary.csv")), QStringLiteral("policy,metric,mean,ci95,n"),
        [&](const QStringList &f) {
            MeanCi m;
            bool nOk = false;
            m.n = f[4].toInt(&nOk);
            if (!toDouble(f[2], &m.mean) || !toDouble(f[3], &m.ci95) || !nOk)
                return QStringLiteral("mean, ci95 and n must be numbers");
            out.summary[variant(f[0])].metrics.emplace_back(f[1].toStdString(), m);
            return QString();
        },
        error);
    if (!summaryOk)
        return std::nullopt;

    std::map<std::pair<int, std::uint64_t>, int> cellOf;
    const auto cell = [&](int v, std::uint64_t seed) -> CellResult & {
        auto seedIt = std::find(out.spec.seeds.begin(), out.spec.seeds.end(), seed);
        if (seedIt == out.spec.seeds.end())
            seedIt = out.spec.seeds.insert(out.spec.seeds.end(), seed);
        const auto [it, added] = cellOf.emplace(std::make_pair(v, seed), int(out.cells.size()));
        if (added)
            out.cells.push_back({v, int(seedIt - out.spec.seeds.begin()), {}, {}});
        return out.cells[it->second];
    };
    const auto known = [&](const QString &label) { return variantOf.count(label) > 0; };
    const bool framesOk = readCsv(
        dir.filePath(QStringLiteral("frames.csv")),
        QStringLiteral("policy,seed,frame,time_s,throughput,arrived,on_time,dropped,avg_util,"
                       "imbalance,edge_replicas"),
        [&](const QStringList &f) {
            if (!known(f[0]))
                return QStringLiteral("policy '%1' is not in summary.csv").arg(f[0]);
            bool seedOk = false;
            const std::uint64_t seed = f[1].toULongLong(&seedOk);
            FramePoint p;
            double values[7];
            for (int i = 0; i < 7; ++i)
                if (!toDouble(f[i + 4], &values[i]))
                    return QStringLiteral("'%1' is not a number").arg(f[i + 4]);
            if (!seedOk || !toDouble(f[3], &p.time))
                return QStringLiteral("seed and time_s must be numbers");
            p.throughput = values[0], p.arrived = values[1], p.onTime = values[2];
            p.dropped = values[3], p.avgUtil = values[4], p.imbalance = values[5];
            p.edgeReplicas = values[6];
            cell(variantOf[f[0]], seed).result.frames.push_back(p);
            return QString();
        },
        error);
    if (!framesOk)
        return std::nullopt;

    const QString cdfPath = dir.filePath(QStringLiteral("cdf.csv"));
    if (QFile::exists(cdfPath)) {
        const bool cdfOk = readCsv(
            cdfPath, QStringLiteral("policy,seed,response_s,fraction"),
            [&](const QStringList &f) {
                if (!known(f[0]))
                    return QStringLiteral("policy '%1' is not in summary.csv").arg(f[0]);
                bool seedOk = false;
                const std::uint64_t seed = f[1].toULongLong(&seedOk);
                double s = 0, fraction = 0;
                if (!seedOk || !toDouble(f[2], &s) || !toDouble(f[3], &fraction) || fraction < 0 ||
                    fraction > 1)
                    return QStringLiteral("expected a seed, seconds and a fraction in [0, 1]");
                cell(variantOf[f[0]], seed).result.responseCdf.emplace_back(s, fraction);
                return QString();
            },
            error);
        if (!cdfOk)
            return std::nullopt;
        out.hasCdf = true;
    }

    QFile json(dir.filePath(QStringLiteral("summary.json")));
    if (json.open(QIODevice::ReadOnly))
        out.scenario = QJsonDocument::fromJson(json.readAll())
                           .object()
                           .value(QStringLiteral("scenario"))
                           .toString();
    if (out.summary.empty()) {
        *error = QStringLiteral("%1: no results").arg(dir.filePath(QStringLiteral("summary.csv")));
        return std::nullopt;
    }
    return out;
}

} // namespace schedlab::charts
