// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/textfile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

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

bool replaceFile(const std::string &path, std::string_view bytes, std::string *why)
{
    const auto fail = [&](const std::string &what) {
        if (why)
            *why = path + ": " + what;
        return false;
    };
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return fail("it is a directory");
    std::string temp = path + ".XXXXXX";
    const int fd = ::mkstemp(temp.data());
    if (fd < 0)
        return fail(std::string("cannot write beside it: ") + std::strerror(errno));
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const std::string reason = std::strerror(errno);
            ::close(fd);
            std::filesystem::remove(temp, ec);
            return fail("cannot write: " + reason);
        }
        written += std::size_t(n);
    }
    // mkstemp makes the file private (0600): keep the replaced file's mode, or 0644.
    struct stat old{};
    ::fchmod(fd, ::stat(path.c_str(), &old) == 0 ? (old.st_mode & 07777) : 0644);
    if (::close(fd) != 0) {
        const std::string reason = std::strerror(errno);
        std::filesystem::remove(temp, ec);
        return fail("cannot write: " + reason);
    }
    std::filesystem::rename(temp, path, ec);
    if (ec) {
        std::error_code ignored;
        std::filesystem::remove(temp, ignored);
        return fail("cannot replace it: " + ec.message());
    }
    return true;
}

} // namespace schedlab
