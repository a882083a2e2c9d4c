// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSettings>
#include <QStandardPaths>
#include <QThread>
#include <QString>
#include <QVariant>
#include <algorithm>

namespace schedlab::ui {

/** A typed preference stored in QSettings; declare it where it is used. */
template <typename T>
class Preference
{
public:
    Preference(QString key, T fallback) : mKey(std::move(key)), mFallback(std::move(fallback)) {}
    T get() const { return QSettings().value(mKey, QVariant::fromValue(mFallback)).template value<T>(); }
    void set(const T &value) const { QSettings().setValue(mKey, QVariant::fromValue(value)); }
    T fallback() const { return mFallback; }

private:
    QString mKey;
    T mFallback;
};

/** The experiment store the workbench records comparisons in (the CLI takes --db). */
inline const Preference<QString> &experimentsDatabase()
{
    static const Preference<QString> p(
        "experiments/database",
        QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/experiments.db");
    return p;
}

/** Seeds a new comparison starts with. */
inline const Preference<int> &comparisonSeeds()
{
    static const Preference<int> p("compare/seeds", 5);
    return p;
}

/** Runs a comparison keeps in flight at once. */
inline const Preference<int> &comparisonJobs()
{
    static const Preference<int> p("compare/jobs", std::max(1, QThread::idealThreadCount()));
    return p;
}

} // namespace schedlab::ui
