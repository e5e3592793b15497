"""For the benchmarks that drive a browser: a fresh build of the site served on localhost,
and the Chromium to drive (HALFMOON_CHROMIUM, by default Debian's /usr/bin/chromium).

The server sends a file's pre-compressed copy, as a compressing host would: ``name.br`` with
``Content-Encoding: br`` to a browser that accepts brotli, else ``name.gz`` with
``Content-Encoding: gzip`` to one that accepts gzip, else the file itself (the build writes
each copy beside every text file that it makes smaller).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
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


# The content codings of the copies beside a file, in the order the server prefers them.
CODINGS = {"br": ".br", "gzip": ".gz"}
QVALUE = re.compile(r"0(?:\.\d{0,3})?|1(?:\.0{0,3})?")


def accepted_codings(accept_encoding: str) -> list[str]:
    """The codings of ``CODINGS`` that an Accept-Encoding header accepts, the client's most wanted
    first (ties in the server's order): ``q=0`` refuses a coding, ``*`` stands for those not
    named, and ``x-gzip`` is gzip (RFC 9110, 12.5.3)."""
    weights: dict[str, float] = {}
    for item in accept_encoding.split(","):
        name, *parameters = (part.strip() for part in item.split(";"))
        name = {"x-gzip": "gzip"}.get(name.lower(), name.lower())
        if not name:
            continue
        weight = 1.0
        for parameter in parameters:
            key, _, value = parameter.partition("=")
            if key.strip().lower() == "q":
                # A weight that is not a qvalue (0 to 1, three decimals at most) accepts nothing.
                weight = float(value) if QVALUE.fullmatch(value.strip()) else 0.0
        weights[name] = weight
    if "*" in weights:
        weights = {coding: weights.get(coding, weights["*"]) for coding in CODINGS}
    wanted = [coding for coding in CODINGS if weights.get(coding, 0.0) > 0]
    return sorted(wanted, key=lambda coding: -weights[coding])


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


class Compressing(_Quiet):
    """Serves ``name.br`` or ``name.gz`` as ``name``, with its Content-Encoding, to a client that
    accepts it, over HTTP/1.1 connections kept open, as a host does (not one connection a file)."""

    protocol_version = "HTTP/1.1"
    varies = False  # whether the answer being sent depends on Accept-Encoding

    def send_head(self):  # type: ignore[no-untyped-def]
        self.varies = False  # one handler answers every request of its connection
        address = self.path.split("?")[0].split("#")[0]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not address.endswith("/"):
                return super().send_head()  # its redirect to the folder's address with '/'
            path = path / "index.html"
        if not path.is_file() or address.endswith(tuple(CODINGS.values())):
            return super().send_head()  # a copy asked for by its own name is sent as it is
        copies = {coding: path.with_name(path.name + suffix) for coding, suffix in CODINGS.items()}
        copies = {coding: copy for coding, copy in copies.items() if copy.is_file()}
        self.varies = bool(copies)  # the file itself too: what is sent depends on the header
        coding = next((coding for coding in accepted_codings(self.headers.get("Accept-Encoding", ""))
                       if coding in copies), None)
        if coding is None:
            return super().send_head()
        data = copies[coding].open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", coding)
        self.send_header("Content-Length", str(copies[coding].stat().st_size))
        self.end_headers()
        return data

    def end_headers(self) -> None:
        if self.varies:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()


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


def build_site(destination: Path, project: Path = ROOT) -> Path:
    """``mkdocs build --strict`` of ``project`` (this checkout, or another one such as a
    worktree of an older commit, whose engine and plugin it then imports) into ``destination``."""
    path = os.pathsep.join([str(project), str(project / "plugins")])
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(destination)],
        cwd=project, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": path},
    )
    return destination


@contextmanager
def served_site(compressing: bool = False) -> Iterator[str]:
    """Build the site (mkdocs build --strict) into a temporary folder and serve it; yields its URL."""
    with tempfile.TemporaryDirectory() as temporary:
        with served_directory(build_site(Path(temporary) / "site"), compressing) as url:
            yield url
