# SPDX-License-Identifier: GPL-3.0-or-later
# What the module is built of and for: the core alone, Debian's Python.
import subprocess

import schedlab


def test_the_module_links_neither_qt_nor_torch():
    libraries = subprocess.run(["ldd", schedlab._schedlab.__file__], capture_output=True,
                               text=True, check=True).stdout
    assert "libschedlab" not in libraries  # the core is linked in
    for forbidden in ("libQt", "libtorch", "libc10"):
        assert forbidden not in libraries, libraries


def test_every_public_name_is_there():
    assert schedlab.__version__.count(".") == 2
    assert set(schedlab.__all__) <= set(dir(schedlab))


def test_a_file_name_may_be_str_bytes_or_a_path():
    from conftest import TUTORIAL
    import pathlib
    names = (TUTORIAL, TUTORIAL.encode(), pathlib.Path(TUTORIAL))
    assert len({schedlab.load(name).name for name in names}) == 1
