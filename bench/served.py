"""For the benchmarks that drive a browser: a fresh build of the site served on localhost,
and the Chromium to drive (HALFMOON_CHROMIUM, by default Debian's /usr/bin/chromium).

The server sends a file's pre-compressed ``name.gz`` copy (the build writes one beside every
text file that gzip makes smaller) with ``Content-Encoding: gzip`` to a browser that accepts
gzip, as a compressing host would, and the file itself otherwise.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("HALFMOON_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class Compressing(_Quiet):
    """Serves ``name.gz`` as ``name`` with Content-Encoding: gzip to a client that accepts it,
    over HTTP/1.1 connections kept open, as a host does (not one connection a file)."""

    protocol_version = "HTTP/1.1"

    def send_head(self):  # type: ignore[no-untyped-def]
        address = self.path.split("?")[0].split("#")[0]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not address.endswith("/"):
                return super().send_head()  # its redirect to the folder's address with '/'
            path = path / "index.html"
        copy = path.with_name(path.name + ".gz")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.is_file() and copy.is_file()) or address.endswith(".gz"):
            return super().send_head()
        data = copy.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(copy.stat().st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return data


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # The browser dropping a connection it no longer needs is not a failure.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def served_directory(site: Path, compressing: bool = False) -> Iterator[str]:
    """Serve ``site`` on a free port of 127.0.0.1; yields its URL."""
    handler = Compressing if compressing else _Quiet
    server = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def build_site(destination: Path) -> Path:
    """``mkdocs build --strict`` of the project into ``destination``."""
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(destination)],
        cwd=ROOT, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return destination


@contextmanager
def served_site(compressing: bool = False) -> Iterator[str]:
    """Build the site (mkdocs build --strict) into a temporary folder and serve it; yields its URL."""
    with tempfile.TemporaryDirectory() as temporary:
        with served_directory(build_site(Path(temporary) / "site"), compressing) as url:
            yield url
