# SPDX-License-Identifier: GPL-3.0-or-later
"""The problems a scenario can have, located as schedlab-cli locates them."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One error or warning of a scenario file: where it is and what is wrong."""

    file: str
    line: int  # 1-based; 0 when the problem has no place in the text
    column: int
    key: str  # the value's path, e.g. "sites[0].eaps[1].nodes[2].cpu"
    message: str
    warning: bool = False

    def __str__(self):
        where = self.file + (f":{self.line}:{self.column}" if self.line > 0 else "")
        key = f"{self.key}: " if self.key else ""
        return f"{where}: {'warning: ' if self.warning else ''}{key}{self.message}"


class ScenarioError(ValueError):
    """A scenario that does not load. Its attributes are those of its first problem;
    `errors` holds them all, and str() lists them one a line as schedlab-cli does."""

    def __init__(self, errors):
        self.errors = list(errors)
        first = self.errors[0] if self.errors else Problem("", 0, 0, "", "")
        self.file = first.file
        self.line = first.line
        self.column = first.column
        self.key = first.key
        self.message = first.message
        super().__init__("\n".join(str(e) for e in self.errors))

    def __reduce__(self):  # pickles (multiprocessing) with its problems, not its text
        return (type(self), (self.errors,))
