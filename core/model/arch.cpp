// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/arch.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace schedlab {

const std::vector<std::string> &knownArches()
{
    static const std::vector<std::string> arches = {
        "amd64", "arm64", "arm", "386", "ppc64le", "s390x", "riscv64", "mips64le", "loong64"};
    return arches;
}

std::string kubernetesArchFor(const std::string &arch)
{
    static const std::map<std::string, std::string> others = {
        {"x86_64", "amd64"}, {"x86-64", "amd64"},    {"x64", "amd64"},    {"x86", "amd64"},
        {"intel", "amd64"},  {"aarch64", "arm64"},   {"armv8", "arm64"},  {"arm64v8", "arm64"},
        {"armv7", "arm"},    {"armhf", "arm"},       {"i386", "386"},     {"i686", "386"},
        {"x86_32", "386"},   {"ppc64el", "ppc64le"}, {"riscv", "riscv64"}};
    std::string lower = arch;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (lower != arch && std::count(knownArches().begin(), knownArches().end(), lower))
        return lower;
    const auto it = others.find(lower);
    return it == others.end() ? std::string() : it->second;
}

} // namespace schedlab
