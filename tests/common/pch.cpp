// SPDX-License-Identifier: GPL-3.0-or-later
// Compiles the precompiled header the test suites share.
