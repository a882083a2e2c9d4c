// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "experiment/sweep.h"

#include <QtGlobal>

namespace schedlab::test {

/** parseSweepParameter() of a text the test knows to be right. */
inline SweepParameter parameter(const std::string &text)
{
    std::string error;
    const auto p = parseSweepParameter(text, &error);
    if (!p)
        qFatal("bad parameter %s: %s", text.c_str(), error.c_str());
    return *p;
}

} // namespace schedlab::test
