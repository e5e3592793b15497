"""The game's files and catalogs are published under one content hash (plugins/halfmoon_mkdocs/assets.py)."""

from __future__ import annotations

import re

from halfmoon_mkdocs import assets

PAGE = (
    '<html><head><link rel="stylesheet" href="../assets/game/game.css"></head><body>'
    '<script src="../assets/game/boot.js" type="module"></script></body></html>'
)


def _docs(tmp_path, app="export const a = 1;\n"):
    game = tmp_path / "assets" / "game"
    game.mkdir(parents=True, exist_ok=True)
    (game / "app.js").write_text(app)
    (game / "game.css").write_text(".hm-game {}\n")
    (game / "boot.js").write_text('import "./app.js";\n')
    return tmp_path


def test_the_version_changes_with_any_game_file_or_catalog(tmp_path):
    docs = _docs(tmp_path)
    catalogs = {"en": b'{"a": "b"}\n'}
    first = assets.asset_version(docs, catalogs)
    assert re.fullmatch(r"[0-9a-f]{12}", first)
    assert assets.asset_version(docs, catalogs) == first
    assert assets.asset_version(docs, {"en": b'{"a": "c"}\n'}) != first
    _docs(tmp_path, app="export const a = 2;\n")
    assert assets.asset_version(docs, catalogs) != first


def test_a_page_loads_the_hashed_files_and_names_the_hashed_catalogs():
    html = assets.point_page(PAGE, "assets/halfmoon/catalogs", "0123456789ab")
    assert 'src="../assets/game/0123456789ab/boot.js"' in html
    assert 'href="../assets/game/0123456789ab/game.css"' in html
    assert '<meta name="halfmoon:catalogs" content="../assets/halfmoon/catalogs/0123456789ab/">' in html
    assert "assets/game/boot.js" not in html and "assets/game/game.css" not in html


def test_a_page_without_the_game_is_left_alone():
    html = "<html><head></head><body><p>assets/game/boot.js</p></body></html>"
    assert assets.point_page(html, "assets/halfmoon/catalogs", "0123456789ab") == html


def test_publishing_copies_every_game_file_and_catalog_under_the_hash(tmp_path):
    docs = _docs(tmp_path / "docs")
    site = tmp_path / "site"
    catalogs = {"en": b'{"a": "b"}\n', "he": b'{"a": "c"}\n'}
    assets.publish(site, docs, "assets/halfmoon/catalogs", "0123456789ab", catalogs)
    for name in ("app.js", "boot.js", "game.css"):
        hashed = site / "assets" / "game" / "0123456789ab" / name
        assert hashed.read_bytes() == (docs / "assets" / "game" / name).read_bytes()
    for lang, text in catalogs.items():
        assert (site / "assets/halfmoon/catalogs/0123456789ab" / f"{lang}.json").read_bytes() == text
        assert (site / "assets/halfmoon/catalogs" / f"{lang}.json").read_bytes() == text
