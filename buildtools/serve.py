"""A static file server for dist/ with correct MIME types, revalidation and optional CORS."""

from __future__ import annotations

import functools
import http.server
import mimetypes
import socketserver
import threading
from pathlib import Path

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
    ".py": "text/x-python",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Serves files with ``Cache-Control: no-cache`` (revalidate by Last-Modified) and CORS when asked."""

    cors = False
    extensions_map = {**mimetypes.types_map, **MIME}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.cors:
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
        if self.path.split("?")[0].endswith("sw.js"):
            self.send_header("Service-Worker-Allowed", "/")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001 - stdlib signature
        """A browser that drops a connection (navigation, abort) is not an error worth a traceback."""
        import sys

        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(
    root: Path, host: str = "127.0.0.1", port: int = 0, cors: bool = False, verbose: bool = False
) -> Server:
    handler = functools.partial(type("H", (Handler,), {"cors": cors}), directory=str(root))
    srv = Server((host, port), handler)
    srv.verbose = verbose  # type: ignore[attr-defined]
    return srv


def serve_in_thread(root: Path, cors: bool = False, host: str = "127.0.0.1") -> tuple[Server, str]:
    """Start a server on a random port in a daemon thread; returns it and its base URL."""
    srv = make_server(root, host=host, port=0, cors=cors)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://{host}:{srv.server_address[1]}/"
