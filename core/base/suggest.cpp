// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/suggest.h"

#include <algorithm>
#include <cctype>

namespace schedlab {

namespace {
std::string lower(const std::string &s)
{
    std::string out = s;
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::size_t editDistance(const std::string &a, const std::string &b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diag = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t up = row[j];
            row[j] =
                std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1] ? 1u : 0u)});
            diag = up;
        }
    }
    return row[b.size()];
}

std::size_t commonPrefix(const std::string &a, const std::string &b)
{
    std::size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n])
        ++n;
    return n;
}
} // namespace

std::string closestMatch(const std::string &word, const std::vector<std::string> &candidates)
{
    // Inputs such as fuzzed keys can be long; an edit distance on them is pointless.
    if (word.empty() || word.size() > 200)
        return {};
    const std::string w = lower(word);
    std::string best;
    std::size_t bestScore = 1000;
    for (const std::string &c : candidates) {
        const std::string l = lower(c);
        const std::size_t d = editDistance(w, l);
        const std::size_t prefix = commonPrefix(w, l);
        std::size_t score = 1000;
        if (d <= 2 && d < std::max(w.size(), l.size()))
            score = d;
        else if (prefix >= 3 || (prefix == std::min(w.size(), l.size()) && prefix >= 2))
            score = 3 + (std::max(w.size(), l.size()) - prefix);
        if (score < bestScore) {
            bestScore = score;
            best = c;
        }
    }
    return best;
}

std::string didYouMean(const std::string &word, const std::vector<std::string> &candidates)
{
    const std::string best = closestMatch(word, candidates);
    return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
}

std::string joinAlternatives(const std::vector<std::string> &items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += i + 1 == items.size() ? " or " : ", ";
        out += items[i];
    }
    return out;
}

} // namespace schedlab
