// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Pieces of scenario files that the loader's tests put together, so that each test
// writes out only what it is about. Every piece ends with a line break.

#include <string>

namespace schedlab::test {

/** Schema 1, name `t` and a 10 MB `base` layer: 3 lines. */
inline const std::string kHead = R"(schedlab: 1
name: t
layers: {base: 10MB}
)";

/** `images:` with app:1, one amd64 variant on `base`: 4 lines; more images may follow. */
inline const std::string kAppImage = R"(images:
  - name: app:1
    variants:
      - {arch: amd64, layers: [base]}
)";

/** `sites:` with one edge site of one eAP, eap-1, up to its `nodes:`: 5 lines. */
inline const std::string kEdgeEap = R"(sites:
  - name: edge
    eaps:
      - name: eap-1
        nodes:
)";

/** Two nodes for kEdgeEap, n1 and n2, of 2 cores and 4 GiB: 1 line. */
inline const std::string kTwoNodes = R"(          - {name: "n{i}", count: 2, cpu: 2, memory: 4Gi}
)";

/** A workload of no requests: 2 lines; `  deployments:` may follow. */
inline const std::string kNoRequests = R"(workload:
  requests: {kind: none}
)";

} // namespace schedlab::test
