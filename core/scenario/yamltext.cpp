// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/yamltext.h"

namespace schedlab::yamltext {

/** [begin, end) of the one-line scalar starting at `pos`; nullopt when it is not one. */
std::optional<std::pair<std::size_t, std::size_t>> scalarExtent(const std::string &text,
                                                                std::size_t pos, bool flow)
{
    if (pos >= text.size())
        return std::nullopt;
    const char first = text[pos];
    if (first == '|' || first == '>' || first == '&' || first == '*' || first == '!')
        return std::nullopt; // block scalars, anchors, aliases and tags: leave to the emitter
    if (first == '"' || first == '\'') {
        for (std::size_t i = pos + 1; i < text.size(); ++i) {
            if (text[i] == '\n')
                return std::nullopt;
            if (first == '"' && text[i] == '\\') {
                ++i;
                continue;
            }
            if (text[i] == first) {
                if (first == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
                    ++i;
                    continue;
                }
                return std::make_pair(pos, i + 1);
            }
        }
        return std::nullopt;
    }
    std::size_t end = pos;
    while (end < text.size()) {
        const char c = text[end];
        if (c == '\n' || c == '\r')
            break;
        if (c == '#' && end > pos && (text[end - 1] == ' ' || text[end - 1] == '\t'))
            break;
        if (flow && (c == ',' || c == '[' || c == ']' || c == '{' || c == '}'))
            break;
        ++end;
    }
    while (end > pos && (text[end - 1] == ' ' || text[end - 1] == '\t'))
        --end;
    return std::make_pair(pos, end);
}

/** `value` as YAML source: plain when YAML reads it back unchanged there, else quoted. */
std::string scalarSource(const std::string &value, bool flow)
{
    bool plain = !value.empty() && value.front() != ' ' && value.back() != ' ' &&
                 value.back() != ':' && value.find_first_of("\n\r\t") == std::string::npos &&
                 value.find(": ") == std::string::npos && value.find(" #") == std::string::npos;
    if (plain) {
        const std::string indicators = "?:,[]{}#&*!|>'\"%@`";
        const char c = value.front();
        plain = indicators.find(c) == std::string::npos &&
                !(c == '-' && (value.size() == 1 || value[1] == ' '));
    }
    if (plain && flow) // a ':' in a flow collection can read as a key
        plain = value.find_first_of(",[]{}:") == std::string::npos;
    if (plain)
        return value;
    std::string out = "\"";
    for (char c : value) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else if (c != '\r')
            out += c;
    }
    return out + "\"";
}

std::optional<std::pair<std::size_t, std::size_t>> flowExtent(const std::string &text,
                                                              std::size_t pos)
{
    if (pos >= text.size() || (text[pos] != '{' && text[pos] != '['))
        return std::nullopt;
    std::string open; // the brackets not yet closed, innermost last
    char quote = 0;
    for (std::size_t i = pos; i < text.size(); ++i) {
        const char c = text[i];
        if (quote) {
            if (c == '\\' && quote == '"')
                ++i;
            else if (c == quote)
                quote = 0;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (c == '{' || c == '[') {
            open += c;
        } else if (c == '}' || c == ']') {
            if (open.empty() || open.back() != (c == '}' ? '{' : '['))
                return std::nullopt;
            open.pop_back();
            if (open.empty())
                return std::make_pair(pos, i + 1);
        } else if (c == '#' && (text[i - 1] == ' ' || text[i - 1] == '\t')) {
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::size_t lineBegin(const std::string &text, std::size_t pos)
{
    const std::size_t newline = pos ? text.rfind('\n', pos - 1) : std::string::npos;
    return newline == std::string::npos ? 0 : newline + 1;
}

std::size_t lineEnd(const std::string &text, std::size_t pos)
{
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos)
        end = text.size();
    return end > pos && text[end - 1] == '\r' ? end - 1 : end;
}

std::size_t nextLine(const std::string &text, std::size_t pos)
{
    const std::size_t newline = text.find('\n', pos);
    return newline == std::string::npos ? text.size() : newline + 1;
}

std::size_t indentation(const std::string &text, std::size_t begin)
{
    std::size_t i = begin;
    while (i < text.size() && text[i] == ' ')
        ++i;
    return i - begin;
}

bool holdsContent(const std::string &text, std::size_t begin)
{
    const std::size_t first = begin + indentation(text, begin);
    return first < text.size() && text[first] != '\n' && text[first] != '\r' && text[first] != '#';
}

} // namespace schedlab::yamltext
