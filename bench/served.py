"""For the benchmarks that drive a browser: a fresh build of the site served on localhost,
and the Chromium to drive (HALFMOON_CHROMIUM, by default Debian's /usr/bin/chromium)."""

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


@contextmanager
def served_site() -> Iterator[str]:
    """Build the site (mkdocs build --strict) into a temporary folder and serve it; yields its URL."""
    with tempfile.TemporaryDirectory() as temporary:
        site = Path(temporary) / "site"
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
            cwd=ROOT, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site))
        )
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}/"
        finally:
            server.shutdown()
            server.server_close()
