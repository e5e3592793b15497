"""The browser game's files under one content hash, so a browser never mixes old and new.

Each build copies the game's modules and stylesheet to ``assets/game/<hash>/`` and the
catalogs to ``<catalogs_path>/<hash>/``, where the hash covers all of them. Every page then
loads ``boot.js`` and ``game.css`` from the hashed folder (the modules' imports are
relative, so they stay inside it) and names the hashed catalog folder in
``<meta name="halfmoon:catalogs">``, which the game's i18n.js reads. A page from before
a deploy keeps asking for its own hash's files.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

GAME_DIR = "assets/game"
GAME_FILES = ("*.js", "*.css")
# The two files a page names itself (mkdocs.yml's extra_javascript and extra_css).
_ENTRY = re.compile(r'(\s(?:src|href)=")([^"]*?)assets/game/(boot\.js|game\.css)(")')


def game_files(docs_dir: Path) -> list[Path]:
    folder = docs_dir / GAME_DIR
    return sorted(path for pattern in GAME_FILES for path in folder.glob(pattern))


def asset_version(docs_dir: Path, catalogs: Mapping[str, bytes]) -> str:
    """Twelve hex digits of the hash of the game's files and the catalogs' published text."""
    parts: list[str | bytes] = []
    for path in game_files(docs_dir):
        parts += [path.name, path.read_bytes()]
    for lang in sorted(catalogs):
        parts += [lang, catalogs[lang]]
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(part.encode() if isinstance(part, str) else part)
        hasher.update(b"\0")
    return hasher.hexdigest()[:12]


def publish(site_dir: Path, docs_dir: Path, catalogs_path: str, version: str,
            catalogs: Mapping[str, bytes]) -> None:
    """Write the hashed copies (catalogs also stay at their unhashed address)."""
    game = site_dir / GAME_DIR / version
    game.mkdir(parents=True, exist_ok=True)
    for path in game_files(docs_dir):
        shutil.copyfile(path, game / path.name)
    for folder in (site_dir / catalogs_path, site_dir / catalogs_path / version):
        folder.mkdir(parents=True, exist_ok=True)
        for lang, text in catalogs.items():
            (folder / f"{lang}.json").write_bytes(text)


def point_page(html: str, catalogs_path: str, version: str) -> str:
    """Load boot.js and game.css from the hashed folder; say where the hashed catalogs are."""
    match = _ENTRY.search(html)
    if match is None:
        return html
    prefix = match.group(2)  # the page's way back to the site root, e.g. "../"
    html = _ENTRY.sub(lambda m: f"{m[1]}{m[2]}{GAME_DIR}/{version}/{m[3]}{m[4]}", html)
    meta = f'<meta name="halfmoon:catalogs" content="{prefix}{catalogs_path.strip("/")}/{version}/">'
    return html.replace("</head>", meta + "</head>", 1)
