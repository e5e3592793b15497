"""Build the site once per test session and serve it on localhost for browser tests."""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def build_site(destination: Path, config: Path = ROOT / "mkdocs.yml") -> Path:
    """Run ``mkdocs build --strict`` into ``destination``; raise with its output on failure."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config),
         "-d", str(destination)],
        capture_output=True, text=True, cwd=config.parent,
        env={**__import__("os").environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    if result.returncode != 0:
        raise AssertionError(f"mkdocs build failed:\n{result.stdout}\n{result.stderr}")
    return destination


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing address gets the site's 404.html, with status 404, as static hosts
        (GitHub Pages, Netlify…) serve it."""
        page = Path(self.directory) / "404.html"
        if code != 404 or self.command != "GET" or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        # The browser dropping a connection it no longer needs is not a failure.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(directory: Path, port: int = 0) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 at ``port`` (0: a free one); yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = _Server(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def repository_page(chromium: Any, setup: str) -> Iterator[Any]:
    """A page of the repository served as it stands (at tests/data/), once ``setup`` (a script, run
    in the page and awaited) has run; a page error fails the test that used it."""
    with serve(Path(__file__).resolve().parent.parent) as url:
        context = chromium.new_context()
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
        page.goto(url + "tests/data/")
        page.evaluate(setup)
        yield page
        context.close()
        assert not errors, errors


_SCROLL_TO = "element => element.scrollIntoView({ block: 'center' })"


def reach(page: Any, selector: str) -> None:
    """Scroll the page to the first element matching ``selector``, as a reader does. The
    Examples page's step-through viewer starts only when the reader comes near it (boot.js)."""
    page.locator(selector).first.evaluate(_SCROLL_TO)


_THEME_SCRIPT = re.compile(r".*/assets/javascripts/bundle\.\w+\.min\.js$")


def run_before_theme(page: Any, statement: str) -> None:
    """Serve the theme's script (Material's bundle) to ``page`` with ``statement`` run first, to
    record what the page is like when the theme starts."""
    def prefixed(route: Any) -> None:
        route.fulfill(body=statement + "\n" + route.fetch().text(), content_type="application/javascript")
    page.route(_THEME_SCRIPT, prefixed)


def theme_started(page: Any) -> None:
    """Use the page as a reader does (a key pressed: Shift, which does nothing on these pages),
    which starts the theme's script (assets.theme_at_first_use), and wait for it to have
    started: it then sets the palette on <body>, over anything a test set there before. It has
    started once it takes off the mark the page puts on <body> before its content
    (overrides/main.html)."""
    page.keyboard.press("Shift")
    page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")


def show_whole_page(page: Any) -> None:
    """Render every part of the page as a reader who scrolls through it sees it: figures, tables
    and code off screen wait for the reader (content-visibility: auto, halfmoon.css), and each
    step-through viewer and lookup starts only once reached. For checks of the whole page (axe,
    widths)."""
    page.add_style_tag(content="* { content-visibility: visible !important; }")
    viewers = page.locator(".hm-stepper")
    for index in range(viewers.count()):
        viewers.nth(index).evaluate(_SCROLL_TO)
        viewers.nth(index).locator(".hm-stepper-controls").wait_for()
    lookups = page.locator(".hm-lookup")
    for index in range(lookups.count()):
        lookups.nth(index).evaluate(_SCROLL_TO)
        page.wait_for_function("(n) => !document.querySelectorAll('.hm-lookup')[n].hidden", arg=index)
    page.evaluate("() => scrollTo(0, 0)")
    # Back at the top, the theme's header fades its title from the page's back to the site's:
    # a check made during that fade sees half-transparent text.
    page.wait_for_function("""() => {
      const header = document.querySelector(".md-header");
      return !header || (!header.querySelector(".md-header__title--active")
        && header.getAnimations({ subtree: true }).every((animation) => animation.playState !== "running"));
    }""")
