"""The built folder needs nothing but a plain static server: Python's own `http.server`, run as
a separate process with no custom headers or MIME table, serves an app that starts and plays."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest


@pytest.fixture
def plain_server(site):
    """``python -m http.server`` on a port the system picks; its first line ("Serving HTTP on
    127.0.0.1 port N ...") says it listens: a state to read, not a delay to guess."""
    proc = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(site)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = proc.stdout.readline()   # "" if it died first
        found = re.search(r" port (\d+) ", line)
        assert found, f"the plain static server did not start: {line!r}"
        yield f"http://127.0.0.1:{found.group(1)}/"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_built_folder_runs_from_a_plain_static_server(page, recorder, plain_server,
                                                          first_cthulhu_move):
    recorder.allow(plain_server)
    page.goto(plain_server)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=90_000)
    first_cthulhu_move(page, plain_server)
    assert recorder.problems() == []
