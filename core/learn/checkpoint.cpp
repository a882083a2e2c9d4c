// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/checkpoint.h"

#include "learn/cmmacnets.h"

#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace schedlab {

namespace {

static_assert(std::endian::native == std::endian::little, "checkpoints are little-endian");

constexpr char kMagic[8] = {'S', 'L', 'C', 'M', 'M', 'A', 'C', '\n'};
constexpr std::uint32_t kVersion = 1;
constexpr const char *kCorrupt = "corrupt: the checksum does not match the contents";

std::uint64_t fnv1a(const char *data, std::size_t n)
{
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::size_t i = 0; i < n; ++i) {
        h ^= std::uint8_t(data[i]);
        h *= 0x100000001b3ull;
    }
    return h;
}

template <typename T> void put(std::string &out, const T &v)
{
    out.append(reinterpret_cast<const char *>(&v), sizeof v);
}

void putNet(std::string &out, const MlpWeights &w)
{
    put(out, std::uint32_t(w.layers.size()));
    for (const auto &l : w.layers) {
        put(out, std::uint32_t(l.out));
        put(out, std::uint32_t(l.in));
        out.append(reinterpret_cast<const char *>(l.weight.data()),
                   l.weight.size() * sizeof(float));
        out.append(reinterpret_cast<const char *>(l.bias.data()), l.bias.size() * sizeof(float));
    }
}

/** Reads forward through the file's bytes; every failure names the file. */
class Reader
{
public:
    Reader(const std::string &path, const std::string &bytes, std::size_t end, bool checksumOk)
        : mPath(path), mBytes(bytes), mEnd(end), mChecksumOk(checksumOk)
    {
    }
    /** A shape that differs is a file for other sizes, unless the bytes are damaged. */
    [[noreturn]] void mismatch(const std::string &what) const
    {
        fail(mChecksumOk ? what : std::string(kCorrupt));
    }
    [[noreturn]] void fail(const std::string &what) const
    {
        throw CheckpointError(mPath + ": " + what);
    }
    template <typename T> T get(const char *what)
    {
        T v;
        take(&v, sizeof v, what);
        return v;
    }
    void take(void *dst, std::size_t n, const char *what)
    {
        if (mEnd - mPos < n)
            fail(std::string("truncated: the file ends inside ") + what);
        std::memcpy(dst, mBytes.data() + mPos, n);
        mPos += n;
    }
    bool atEnd() const { return mPos == mEnd; }

private:
    const std::string &mPath;
    const std::string &mBytes;
    std::size_t mEnd;
    bool mChecksumOk;
    std::size_t mPos = sizeof kMagic + sizeof kVersion;
};

MlpWeights getNet(Reader &r, const MlpWeights &expected, const char *name)
{
    MlpWeights w;
    const auto layers = r.get<std::uint32_t>("a layer count");
    if (layers != expected.layers.size())
        r.mismatch(std::string("the ") + name + " has " + std::to_string(layers) +
                   " layers, this one has " + std::to_string(expected.layers.size()));
    for (std::uint32_t k = 0; k < layers; ++k) {
        DenseLayer l;
        const auto out = r.get<std::uint32_t>("a layer shape");
        const auto in = r.get<std::uint32_t>("a layer shape");
        const auto &e = expected.layers[k];
        if (int(out) != e.out || int(in) != e.in)
            r.mismatch(std::string("the ") + name + "'s layer " + std::to_string(k) + " is " +
                       std::to_string(out) + "x" + std::to_string(in) + ", this " + name +
                       " needs " + std::to_string(e.out) + "x" + std::to_string(e.in));
        l.out = int(out);
        l.in = int(in);
        l.weight.resize(std::size_t(out) * in);
        l.bias.resize(out);
        r.take(l.weight.data(), l.weight.size() * sizeof(float), "a weight matrix");
        r.take(l.bias.data(), l.bias.size() * sizeof(float), "a bias vector");
        w.layers.push_back(std::move(l));
    }
    return w;
}

} // namespace

void saveCheckpoint(const std::string &path, const ActorNet &actor, const CriticNet &critic)
{
    std::string out(kMagic, sizeof kMagic);
    put(out, kVersion);
    putNet(out, actor.weights());
    putNet(out, critic.weights());
    put(out, fnv1a(out.data(), out.size()));

    const std::string tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        f.write(out.data(), std::streamsize(out.size()));
        f.close();
        if (!f)
            throw CheckpointError(path + ": cannot write the checkpoint");
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec)
        throw CheckpointError(path + ": cannot replace the checkpoint: " + ec.message());
}

void loadCheckpoint(const std::string &path, ActorNet &actor, CriticNet &critic)
{
    std::ifstream f(path, std::ios::binary);
    if (!f)
        throw CheckpointError(path + ": cannot open the checkpoint");
    const std::string bytes{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
    const std::size_t header = sizeof kMagic + sizeof kVersion;
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw CheckpointError(path + ": not a SchedLab cMMAC checkpoint (bad magic)");
    if (bytes.size() < header + sizeof(std::uint64_t))
        throw CheckpointError(path + ": truncated: " + std::to_string(bytes.size()) + " bytes");
    std::uint32_t version;
    std::memcpy(&version, bytes.data() + sizeof kMagic, sizeof version);
    if (version != kVersion)
        throw CheckpointError(path + ": format version " + std::to_string(version) +
                              ", this build reads version " + std::to_string(kVersion));

    // A whole file for other sizes is named as such; damaged bytes as corrupt, a
    // short file as truncated (it ends inside the part the shapes announce).
    const std::size_t end = bytes.size() - sizeof(std::uint64_t);
    std::uint64_t stored;
    std::memcpy(&stored, bytes.data() + end, sizeof stored);
    const bool checksumOk = stored == fnv1a(bytes.data(), end);
    Reader r(path, bytes, end, checksumOk);
    const MlpWeights a = getNet(r, actor.weights(), "actor");
    const MlpWeights c = getNet(r, critic.weights(), "critic");
    if (!checksumOk)
        r.fail(kCorrupt);
    if (!r.atEnd())
        r.fail("corrupt: " + std::to_string(bytes.size()) + " bytes, more than the networks use");
    actor.setWeights(a);
    critic.setWeights(c);
}

} // namespace schedlab
