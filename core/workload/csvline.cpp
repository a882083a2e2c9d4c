// SPDX-License-Identifier: GPL-3.0-or-later
#include "workload/csvline.h"

#include "base/utf8.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <istream>

namespace schedlab::csv {

namespace {
constexpr std::size_t kChunk = 256 * 1024;

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}
} // namespace

LineReader::LineReader(std::istream &in, std::size_t maxLength) : mIn(in), mMaxLength(maxLength) {}

bool LineReader::fill()
{
    if (mEof)
        return false;
    if (mPos > 0) {
        mBuf.erase(0, mPos);
        mScan -= mPos;
        mPos = 0;
    }
    const std::size_t old = mBuf.size();
    mBuf.resize(old + kChunk);
    std::streamsize got = 0;
    try {
        mIn.read(mBuf.data() + old, std::streamsize(kChunk));
        got = mIn.gcount();
        if (mIn.bad())
            mReadError = true;
    } catch (const std::ios_base::failure &) {
        // A stream with exceptions enabled: end or failure, never an escape.
        got = mIn.gcount();
        mReadError = mIn.bad();
    }
    mBuf.resize(old + std::size_t(got));
    if (!mIn.good())
        mEof = true;
    return got > 0;
}

bool LineReader::next(Line &out)
{
    out = Line{};
    if (!mStarted) {
        mStarted = true;
        if (fill() && !std::memchr(mBuf.data(), '\n', mBuf.size()) &&
            std::memchr(mBuf.data(), '\r', mBuf.size()))
            mEnd = '\r';
    }
    for (;;) {
        const char *base = mBuf.data();
        const void *nl =
            mScan < mBuf.size() ? std::memchr(base + mScan, mEnd, mBuf.size() - mScan) : nullptr;
        if (nl) {
            const std::size_t end = std::size_t(static_cast<const char *>(nl) - base);
            out.number = ++mNumber;
            if (end - mPos > mMaxLength)
                out.tooLong = true;
            else
                out.text = std::string_view(base + mPos, end - mPos);
            mPos = mScan = end + 1;
            return true;
        }
        mScan = mBuf.size();
        if (mBuf.size() - mPos > mMaxLength) {
            // Too long already: drop what we hold and skip to the end of the line.
            out.number = ++mNumber;
            out.tooLong = true;
            for (;;) {
                mBuf.clear();
                mPos = mScan = 0;
                if (!fill()) {
                    out.terminated = false;
                    return true;
                }
                const void *end = std::memchr(mBuf.data(), mEnd, mBuf.size());
                if (end) {
                    mPos = mScan = std::size_t(static_cast<const char *>(end) - mBuf.data()) + 1;
                    return true;
                }
            }
        }
        if (!fill()) {
            if (mPos >= mBuf.size())
                return false;
            out.number = ++mNumber;
            out.text = std::string_view(mBuf.data() + mPos, mBuf.size() - mPos);
            out.terminated = false;
            mPos = mScan = mBuf.size();
            return true;
        }
    }
}

SplitInfo splitFields(std::string &line, std::vector<std::string_view> &fields)
{
    fields.clear();
    SplitInfo info;
    char *s = line.data();
    const std::size_t n = line.size();
    std::size_t i = 0;
    if (!std::memchr(s, '"', n)) {
        // The common case: no quoting at all, so fields end at the next comma.
        for (;;) {
            const void *comma = std::memchr(s + i, ',', n - i);
            const std::size_t k = comma ? std::size_t(static_cast<const char *>(comma) - s) : n;
            std::size_t j = i, e = k;
            while (j < e && isSpace(s[j]))
                ++j;
            while (e > j && isSpace(s[e - 1]))
                --e;
            if (j > i || e < k)
                info.trimmed = true;
            fields.emplace_back(s + j, e - j);
            if (!comma)
                return info;
            i = k + 1;
        }
    }
    for (;;) {
        std::size_t j = i;
        while (j < n && isSpace(s[j]))
            ++j;
        if (j > i)
            info.trimmed = true;
        if (j < n && s[j] == '"') {
            // Unquote in place: the text shrinks, so writing never overtakes reading.
            info.quoted = true;
            std::size_t w = j, r = j + 1;
            bool closed = false;
            while (r < n) {
                if (s[r] == '"') {
                    if (r + 1 < n && s[r + 1] == '"') {
                        s[w++] = '"';
                        r += 2;
                        continue;
                    }
                    closed = true;
                    ++r;
                    break;
                }
                s[w++] = s[r++];
            }
            if (!closed) {
                info.ok = false;
                return info;
            }
            fields.emplace_back(s + j, w - j);
            std::size_t k = r;
            while (k < n && isSpace(s[k]))
                ++k;
            if (k > r)
                info.trimmed = true;
            if (k == n)
                return info;
            if (s[k] != ',') {
                info.ok = false; // text after the closing quote
                return info;
            }
            i = k + 1;
            continue;
        }
        std::size_t k = j;
        while (k < n && s[k] != ',') {
            if (s[k] == '"') {
                info.ok = false; // a quote inside an unquoted field
                return info;
            }
            ++k;
        }
        std::size_t e = k;
        while (e > j && isSpace(s[e - 1]))
            --e;
        if (e < k)
            info.trimmed = true;
        fields.emplace_back(s + j, e - j);
        if (k == n)
            return info;
        i = k + 1;
    }
}

NumberStatus parseDouble(std::string_view field, double &out)
{
    if (field.empty())
        return NumberStatus::Missing;
    const char *end = field.data() + field.size();
    const auto [ptr, ec] = std::from_chars(field.data(), end, out);
    if (ec != std::errc() || ptr != end || !std::isfinite(out))
        return NumberStatus::Bad;
    return NumberStatus::Ok;
}

NumberStatus parseInteger(std::string_view field, std::int64_t &out)
{
    if (field.empty())
        return NumberStatus::Missing;
    const char *end = field.data() + field.size();
    const auto [ptr, ec] = std::from_chars(field.data(), end, out);
    if (ec != std::errc() || ptr != end)
        return NumberStatus::Bad;
    return NumberStatus::Ok;
}

bool isValidUtf8(std::string_view text)
{
    return schedlab::isValidUtf8(text);
}

bool isBlank(std::string_view text)
{
    for (char c : text)
        if (!isSpace(c))
            return false;
    return true;
}

} // namespace schedlab::csv
