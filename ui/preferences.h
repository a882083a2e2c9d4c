// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSettings>
#include <QString>
#include <QVariant>

namespace schedlab::ui {

/** A typed preference stored in QSettings; declare it where it is used. */
template <typename T>
class Preference
{
public:
    Preference(QString key, T fallback) : mKey(std::move(key)), mFallback(std::move(fallback)) {}
    T get() const { return QSettings().value(mKey, QVariant::fromValue(mFallback)).template value<T>(); }
    void set(const T &value) const { QSettings().setValue(mKey, QVariant::fromValue(value)); }

private:
    QString mKey;
    T mFallback;
};

} // namespace schedlab::ui
