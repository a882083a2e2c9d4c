// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <vector>

namespace schedlab {

/**
 * The observers of a simulation, in the order they subscribed (SimGrid's signals
 * are the model): each is told every event, and none owns another. An observer
 * outlives its subscription or removes itself.
 */
template <typename Observer> class Subscribers
{
public:
    void add(Observer *o)
    {
        if (o && std::find(mList.begin(), mList.end(), o) == mList.end())
            mList.push_back(o);
    }
    void remove(Observer *o) { std::erase(mList, o); }
    bool empty() const { return mList.empty(); }

    /** Calls `event` on every subscriber with `args`. */
    template <typename... Params, typename... Args>
    void notify(void (Observer::*event)(Params...), Args &&...args) const
    {
        for (Observer *o : mList)
            (o->*event)(args...);
    }

    /** True when any subscriber's `question` says so (all are asked). */
    bool any(bool (Observer::*question)()) const
    {
        bool yes = false;
        for (Observer *o : mList)
            yes = (o->*question)() || yes;
        return yes;
    }

private:
    std::vector<Observer *> mList;
};

} // namespace schedlab
