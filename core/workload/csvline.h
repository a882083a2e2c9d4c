// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

/** Small, allocation-light CSV pieces for trace import: no regex, no exceptions. */
namespace schedlab::csv {

/** One physical line, without its '\n' (a trailing '\r' is left for the caller to see). */
struct Line
{
    std::string_view text;    ///< valid until the next call of LineReader::next()
    std::uint64_t number = 0; ///< 1-based
    bool tooLong = false;     ///< longer than the limit; `text` is empty, the rest was discarded
    bool terminated = true;   ///< false for a last line without '\n' (maybe a truncated file)
};

/**
 * Reads an istream in chunks and hands out lines. A line longer than `maxLength`
 * is never held in memory: it is scanned to its '\n' and reported as tooLong.
 */
class LineReader
{
public:
    explicit LineReader(std::istream &in, std::size_t maxLength = 64 * 1024);

    bool next(Line &out);
    /** The stream failed (badbit) rather than ending. */
    bool readError() const { return mReadError; }
    /** Lines handed out so far (the number of the last one). */
    std::uint64_t lineCount() const { return mNumber; }
    /** Lines end in a lone '\r' (classic Mac OS): the first chunk has a '\r' and no '\n'. */
    bool carriageReturnLines() const { return mEnd == '\r'; }

private:
    bool fill();

    std::istream &mIn;
    std::size_t mMaxLength;
    std::string mBuf;
    std::size_t mPos = 0;  ///< start of the current line in mBuf
    std::size_t mScan = 0; ///< where the search for '\n' resumes
    std::uint64_t mNumber = 0;
    bool mEof = false;
    bool mReadError = false;
    char mEnd = '\n';      ///< the line terminator
    bool mStarted = false; ///< the first chunk has been read and the terminator chosen
};

/** What the splitter had to do to a line. */
struct SplitInfo
{
    bool ok = true;       ///< false: a stray or unterminated double quote
    bool trimmed = false; ///< spaces or tabs around a field were removed
    bool quoted = false;  ///< at least one field was in double quotes
};

/**
 * Splits `line` on commas in place (RFC 4180 quoting: "a,b" and "" inside quotes).
 * `fields` views into `line`, so keep `line` alive and unchanged while using them.
 */
SplitInfo splitFields(std::string &line, std::vector<std::string_view> &fields);

enum class NumberStatus { Ok, Missing, Bad };

/** The whole field as a finite decimal number (std::from_chars; no '+', no inf/nan). */
NumberStatus parseDouble(std::string_view field, double &out);
/** The whole field as a decimal integer. */
NumberStatus parseInteger(std::string_view field, std::int64_t &out);

bool isValidUtf8(std::string_view text);
bool isBlank(std::string_view text);

} // namespace schedlab::csv
