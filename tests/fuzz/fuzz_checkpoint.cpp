// SPDX-License-Identifier: GPL-3.0-or-later
// The checkpoint reader on any bytes: a damaged file is a CheckpointError naming it,
// never a crash, and a file that decodes encodes back to the same model.
#include "learn/learnedmodel.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace schedlab;
    const std::string bytes(reinterpret_cast<const char *>(data), size);
    try {
        const LearnedModel model = decodeModel(bytes, "fuzz.slmodel");
        if (!(decodeModel(encodeModel(model), "again") == model))
            std::abort();
    } catch (const CheckpointError &error) {
        if (std::string(error.what()).find("fuzz.slmodel") == std::string::npos)
            std::abort();
    }
    return 0;
}
