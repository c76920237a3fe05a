"""``python3 -m rituels serve [--port N]``: build dist/ and serve it on localhost.

The same static server runs the e2e tests and the browser benchmark (:func:`serve_in_thread`).
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from rituels.tools import build
from rituels.tools.paths import DIST

MIME_TYPES = {
    ".wasm": "application/wasm",  # required by WebAssembly.instantiateStreaming
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}


class StaticHandler(SimpleHTTPRequestHandler):
    """Serves one folder with the MIME types the runtime needs. ``Cache-Control: no-cache``
    makes the browser revalidate every file, so a reload after a rebuild is always fresh (the
    service worker, once installed, still answers from its own versioned cache)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    cache_control = "no-cache"

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)


class QuietHandler(StaticHandler):
    quiet = True


class StaticServer(ThreadingHTTPServer):
    """A browser that leaves a page mid-download (a test closing its page, a reload) is
    normal here, not an error worth a traceback."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def make_server(root: Path, host: str = "127.0.0.1", port: int = 0, quiet: bool = True,
                handler: type[StaticHandler] | None = None) -> ThreadingHTTPServer:
    """A server for ``root`` (port 0: any free port; read it from ``server.server_port``)."""
    handler = functools.partial(handler or (QuietHandler if quiet else StaticHandler),
                                directory=str(root))
    server = StaticServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(root: Path, host: str = "127.0.0.1",
                    handler: type[StaticHandler] | None = None) -> tuple[ThreadingHTTPServer, str]:
    """Start serving ``root`` on a free port in a daemon thread; returns (server, base URL).
    Call ``server.shutdown()`` when done."""
    server = make_server(root, host, handler=handler)
    threading.Thread(target=server.serve_forever, name="rituels-static", daemon=True).start()
    return server, f"http://{host}:{server.server_port}/"


def main(args: argparse.Namespace) -> int:
    try:
        build.build(DIST)
    except build.BuildError as exc:
        print(f"serve: error: {exc}", file=sys.stderr)
        return 1
    try:
        server = make_server(DIST, args.host, args.port, quiet=False)
    except OSError as exc:
        print(f"serve: error: cannot listen on {args.host}:{args.port}: {exc.strerror}"
              " (try --port N)", file=sys.stderr)
        return 1
    print(f"Rituels is served at http://{args.host}:{server.server_port}/ (Ctrl+C to stop)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nserve: stopped")
    finally:
        server.server_close()
    return 0
