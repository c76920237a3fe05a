"""`pip install .` gives a working package: the translation catalogues are installed with it and
the `rituels` command replays a record and lets bots play, from a fresh virtual environment that
sees only the installed copy (not the source tree)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSTALL_TIMEOUT_S = 240  # builds in an isolated environment: setuptools comes from the index

# Both tests use one installed venv (10 s): one worker makes it once.
pytestmark = pytest.mark.xdist_group("package")


def _run(args: list, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A venv with the package installed from a copy of the source (the build writes
    build/ and *.egg-info next to the sources: not in our tree)."""
    base = tmp_path_factory.mktemp("package")
    src = base / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "py", src / "py",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=True)
    done = _run([env_dir / "bin" / "python", "-m", "pip", "install", "--quiet",
                 "--disable-pip-version-check", src], cwd=base, timeout=INSTALL_TIMEOUT_S)
    assert done.returncode == 0, done.stdout + done.stderr
    return env_dir


def test_the_installed_package_has_its_catalogues(installed, tmp_path):
    code = ("import json, rituels, rituels.i18n as i; "
            "print(json.dumps([rituels.__file__, i.t('fr', 'wongar.help.title'), "
            "i.t('en', 'app.home.players_exact', n=3)]))")
    done = _run([installed / "bin" / "python", "-c", code], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    where, title, players = json.loads(done.stdout)
    assert str(installed) in where  # the installed copy, not the source tree
    assert title.startswith("Wongar") and "règles" in title
    assert "3" in players and "app.home" not in players


def test_the_rituels_command_lets_bots_play_and_replays_the_record(installed, tmp_path):
    command = installed / "bin" / "rituels"
    assert command.exists(), "no `rituels` console script"
    done = _run([command, "--help"], cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("usage: rituels "), done.stdout
    done = _run([command, "selfplay", "wongar", "--games", "1", "--players", "3", "--seed",
                 "5", "--records"], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    record = json.loads(next(line for line in lines if line.startswith("{")))
    assert record["game"] == "wongar" and len(record["seats"]) == 3 and record["actions"]
    assert any(line.startswith("wongar: 1 games, 3 players") for line in lines), done.stdout

    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = _run([command, "replay", path], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"wongar: {len(record['actions'])} actions"), done.stdout
    assert "result: " in done.stdout

    path.write_text(json.dumps(dict(record, actions=record["actions"] + ["take:mars"])),
                    encoding="utf-8")
    done = _run([command, "replay", path], cwd=tmp_path)
    assert done.returncode != 0 and "take:mars" in done.stderr and not done.stdout

