// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/textfile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace schedlab {

std::optional<std::string> readTextFile(const std::string &path, std::string *why,
                                        std::uintmax_t maxBytes)
{
    const auto refuse = [why](const std::string &reason) -> std::optional<std::string> {
        if (why)
            *why = reason;
        return std::nullopt;
    };
    struct stat info
    {
    };
    if (::stat(path.c_str(), &info) != 0)
        return refuse(std::strerror(errno));
    if (S_ISDIR(info.st_mode))
        return refuse("it is a directory");
    if (!S_ISREG(info.st_mode))
        return refuse("it is not a regular file (a device, a pipe or a socket may never end)");
    if (std::uintmax_t(info.st_size) > maxBytes)
        return refuse("it is " + std::to_string(info.st_size) + " bytes; a file of more than " +
                      std::to_string(maxBytes) + " is not read here");
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

namespace {
/** Writes `bytes` to the special file `path` (a device, a pipe) and reports a short write. */
bool writeInPlace(const std::string &path, std::string_view bytes, std::string *why)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    std::size_t written = 0;
    while (fd >= 0 && written < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        written += std::size_t(n);
    }
    const int error = errno;
    if (fd >= 0 && ::close(fd) == 0 && written == bytes.size())
        return true;
    if (why)
        *why = path +
               ": cannot write: " + std::strerror(fd < 0 || written < bytes.size() ? error : errno);
    return false;
}
} // namespace

namespace {
/** A file written beside its destination, waiting for its rename; `temp` is empty when
 *  the destination is a special file, which is written in place. */
struct Staged
{
    std::string temp, real;
};

/** Writes `bytes` to a new temporary file beside `path` (beside the file a link names). */
bool stage(const std::string &path, std::string_view bytes, Staged &out, std::string *why)
{
    const auto fail = [&](const std::string &what) {
        if (why)
            *why = path + ": " + what;
        return false;
    };
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return fail("it is a directory");
    // A device or a pipe (/dev/null, /dev/stdout) is written as it is: renaming over it
    // would put a plain file in its place.
    struct stat target
    {
    };
    if (::stat(path.c_str(), &target) == 0 && !S_ISREG(target.st_mode))
        return writeInPlace(path, bytes, why);
    // Through a symbolic link, the file it names is replaced, not the link.
    out.real = path;
    if (std::filesystem::is_symlink(path, ec)) {
        out.real = std::filesystem::canonical(path, ec).string();
        if (ec)
            return fail("cannot follow the link: " + ec.message());
    }
    std::string temp = out.real + ".XXXXXX";
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
    ::fchmod(fd, ::stat(out.real.c_str(), &old) == 0 ? (old.st_mode & 07777) : 0644);
    if (::close(fd) != 0) {
        const std::string reason = std::strerror(errno);
        std::filesystem::remove(temp, ec);
        return fail("cannot write: " + reason);
    }
    out.temp = std::move(temp);
    return true;
}

void discard(const std::vector<Staged> &staged, std::size_t from)
{
    std::error_code ignored;
    for (std::size_t i = from; i < staged.size(); ++i)
        if (!staged[i].temp.empty())
            std::filesystem::remove(staged[i].temp, ignored);
}
} // namespace

bool replaceFile(const std::string &path, std::string_view bytes, std::string *why)
{
    return replaceFiles({{path, bytes}}, why);
}

bool replaceFiles(const std::vector<std::pair<std::string, std::string_view>> &files,
                  std::string *why)
{
    std::vector<Staged> staged;
    for (const auto &[path, bytes] : files) {
        Staged s;
        if (!stage(path, bytes, s, why)) {
            discard(staged, 0);
            return false;
        }
        staged.push_back(std::move(s));
    }
    for (std::size_t i = 0; i < staged.size(); ++i) {
        if (staged[i].temp.empty())
            continue;
        std::error_code ec;
        std::filesystem::rename(staged[i].temp, staged[i].real, ec);
        if (ec) {
            discard(staged, i);
            if (why)
                *why = files[i].first + ": cannot replace it: " + ec.message();
            return false;
        }
    }
    return true;
}

} // namespace schedlab
