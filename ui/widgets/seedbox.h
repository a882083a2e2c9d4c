// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractSpinBox>
#include <cstdint>

namespace schedlab::ui {

/**
 * A spin box over every seed a scenario can have, 0 to 2^64 − 1 (QSpinBox stops
 * at 2^31 − 1). Typing is checked as it goes: digits only, never past the top.
 */
class SeedBox : public QAbstractSpinBox
{
    Q_OBJECT

public:
    explicit SeedBox(QWidget *parent = nullptr);

    std::uint64_t value() const { return mValue; }
    void setValue(std::uint64_t value);

    QValidator::State validate(QString &input, int &pos) const override;
    void fixup(QString &input) const override;
    void stepBy(int steps) override;
    /** Ten digits wide, at least six (QAbstractSpinBox measures an empty text); a
     *  longer seed scrolls in the box where the layout gives it no more room. */
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void valueChanged(std::uint64_t value);

protected:
    StepEnabled stepEnabled() const override;

private:
    void takeText();
    QSize sizeFor(const QString &text) const;

    std::uint64_t mValue = 0;
};

} // namespace schedlab::ui
