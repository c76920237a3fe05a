"""The built folder needs nothing but a plain static server: Python's own `http.server`, run as
a separate process with no custom headers or MIME table, serves an app that starts and plays."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def plain_server(site):
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the plain static server did not start"
                time.sleep(0.1)
        yield url
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
