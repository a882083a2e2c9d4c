// SPDX-License-Identifier: GPL-3.0-or-later
#include "learn/learnedmodel.h"

#include "base/textfile.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace schedlab {

namespace {

static_assert(std::endian::native == std::endian::little, "checkpoints are little-endian");

constexpr char kMagic[8] = {'S', 'L', 'M', 'O', 'D', 'E', 'L', '\n'};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint32_t kMaxCount = 1u << 28; ///< larger counts are damaged bytes
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

void putText(std::string &out, const std::string &s)
{
    put(out, std::uint32_t(s.size()));
    out += s;
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

/** Reads forward through the file's bytes; every message names the file. A count
 *  too large to be real is damage, named as such. */
class Reader
{
public:
    Reader(const std::string &path, const std::string &bytes, std::size_t end, bool checksumOk)
        : mPath(path), mBytes(bytes), mEnd(end), mChecksumOk(checksumOk)
    {
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
    std::uint32_t count(const char *what)
    {
        const auto n = get<std::uint32_t>(what);
        if (n > kMaxCount)
            fail(mChecksumOk ? std::string("corrupt: ") + what + " of " + std::to_string(n)
                             : std::string(kCorrupt));
        return n;
    }
    std::string text(const char *what)
    {
        const std::uint32_t n = count(what);
        need(n, what);
        std::string s(n, '\0');
        take(s.data(), s.size(), what);
        return s;
    }
    /** Fails unless `n` more bytes are there: checked before allocating for them, so
     *  a damaged count in a small file never asks for gigabytes. */
    void need(std::uint64_t n, const char *what) const
    {
        if (mEnd - mPos < n)
            fail(std::string("truncated: the file ends inside ") + what);
    }
    void take(void *dst, std::size_t n, const char *what)
    {
        need(n, what);
        if (n == 0) // an empty vector's data() may be null, which memcpy must not get
            return;
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

MlpWeights getNet(Reader &r)
{
    MlpWeights w;
    const auto layers = r.count("a layer count");
    for (std::uint32_t k = 0; k < layers; ++k) {
        DenseLayer l;
        l.out = int(r.count("a layer shape"));
        l.in = int(r.count("a layer shape"));
        if (std::uint64_t(l.out) * std::uint64_t(l.in) > kMaxCount)
            r.fail(kCorrupt);
        r.need((std::uint64_t(l.out) * std::uint64_t(l.in) + std::uint64_t(l.out)) * sizeof(float),
               "a weight matrix");
        l.weight.resize(std::size_t(l.out) * std::size_t(l.in));
        l.bias.resize(std::size_t(l.out));
        r.take(l.weight.data(), l.weight.size() * sizeof(float), "a weight matrix");
        r.take(l.bias.data(), l.bias.size() * sizeof(float), "a bias vector");
        w.layers.push_back(std::move(l));
    }
    return w;
}

} // namespace

const MlpWeights *LearnedModel::net(std::string_view name) const
{
    const auto it = nets.find(std::string(name));
    return it == nets.end() ? nullptr : &it->second;
}

std::string encodeModel(const LearnedModel &model)
{
    std::string out(kMagic, sizeof kMagic);
    put(out, kVersion);
    putText(out, model.agent);
    put(out, std::uint32_t(model.info.size()));
    for (const auto &[key, value] : model.info) {
        putText(out, key);
        putText(out, value);
    }
    put(out, std::uint32_t(model.nets.size()));
    for (const auto &[name, weights] : model.nets) {
        putText(out, name);
        putNet(out, weights);
    }
    put(out, fnv1a(out.data(), out.size()));
    return out;
}

void saveModel(const std::string &path, const LearnedModel &model)
{
    std::string why;
    if (!replaceFile(path, encodeModel(model), &why))
        throw CheckpointError(why + " (the checkpoint)");
}

LearnedModel loadModel(const std::string &path)
{
    std::string why;
    const std::optional<std::string> bytes = readTextFile(path, &why);
    if (!bytes)
        throw CheckpointError(path + ": cannot read the checkpoint: " + why);
    return decodeModel(*bytes, path);
}

LearnedModel decodeModel(const std::string &bytes, const std::string &path)
{
    const std::size_t header = sizeof kMagic + sizeof kVersion;
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        throw CheckpointError(path + ": not a SchedLab checkpoint (bad magic)");
    if (bytes.size() < header + sizeof(std::uint64_t))
        throw CheckpointError(path + ": truncated: " + std::to_string(bytes.size()) + " bytes");
    std::uint32_t version;
    std::memcpy(&version, bytes.data() + sizeof kMagic, sizeof version);
    if (version != kVersion)
        throw CheckpointError(path + ": format version " + std::to_string(version) +
                              ", this build reads version " + std::to_string(kVersion));

    const std::size_t end = bytes.size() - sizeof(std::uint64_t);
    std::uint64_t stored;
    std::memcpy(&stored, bytes.data() + end, sizeof stored);
    const bool checksumOk = stored == fnv1a(bytes.data(), end);
    Reader r(path, bytes, end, checksumOk);
    LearnedModel model;
    model.agent = r.text("the agent name");
    for (std::uint32_t n = r.count("the info count"); n > 0; --n) {
        std::string key = r.text("an info key");
        model.info[key] = r.text("an info value");
    }
    for (std::uint32_t n = r.count("the network count"); n > 0; --n) {
        std::string name = r.text("a network name");
        model.nets[name] = getNet(r);
    }
    if (!checksumOk)
        r.fail(kCorrupt);
    if (!r.atEnd())
        r.fail("corrupt: " + std::to_string(bytes.size()) + " bytes, more than the networks use");
    for (const auto &[name, net] : model.nets)
        for (std::size_t k = 0; k < net.layers.size(); ++k) {
            const DenseLayer &l = net.layers[k];
            const auto finite = [](float v) { return std::isfinite(v); };
            if (!std::all_of(l.weight.begin(), l.weight.end(), finite) ||
                !std::all_of(l.bias.begin(), l.bias.end(), finite))
                throw CheckpointError(path + ": network '" + name +
                                      "' holds a weight that is not a "
                                      "finite number (layer " +
                                      std::to_string(k) +
                                      "): the training diverged or the file was altered");
        }
    return model;
}

void requireAgent(const LearnedModel &model, const std::string &who,
                  std::initializer_list<std::string_view> agents)
{
    std::string names;
    for (std::string_view a : agents) {
        if (model.agent == a)
            return;
        names += (names.empty() ? "" : " or ") + std::string(a);
    }
    throw std::invalid_argument(who + ": the checkpoint was trained by agent '" + model.agent +
                                "'; this policy needs " + names);
}

std::string shapeText(const MlpWeights &weights)
{
    std::string s;
    for (const auto &l : weights.layers)
        s += (s.empty() ? std::to_string(l.in) : "") + "-" + std::to_string(l.out);
    return s;
}

const MlpWeights &requireShape(const LearnedModel &model, const std::string &origin,
                               const std::string &name, const MlpWeights &expected,
                               const std::string &what)
{
    const MlpWeights *w = model.net(name);
    if (!w)
        throw CheckpointError(origin + ": has no " + what + " ('" + name + "'; agent '" +
                              model.agent + "')");
    if (w->layers.size() != expected.layers.size())
        throw CheckpointError(origin + ": the " + what + " has " +
                              std::to_string(w->layers.size()) + " layers, this one has " +
                              std::to_string(expected.layers.size()));
    for (std::size_t k = 0; k < w->layers.size(); ++k) {
        const auto &l = w->layers[k];
        const auto &e = expected.layers[k];
        if (l.out != e.out || l.in != e.in)
            throw CheckpointError(origin + ": the " + what + "'s layer " + std::to_string(k) +
                                  " is " + std::to_string(l.out) + "x" + std::to_string(l.in) +
                                  ", this " + what + " needs " + std::to_string(e.out) + "x" +
                                  std::to_string(e.in));
    }
    return *w;
}

} // namespace schedlab
