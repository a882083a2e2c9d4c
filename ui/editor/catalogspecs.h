// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalogtable.h"

namespace schedlab::ui {

/** The services catalog: one row per service (name, image, replica size, request distributions, bounds). */
CatalogSpec servicesCatalog();
/** The images catalog: one row per image variant (image, index, arch, per-arch name, layers). */
CatalogSpec imagesCatalog();

} // namespace schedlab::ui
