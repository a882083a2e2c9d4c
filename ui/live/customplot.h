// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// <qcustomplot.h> uses the signals/slots/emit/foreach keywords that QT_NO_KEYWORDS removes.
#ifndef signals
#define SCHEDLAB_UNDEF_KEYWORDS
#define signals Q_SIGNALS
#define slots Q_SLOTS
#define emit Q_EMIT
#define foreach Q_FOREACH
#endif
#include <qcustomplot.h>
#ifdef SCHEDLAB_UNDEF_KEYWORDS
#undef signals
#undef slots
#undef emit
#undef foreach
#undef SCHEDLAB_UNDEF_KEYWORDS
#endif
