// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "snapshot.h"

#include <QString>

namespace schedlab::ui {

/** "12 k ", "1.5 M ": a rate with an SI prefix and the space before its unit. */
QString rateText(double perSecond);

/** The run dock's totals: requests, and pods when the run places them; one line each. */
QString totalsText(const Snapshot &snapshot);

} // namespace schedlab::ui
