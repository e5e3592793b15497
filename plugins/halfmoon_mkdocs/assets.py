"""The site's own scripts, stylesheets and catalogs under one content hash, so a browser never
mixes old and new, and a host may cache them for ever.

Each build copies the game's modules and stylesheet to ``assets/game/<hash>/``, the catalogs
to ``<catalogs_path>/<hash>/``, and joins the site's own stylesheets (mkdocs.yml's
``extra_css`` that are files of docs/, in their order) into one,
``assets/stylesheets/<hash>/halfmoon.css``; the hash covers all of them. Every page then loads
``boot.js`` from the hashed folder (the modules' imports are relative, so they stay inside
it), the joined stylesheet in place of the separate ones (one request that blocks the first
paint instead of three), and names the hashed catalog folder in
``<meta name="halfmoon:catalogs">``, which the game's i18n.js reads. A page from before a
deploy keeps asking for its own hash's files.

``write_file`` is the one way the plugins write into the built site (these copies, the search
indexes, the offline plugin's manifests, icons, worker and ``.br`` and ``.gz`` copies): all at
once, through the engine's ``write_atomic``, so a full disk or an interrupted build leaves each
file as it was or whole, never cut short; a failure stops the build with an error naming the file.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from mkdocs.exceptions import PluginError

from halfmoon import HalfMoonError
from halfmoon.files import write_atomic

GAME_DIR = "assets/game"
# What marks a page that holds the game (the Play page): its mount, <div class="hm-game">.
GAME_MARK = 'class="hm-game"'
GAME_FILES = ("*.js", "*.css")
STYLESHEET_DIR = "assets/stylesheets"
STYLESHEET = "halfmoon.css"  # the joined stylesheet's name in its hashed folder
# The two files a page names itself (mkdocs.yml's extra_javascript and extra_css).
_LANG = re.compile(r'<html[^>]*\slang="([a-z]+)')
_ENTRY = re.compile(r'(\s(?:src|href)=")([^"]*?)assets/game/(boot\.js|game\.css)(")')
_BOOT_TAG = re.compile(r'<script\b[^>]*assets/game/[0-9a-f]+/boot\.js"[^>]*></script>')
_THEME_SCRIPT = re.compile(r'<script src="([^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js)"></script>')
# Material's script, started at the reader's first use of the page (see `theme_at_first_use`).
THEME_LOADER = Path(__file__).with_name("theme_loader.js")


def game_files(docs_dir: Path) -> list[Path]:
    folder = docs_dir / GAME_DIR
    return sorted(path for pattern in GAME_FILES for path in folder.glob(pattern))


def superseded(docs_dir: Path, stylesheets: Iterable[str]) -> list[str]:
    """The site paths of the plain copies MkDocs publishes of what pages load only under the
    hash: every game file, and the site's own stylesheets (`stylesheets`), which they load
    joined into one. No page asks for these copies."""
    return sorted({path.relative_to(docs_dir).as_posix() for path in game_files(docs_dir)}
                  | set(stylesheets))


def hashed_name(name: str, data: bytes) -> str:
    """``name`` with eight hex digits of its content's hash before the suffix:
    ``register.js`` -> ``register.1a2b3c4d.js``."""
    stem, dot, suffix = name.rpartition(".")
    digest = hashlib.sha256(data).hexdigest()[:8]
    return f"{stem}.{digest}.{suffix}" if dot else f"{name}.{digest}"


def own_stylesheets(docs_dir: Path, extra_css: Iterable[str]) -> list[str]:
    """The ``extra_css`` entries that are files of the site's docs (not another host's), in order."""
    return [name for name in extra_css
            if "://" not in name and not name.startswith("/") and (docs_dir / name).is_file()]


def joined_stylesheet(docs_dir: Path, stylesheets: Iterable[str]) -> str:
    """The site's own stylesheets as one, each compacted, in the order the pages had them."""
    return "".join(compact((docs_dir / name).read_text("utf-8"), ".css") for name in stylesheets)


