// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// <qcustomplot.h> uses the bare signals/slots/emit/foreach keywords, which
// QT_NO_KEYWORDS removes; include it only through this header.
#define signals Q_SIGNALS
#define slots Q_SLOTS
#define emit Q_EMIT
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef signals
#undef slots
#undef emit
#undef foreach
