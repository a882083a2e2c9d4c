// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/scenarioio.h"

#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QtTest>

namespace schedlab::test {

inline QString qs(const std::string &s) { return QString::fromStdString(s); }

/**
 * `yaml` with the top-level keys every scenario has and it lacks appended (before a
 * second document, if any): `services: []`, `sites: []`, a Poisson workload and
 * `policies: {}`. Error rows hold only what they test; this makes them whole.
 */
inline QString withRequiredKeys(QString yaml)
{
    const std::pair<const char *, const char *> keys[] = {
        {"services", "services: []\n"},
        {"sites", "sites: []\n"},
        {"workload", "workload: {requests: {kind: poisson, rate: 1/s}}\n"},
        {"policies", "policies: {}\n"}};
    QString missing;
    for (const auto &[key, text] : keys)
        if (!yaml.contains(
                QRegularExpression(QString("^%1:").arg(key), QRegularExpression::MultilineOption)))
            missing += text;
    const qsizetype second =
        yaml.indexOf(QRegularExpression("^---", QRegularExpression::MultilineOption));
    return second < 0 ? yaml + missing : yaml.insert(second, missing);
}

inline std::string withRequiredKeys(const std::string &yaml)
{
    return withRequiredKeys(QString::fromStdString(yaml)).toStdString();
}

/** Every error of a load, one per line, for failure messages. */
inline QString allErrors(const ScenarioLoad &load)
{
    QStringList out;
    for (const ScenarioError &e : load.errors)
        out << qs(e.format());
    return out.join('\n');
}

/**
 * The body of a data-driven error test: the row's `yaml` fails to load with
 * exactly one error, at `line`:`column` of row.yaml, on `keyPath`, saying `message`.
 */
inline void checkErrorRow()
{
    QFETCH(QString, yaml);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(QString, keyPath);
    QFETCH(QString, message);
    const ScenarioLoad load = loadScenarioText(yaml.toStdString(), "row.yaml");
    QVERIFY(!load.ok());
    QVERIFY(!load.errors.empty());
    const ScenarioError &e = load.errors.front();
    QCOMPARE(qs(e.message), message);
    QCOMPARE(qs(e.keyPath), keyPath);
    QCOMPARE(e.line, line);
    QCOMPARE(e.column, column);
    QCOMPARE(qs(e.file), QString("row.yaml"));
    QVERIFY2(load.errors.size() == 1, qPrintable(allErrors(load)));
}

} // namespace schedlab::test
