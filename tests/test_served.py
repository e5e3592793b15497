"""The benchmarks' compressing server (bench/served.py) sends what a compressing host sends: a
file's .br copy to a browser that accepts brotli, else its .gz copy to one that accepts gzip,
else the file itself, by the Accept-Encoding header read as HTTP reads it (q=0 refuses)."""

from __future__ import annotations

import gzip
import http.client
from pathlib import Path
from urllib.parse import urlsplit

import brotli
import pytest
from halfmoon_mkdocs.offline import compress_site

ROOT = Path(__file__).resolve().parent.parent
PAGE = "".join(f"<p>Deal {n} of the moon, pile {n % 13}.</p>\n" for n in range(200)).encode()
CHROMIUM = "gzip, deflate, br, zstd"  # what Chromium sends, to 127.0.0.1 too


@pytest.fixture(scope="module")
def served(bench_module):
    return bench_module("served")


@pytest.mark.parametrize(("header", "codings"), [
    (CHROMIUM, ["br", "gzip"]),
    ("gzip, deflate", ["gzip"]),
    ("br;q=0, gzip", ["gzip"]),
    ("gzip;q=0, br;q=0", []),
    ("br;q=0.5, gzip;q=0.8", ["gzip", "br"]),  # the client's weights first
    ("gzip;q=1, br;q=1.0", ["br", "gzip"]),  # then the server's order
    (" BR ; Q=0.001 ,X-GZIP", ["gzip", "br"]),  # any case and spacing; x-gzip is gzip
    ("*", ["br", "gzip"]),
    ("*;q=0", []),
    ("br;q=0, *", ["gzip"]),
    ("identity", []),
    ("", []),
    ("br;q=2, gzip;q=nan, deflate", []),  # not qvalues: nothing accepted by them
])
def test_accept_encoding_is_read_by_its_tokens_and_weights(served, header, codings):
    assert served.accepted_codings(header) == codings


@pytest.fixture(scope="module")
def site(served, tmp_path_factory):
    """A site with both copies beside its page, only a gzip one beside a file, none beside another."""
    folder = tmp_path_factory.mktemp("site")
    (folder / "play").mkdir()
    (folder / "play" / "index.html").write_bytes(PAGE)
    (folder / "tiny.js").write_bytes(b"x\n")  # no copy is smaller
    assert compress_site(folder) == 2
    (folder / "old.css").write_bytes(PAGE)
    (folder / "old.css.gz").write_bytes(gzip.compress(PAGE, mtime=0))
    with served.served_directory(folder, compressing=True) as url:
        yield urlsplit(url)


def fetch(site, address: str, accept: str | None, method: str = "GET"):
    connection = http.client.HTTPConnection(site.hostname, site.port, timeout=30)
    try:
        connection.request(method, address, headers={} if accept is None else {"Accept-Encoding": accept})
        response = connection.getresponse()
        return response, response.read()
    finally:
        connection.close()


UNPACK = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}


@pytest.mark.parametrize(("address", "accept", "coding"), [
    ("/play/", CHROMIUM, "br"),
    ("/play/index.html", "gzip, deflate, br", "br"),
    ("/play/", "gzip, deflate", "gzip"),
    ("/play/", "gzip, br;q=0", "gzip"),
    ("/play/", "br;q=0.1, gzip", "gzip"),
    ("/play/", "identity", None),
    ("/play/", None, None),
    ("/play/", "br;q=0, gzip;q=0", None),
    ("/old.css", CHROMIUM, "gzip"),  # brotli accepted, but only a gzip copy there
    ("/tiny.js", CHROMIUM, None),
])
def test_the_server_sends_the_copy_the_browser_accepts_or_the_file(site, address, accept, coding):
    response, body = fetch(site, address, accept)
    assert response.status == 200
    assert response.getheader("Content-Encoding") == coding
    assert int(response.getheader("Content-Length")) == len(body)
    expected = b"x\n" if address == "/tiny.js" else PAGE
    assert UNPACK[coding](body) == expected
    assert response.getheader("Content-Type").startswith("text/css" if address == "/old.css" else
                                                        "text/javascript" if address == "/tiny.js" else
                                                        "text/html")
    # Wherever a copy could have been sent, a cache must key the answer on Accept-Encoding.
    assert response.getheader("Vary") == (None if address == "/tiny.js" else "Accept-Encoding")


def test_head_has_the_headers_of_get_and_a_copy_asked_by_name_is_sent_as_it_is(site):
    got, body = fetch(site, "/play/", CHROMIUM)
    head, nothing = fetch(site, "/play/", CHROMIUM, method="HEAD")
    assert nothing == b"" and head.getheader("Content-Encoding") == "br"
    assert head.getheader("Content-Length") == got.getheader("Content-Length") == str(len(body))
    copy, raw = fetch(site, "/play/index.html.br", CHROMIUM)
    assert copy.getheader("Content-Encoding") is None and raw == body
    folder, _ = fetch(site, "/play", CHROMIUM)  # the folder's address without its '/'
    assert folder.status == 301 and folder.getheader("Location") == "/play/"
