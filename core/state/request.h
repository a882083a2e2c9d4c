// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace schedlab {

/** A service request (KaiS Sec. II). Times are absolute simulated seconds. */
struct Request
{
    double created = 0.0;  ///< generated at the end device
    double deadline = 0.0; ///< created + delay requirement
    double enqueued = 0.0; ///< entered its current queue (Q_b, Q'_n or the cloud queue)
    double dequeued = 0.0; ///< left the eAP queue (start of the eq. 8 experience)
    double started = 0.0;  ///< processing began (start of the Ψ' experience)
    double work = 0.0;     ///< core-seconds at perf 1.0
    double size = 0.0;     ///< payload bytes
    double cpu = 0.0;      ///< cores it holds at its edge node (KaiS eq. 4's F)
    double memory = 0.0;   ///< bytes it holds at its edge node
    std::uint32_t service = 0;
    std::int32_t eap = 0;
    std::int32_t target = 0; ///< node id, or kCloud
    std::int32_t frame = 0;  ///< the frame it arrived in: its on-time completion counts there
};

} // namespace schedlab