def asset_version(docs_dir: Path, catalogs: Mapping[str, bytes], stylesheets: Iterable[str] = ()) -> str:
    """Twelve hex digits of the hash of the game's files, the site's own stylesheets and the
    catalogs' published text."""
    parts: list[str | bytes] = []
    for path in game_files(docs_dir):
        parts += [path.name, path.read_bytes()]
    for name in stylesheets:
        parts += [name, (docs_dir / name).read_bytes()]
    for lang in sorted(catalogs):
        parts += [lang, catalogs[lang]]
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(part.encode() if isinstance(part, str) else part)
        hasher.update(b"\0")
    return hasher.hexdigest()[:12]


def publish(site_dir: Path, docs_dir: Path, catalogs_path: str, version: str,
            catalogs: Mapping[str, bytes], stylesheets: Iterable[str] = ()) -> None:
    """Write the hashed copies (catalogs also stay at their unhashed address) and the joined
    stylesheet."""
    game = site_dir / GAME_DIR / version
    stylesheets = list(stylesheets)
    for path in game_files(docs_dir):
        if path.relative_to(docs_dir).as_posix() not in stylesheets:  # else only in the joined one
            write_file(game / path.name, compact(path.read_text("utf-8"), path.suffix))
    if stylesheets:
        write_file(site_dir / STYLESHEET_DIR / version / STYLESHEET, joined_stylesheet(docs_dir, stylesheets))
    for folder in (site_dir / catalogs_path, site_dir / catalogs_path / version):
        for lang, text in catalogs.items():
            write_file(folder / f"{lang}.json", text)


def write_file(path: Path, data: bytes | str) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` in the built site all at once, making its
    folder; a failure is a build error naming the file, and leaves the file as it was."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PluginError(f"cannot write {path}: cannot make its folder: "
                          f"{error.strerror or error}") from None
    try:
        write_atomic(path, data)
    except HalfMoonError as error:  # FileWriteError, NotAFileError: both name the file
        raise PluginError(str(error)) from None


def compact(text: str, suffix: str) -> str:
    """The served copy of a game file: no comments, indentation or blank lines.

    Only whole lines are dropped or trimmed, so statements keep their line breaks; a script
    with a template literal over several lines is served as written.
    """
    if suffix == ".css":
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        return "".join(line.strip() + "\n" for line in text.splitlines() if line.strip())
    lines = text.splitlines()
    if any(line.count("`") % 2 for line in lines):
        return text
    kept: list[str] = []
    in_comment = False
    for line in (line.strip() for line in lines):
        if in_comment:
            in_comment = "*/" not in line
        elif line.startswith("/*") and ("*/" not in line or line.endswith("*/")):
            in_comment = "*/" not in line
        elif line and not line.startswith("//"):
            kept.append(line + "\n")
    return "".join(kept)


def point_page(html: str, catalogs_path: str, version: str, modules: Iterable[str] = (),
               catalogs: Mapping[str, bytes] | None = None, stylesheets: Iterable[str] = ()) -> str:
    """Load boot.js and game.css from the hashed folder, the joined stylesheet in place of the
    site's own `stylesheets`; say where the hashed catalogs are.

    The theme writes boot.js (an async module) after its own script at the end of <body>, so
    the parser would reach it only once that script has run; moved into <head>, it starts as
    soon as it arrives.
    The theme's script runs at the reader's first use of the page (`theme_at_first_use`).
    The Play page (it has the game's mount) draws its board as soon as its modules are in: it carries
    its language's catalog (`catalogs`, the published text) in a
    ``<script type="application/json" data-hm-catalog>`` and loads play.js as a deferred
    module in <head>, which runs before the page's DOMContentLoaded. The game's `modules` are
    preloaded in the order given (the order the board needs them, see `preloaded_modules`).
    """
    match = _ENTRY.search(html)
    if match is None:
        return html
    prefix = match.group(2)  # the page's way back to the site root, e.g. "../"
    html = _join_stylesheets(html, prefix, version, stylesheets)
    html = _ENTRY.sub(lambda m: f"{m[1]}{m[2]}{GAME_DIR}/{version}/{m[3]}{m[4]}", html)
    head = [f'<meta name="halfmoon:catalogs" content="{prefix}{catalogs_path.strip("/")}/{version}/">']
    boot = _BOOT_TAG.search(html)
    if boot is not None:
        html = html[:boot.start()] + html[boot.end():]
    game = GAME_MARK in html
    lang = _LANG.search(html) if game else None
    if lang and catalogs and lang[1] in catalogs:  # before boot.js, which looks for it
        head.append(carried_catalog(lang[1], catalogs[lang[1]]))
    if boot is not None:
        head.append(boot.group())
    if game:
        head.append(f'<script type="module" src="{prefix}{GAME_DIR}/{version}/{PLAY_ENTRY}"></script>')
        head += [f'<link rel="modulepreload" href="{prefix}{GAME_DIR}/{version}/{name}">' for name in modules]
    html = theme_at_first_use(html)
    return html.replace("</head>", "".join(head) + "</head>", 1)


