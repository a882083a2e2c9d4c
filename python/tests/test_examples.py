# SPDX-License-Identifier: GPL-3.0-or-later
# examples/python runs as its README says, shortened: the REINFORCE agent trains, is
# compared with greedy and random and recorded, the same seed gives the same run, and
# the figure script draws the comparison it recorded.
import os
import re
import subprocess
import sys

import pytest

from conftest import SOURCE

EXAMPLES = SOURCE / "examples" / "python"


def example(name, *args, cwd):
    done = subprocess.run([sys.executable, str(EXAMPLES / name), *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env=dict(os.environ))
    return done.returncode, done.stdout, done.stderr


def trained(tmp_path, db):
    code, out, err = example("reinforce_dispatch.py", "--episodes", 3, "--seeds", 2, "--db", db,
                             cwd=tmp_path)
    assert code == 0, err
    return out


def without_timing(out):
    return re.sub(r"in [0-9.]+ s|recorded in \S+", "", out)


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    folder = tmp_path_factory.mktemp("reinforce")
    return folder, trained(folder, folder / "a.db")


def test_the_agent_trains_and_is_compared(store):
    folder, out = store
    episodes = re.findall(r"^ +(\d+) +\d+ +0\.\d{3} +[01]\.\d{3}$", out, re.M)
    assert episodes == ["1", "2", "3"]
    table = out.split("recorded in", 1)[1].splitlines()[1:]
    assert table[0].split()[:4] == ["policy", "throughput_rate", "response_ms_p95", "(ms)"]
    assert "to_cloud_fraction" in table[0]
    assert [row.split()[0] for row in table[1:4]] == ["greedy", "random", "reinforce"]
    assert (folder / "a.db").exists()


def test_the_same_seed_trains_the_same_agent(store, tmp_path):
    folder, out = store
    assert without_timing(trained(tmp_path, tmp_path / "b.db")) == without_timing(out)


def test_the_figure_draws_the_recorded_comparison(store):
    folder, _ = store
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        pytest.skip("store_figure.py needs matplotlib (python3-matplotlib)")
    for figure, magic in (("f.png", b"\x89PNG"), ("f.pdf", b"%PDF")):
        code, out, err = example("store_figure.py", folder / "a.db", "-o", figure, cwd=folder)
        assert code == 0, err
        assert (folder / figure).read_bytes().startswith(magic)
        assert out.startswith(f"{figure}: throughput_rate of tutorial @ ")
    code, _, err = example("store_figure.py", folder / "a.db", "-o", "g.png", "--comparison",
                           "none such", cwd=folder)
    assert code != 0 and "holds no comparison 'none such'; it holds: tutorial @ " in err
    assert not (folder / "g.png").exists()
