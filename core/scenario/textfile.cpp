// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/textfile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace schedlab {

std::optional<std::string> readTextFile(const std::string &path, std::string *why)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        if (why)
            *why = "it is a directory";
        return std::nullopt;
    }
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (why)
            *why = errno ? std::strerror(errno) : "cannot open it";
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) {
        if (why)
            *why = "reading it failed";
        return std::nullopt;
    }
    return text.str();
}

} // namespace schedlab
