// SPDX-License-Identifier: GPL-3.0-or-later
// The Alibaba trace reader on any bytes, in both formats: it never crashes or throws,
// every row is used or skipped for one reason, and the used tasks make a request pool.
#include "workload/tracepool.h"
#include "workload/tracereader.h"

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace schedlab;
    const std::string text(reinterpret_cast<const char *>(data), size);
    for (TraceFormat format : {TraceFormat::Alibaba2017, TraceFormat::Alibaba2018}) {
        std::istringstream in(text);
        const TraceImport import = importAlibabaTrace(in, format, "fuzz.csv");
        std::uint64_t skipped = 0;
        for (const auto &[reason, rows] : import.report.skipped)
            skipped += rows;
        if (import.report.used != import.tasks.size() ||
            import.report.rowsRead != import.report.used + skipped)
            std::abort();
        const TracePool pool = makeTracePool(import.tasks, format, 30);
        for (const TraceRequest &request : pool.requests)
            if (request.service < 0 || request.service >= 30 || !(request.delay >= 1.0))
                std::abort();
    }
    return 0;
}
