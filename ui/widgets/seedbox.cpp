// SPDX-License-Identifier: GPL-3.0-or-later
#include "seedbox.h"

#include <QLineEdit>
#include <QStyle>
#include <QStyleOptionSpinBox>
#include <charconv>
#include <limits>
#include <optional>
#include <string>

namespace schedlab::ui {

namespace {
constexpr std::uint64_t kTop = std::numeric_limits<std::uint64_t>::max();

std::optional<std::uint64_t> parseSeed(const QString &text)
{
    const std::string digits = text.trimmed().toStdString();
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
        return std::nullopt;
    return value;
}
} // namespace

SeedBox::SeedBox(QWidget *parent) : QAbstractSpinBox(parent)
{
    setValue(0);
    setToolTip(tr("A whole number from 0 to %1").arg(kTop));
    connect(lineEdit(), &QLineEdit::textEdited, this, &SeedBox::takeText);
    connect(this, &QAbstractSpinBox::editingFinished, this, [this] {
        if (lineEdit()->text() != QString::number(mValue))
            lineEdit()->setText(QString::number(mValue)); // an empty box shows what it holds
    });
}

void SeedBox::setValue(std::uint64_t value)
{
    const bool changed = value != mValue;
    mValue = value;
    if (lineEdit()->text() != QString::number(value))
        lineEdit()->setText(QString::number(value));
    if (changed)
        Q_EMIT valueChanged(value);
}

QValidator::State SeedBox::validate(QString &input, int &) const
{
    const QString text = input.trimmed();
    if (text.isEmpty())
        return QValidator::Intermediate;
    for (const QChar c : text)
        if (!c.isDigit() || c.unicode() > '9')
            return QValidator::Invalid;
    return parseSeed(text) ? QValidator::Acceptable : QValidator::Invalid; // past the top
}

void SeedBox::fixup(QString &input) const
{
    input = QString::number(mValue);
}

void SeedBox::stepBy(int steps)
{
    std::uint64_t value = mValue;
    if (steps > 0)
        value = kTop - value < std::uint64_t(steps) ? kTop : value + std::uint64_t(steps);
    else if (steps < 0)
        value = value < std::uint64_t(-std::int64_t(steps))
                    ? 0
                    : value - std::uint64_t(-std::int64_t(steps));
    setValue(value);
    selectAll();
}

QSize SeedBox::sizeHint() const
{
    return sizeFor(QStringLiteral("9999999999")); // as a QSpinBox up to 2^31; longer ones scroll
}

QSize SeedBox::minimumSizeHint() const
{
    return sizeFor(QStringLiteral("999999")); // a narrow dock scrolls the rest
}

QSize SeedBox::sizeFor(const QString &text) const
{
    ensurePolished();
    QStyleOptionSpinBox option;
    initStyleOption(&option);
    const QSize content(fontMetrics().horizontalAdvance(text + ' '),
                        lineEdit()->sizeHint().height());
    return style()->sizeFromContents(QStyle::CT_SpinBox, &option, content, this);
}

QAbstractSpinBox::StepEnabled SeedBox::stepEnabled() const
{
    StepEnabled enabled = StepNone;
    if (mValue > 0)
        enabled |= StepDownEnabled;
    if (mValue < kTop)
        enabled |= StepUpEnabled;
    return enabled;
}

void SeedBox::takeText()
{
    if (const auto value = parseSeed(lineEdit()->text()); value && *value != mValue) {
        mValue = *value;
        Q_EMIT valueChanged(mValue);
    }
}

} // namespace schedlab::ui