def theme_at_first_use(html: str) -> str:
    """The page's theme script (Material's bundle) replaced by a loader (theme_loader.js) that
    fetches and runs it at the reader's first use of the page: a pointer or a key pressed, a
    touch, the mouse moved, the wheel turned (not a scroll or a focus by itself, which a page's
    own layout or script may cause). A page reached from a search (``?q=``, ``?h=``)
    starts it at once, once drawn, to show the search.

    Material's script was the longest task of every page's load on a phone: its evaluation and
    its start, 19 to 101 ms here at full speed, four to eight times that on the phone
    Lighthouse's calculator stands for, before the reader could do anything. Nothing the reader
    sees first needs it: the colours and the colour switch are set by the page itself
    (partials/palette.html), the language menu and the navigation drawer are the theme's CSS.
    What the theme does for a use that comes before it runs, the loader does: the search's keys
    (``/``, ``s``, ``f``) and a tap on its button focus the search box at once, keyboard focus is
    marked as the theme's focus-visible polyfill marks it, and a click on the colour switch or
    a key that goes to the next or previous page is given to the theme once it runs.

    Material starts on DOMContentLoaded, which has passed when its script arrives: the loader
    repeats the event for it (not bubbling, on the document, where Material listens; every
    other listener of the site's pages is gone by then, having listened once), in a task of its
    own: a script's load event comes in the task that ran it; as two tasks, each blocks the
    page half as long.
    """
    return _THEME_SCRIPT.sub(lambda match: theme_loader(match[1]), html, count=1)


@cache
def theme_loader(src: str) -> str:
    """The inline script that loads the theme's script at ``src`` (theme_at_first_use)."""
    code = compact(THEME_LOADER.read_text(encoding="utf-8"), ".js")
    return "<script>" + code.replace("THEME_SCRIPT", json.dumps(src)).replace("</", "<\\/") + "</script>"


def carried_catalog(lang: str, text: bytes) -> str:
    """The catalog `text` as a script element of data that a page can carry: ``<``, ``>`` and
    ``&`` written as JSON escapes, so no message can end the element or start markup."""
    messages = json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))
    for char in "<>&":
        messages = messages.replace(char, f"\\u{ord(char):04x}")
    return f'<script type="application/json" data-hm-catalog="{lang}">{messages}</script>'


def _join_stylesheets(html: str, prefix: str, version: str, stylesheets: Iterable[str]) -> str:
    """The first of the page's links to the site's own stylesheets made the joined one's, the
    others removed."""
    links = [re.compile(rf'<link rel="stylesheet" href="{re.escape(prefix + name)}">')
             for name in stylesheets]
    found = sorted((m.start(), m.end()) for link in links for m in link.finditer(html))
    if not found:
        return html
    joined = f'<link rel="stylesheet" href="{prefix}{STYLESHEET_DIR}/{version}/{STYLESHEET}">'
    for start, end in reversed(found):
        html = html[:start] + (joined if start == found[0][0] else "") + html[end:]
    return html


_STATIC_IMPORT = re.compile(r'^\s*(?:import|export)\b(?!\s*\()[^;"]*?(?:\bfrom\s*)?"\./([\w.-]+\.js)"', re.M)
PLAY_ENTRY = "play.js"  # the Play page's own module script


def preloaded_modules(docs_dir: Path) -> list[str]:
    """The modules the Play page's board needs, in the order it needs them: breadth first what
    its entry module (which the page names itself) imports statically, in the order of its
    imports."""
    folder = docs_dir / GAME_DIR
    if not (folder / PLAY_ENTRY).is_file():  # a site without the game
        return []
    order = [PLAY_ENTRY]
    for name in order:
        for imported in _STATIC_IMPORT.findall((folder / name).read_text(encoding="utf-8")):
            if imported not in order:
                order.append(imported)
    return order[1:]
