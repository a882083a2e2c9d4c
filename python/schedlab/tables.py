# SPDX-License-Identifier: GPL-3.0-or-later
"""Tables as pandas DataFrames when pandas is there, else as lists of dicts."""

try:
    import pandas
except ImportError:  # pandas is optional: python3-pandas
    pandas = None


def table(rows, columns=None):
    """`rows` (dicts) as a DataFrame with `columns` first, or as they are without pandas."""
    if pandas is None:
        return rows
    frame = pandas.DataFrame.from_records(rows)
    if columns is not None:
        rest = [c for c in frame.columns if c not in columns]
        frame = frame.reindex(columns=list(columns) + rest)
    return frame
