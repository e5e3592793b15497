"""The game's files and catalogs are published under one content hash (plugins/halfmoon_mkdocs/assets.py)."""

from __future__ import annotations

import json
import re

from halfmoon_mkdocs import assets
from hypothesis import example, given
from hypothesis import strategies as st

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


def test_the_boot_script_is_moved_into_the_head_so_it_need_not_wait_for_the_theme_script():
    page = PAGE.replace("<body>", '<body><script src="../assets/javascripts/bundle.js"></script>')
    html = assets.point_page(page, "assets/halfmoon/catalogs", "0123456789ab")
    head, body = html.split("</head>")
    assert head.count("0123456789ab/boot.js") == 1 and "boot.js" not in body
    assert "bundle.js" in body


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


THEME_SCRIPT = '<script src="../assets/javascripts/bundle.8fe7e92b.min.js"></script>'
PLAY = PAGE.replace("<html>", '<html lang="he" class="no-js">').replace(
    "<body>", '<body><div class="hm-game"></div>' + THEME_SCRIPT)
CATALOGS = {"en": b'{"a": "b"}\n', "he": '{"game.button.new": "משחק חדש"}\n'.encode()}


def test_the_play_page_carries_its_catalog_and_preloads_the_game_modules():
    html = assets.point_page(PLAY, "assets/halfmoon/catalogs", "0123456789ab", ["app.js", "engine.js"], CATALOGS)
    head = html.split("</head>")[0]
    assert '<link rel="modulepreload" href="../assets/game/0123456789ab/app.js">' in head
    assert '<link rel="modulepreload" href="../assets/game/0123456789ab/engine.js">' in head
    assert '<script type="module" src="../assets/game/0123456789ab/play.js"></script>' in head
    carried = re.search(r'<script type="application/json" data-hm-catalog="he">(.*?)</script>', head)
    assert json.loads(carried[1]) == json.loads(CATALOGS["he"])
    assert "data-hm-catalog" not in head.replace(carried[0], "")  # only the page's own language
    assert "preload\" as=\"fetch" not in html  # the catalog is not fetched as well
    other = assets.point_page(PAGE, "assets/halfmoon/catalogs", "0123456789ab", ["app.js"], CATALOGS)
    assert "modulepreload" not in other and "hm-catalog" not in other and "play.js" not in other


def test_every_page_runs_the_theme_script_only_at_the_reader_s_first_use():
    theme_url = "../assets/javascripts/bundle.8fe7e92b.min.js"
    rules = PAGE.replace("<body>", "<body>" + THEME_SCRIPT)
    for page in (PLAY, rules):
        html = assets.point_page(page, "assets/halfmoon/catalogs", "0123456789ab", ["app.js"], CATALOGS)
        assert f'<script src="{theme_url}"' not in html  # not a script the parser runs
        (loader,) = [script for script in re.findall(r"<script>(.*?)</script>", html, re.S)
                     if theme_url in script]
        assert f"script.src = {json.dumps(theme_url)};" in loader
        assert 'd.dispatchEvent(new Event("DOMContentLoaded"))' in loader
        assert "addEventListener(kind, early" in loader and "//" not in loader.replace("://", "")
        if page is PLAY:
            assert html.index("data-hm-catalog") < html.index("/boot.js")  # boot.js looks for it


def test_the_theme_loader_cannot_end_its_script_element():
    loader = assets.theme_loader('x.js"</script><script>alert(1)//')
    body = loader.removeprefix("<script>").removesuffix("</script>")
    assert "</" not in body and "alert(1)" in body


@given(st.dictionaries(st.sampled_from(["game.a", "card.b", "docs.c"]), st.text()))
@example({"game.a": "</script><script>alert(1)</script>", "card.b": "<!-- &amp; \\u003c"})
def test_no_message_can_end_the_carried_catalog_or_start_markup(messages):
    text = json.dumps(messages).encode()
    element = assets.carried_catalog("en", text)
    body = element.removeprefix('<script type="application/json" data-hm-catalog="en">').removesuffix("</script>")
    assert not {"<", ">", "&"} & set(body)
    assert json.loads(body) == messages


def test_served_copies_lose_comments_and_indentation_but_no_code():
    script = (
        "// a comment\n/**\n * A doc comment.\n */\nexport function f(a) {\n"
        "  /* short */\n  const b = a // kept: code before it\n    * 2;\n\n  return `x${b}`;\n}\n"
    )
    assert assets.compact(script, ".js") == (
        "export function f(a) {\nconst b = a // kept: code before it\n* 2;\nreturn `x${b}`;\n}\n"
    )
    template = "const t = `line\n  // not a comment\n`;\n"
    assert assets.compact(template, ".js") == template
    assert assets.compact("/* c */\n.a {\n  color: red; /* x */\n}\n", ".css") == ".a {\ncolor: red;\n}\n"


def test_the_served_game_modules_still_parse(tmp_path):
    import shutil
    import subprocess
    from pathlib import Path

    node = shutil.which("node")
    if node is None:
        import pytest

        pytest.skip("node is not installed")
    source = Path(__file__).resolve().parent.parent / "docs" / "assets" / "game"
    for path in source.glob("*.js"):
        served = tmp_path / (path.stem + ".mjs")
        served.write_text(assets.compact(path.read_text("utf-8"), ".js"), encoding="utf-8")
        result = subprocess.run([node, "--check", str(served)], capture_output=True, text=True)
        assert result.returncode == 0, (path.name, result.stderr)


def test_the_preloads_follow_the_order_the_board_needs(tmp_path):
    game = tmp_path / "assets" / "game"
    game.mkdir(parents=True)
    (game / "play.js").write_text('import { b } from "./b.js";\nimport * as a from "./a.js";\n'
                                 'const later = () => import("./lazy.js");\nimport("./lazy.js");\n')
    (game / "b.js").write_text('import {\n  c,\n} from "./c.js";\nexport { a } from "./a.js";\n')
    for name in ("a.js", "c.js", "lazy.js", "boot.js", "stepper.js", "app.js"):
        (game / name).write_text("export const x = 1;\n")
    assert assets.preloaded_modules(tmp_path) == ["b.js", "a.js", "c.js"]
    play = PAGE.replace("<html>", '<html lang="en">').replace("<body>", '<body><div class="hm-game"></div>')
    head = assets.point_page(play, "assets/halfmoon/catalogs", "0123456789ab", ["b.js", "a.js"],
                             CATALOGS).split("</head>")[0]
    places = [head.index(name) for name in ("halfmoon:catalogs", "data-hm-catalog", "/boot.js", "/play.js", "/b.js", "/a.js")]
    assert places == sorted(places)


def test_the_site_preloads_every_module_the_game_imports():
    from pathlib import Path

    docs = Path(__file__).resolve().parent.parent / "docs"
    modules = assets.preloaded_modules(docs)
    assert modules[0] == "app.js" and {"engine.js", "board.js", "i18n.js", "view.js", "dom.js"} <= set(modules)
    assert not {"play.js", "boot.js", "stepper.js", "lookup.js"} & set(modules)
    # The solver is loaded only when a feature asks for it, never as the game opens.
    assert not {"solver.js", "solver_worker.js", "solver_client.js"} & set(modules)
    # So is the coach (issue 47), imported only when one of its settings is on.
    assert not {"coach.js", "coach_core.js"} & set(modules)
    # And the backup file's (issue 44): loaded once the page is idle, or at its first use.
    assert not {"backup_flow.js", "backup.js"} & set(modules)


SITE_PAGE = (
    '<html><head><link rel="stylesheet" href="../assets/stylesheets/main.min.css">'
    '<link rel="stylesheet" href="../assets/stylesheets/halfmoon.css">'
    '<link rel="stylesheet" href="../assets/game/game.css">'
    '<link rel="stylesheet" href="../assets/stylesheets/winnability.css"></head><body>'
    '<script src="../assets/game/boot.js" type="module"></script></body></html>'
)
OWN_CSS = ["assets/stylesheets/halfmoon.css", "assets/game/game.css", "assets/stylesheets/winnability.css"]


def _stylesheets(docs):
    (docs / "assets" / "stylesheets").mkdir(parents=True, exist_ok=True)
    (docs / "assets" / "stylesheets" / "halfmoon.css").write_text("/* site */\n.a {\n  color: red;\n}\n")
    (docs / "assets" / "stylesheets" / "winnability.css").write_text(".c { color: blue; }\n")
    return docs


def test_the_sites_own_stylesheets_are_one_link_where_the_first_was_and_others_stay():
    html = assets.point_page(SITE_PAGE, "assets/halfmoon/catalogs", "0123456789ab", stylesheets=OWN_CSS)
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)">', html)
    assert links == ["../assets/stylesheets/main.min.css", "../assets/stylesheets/0123456789ab/halfmoon.css"]
    assert 'src="../assets/game/0123456789ab/boot.js"' in html


def test_own_stylesheets_are_the_extra_css_files_of_the_docs_in_order(tmp_path):
    docs = _stylesheets(_docs(tmp_path))
    extra = ["https://example.org/x.css", *OWN_CSS, "assets/stylesheets/missing.css", "/abs.css"]
    assert assets.own_stylesheets(docs, extra) == OWN_CSS


def test_the_joined_stylesheet_is_published_under_the_hash_which_follows_each_part(tmp_path):
    docs = _stylesheets(_docs(tmp_path / "docs"))
    catalogs = {"en": b"{}\n"}
    version = assets.asset_version(docs, catalogs, OWN_CSS)
    assert version != assets.asset_version(docs, catalogs)
    site = tmp_path / "site"
    assets.publish(site, docs, "assets/halfmoon/catalogs", version, catalogs, OWN_CSS)
    joined = (site / "assets/stylesheets" / version / "halfmoon.css").read_text()
    assert joined == ".a {\ncolor: red;\n}\n.hm-game {}\n.c { color: blue; }\n"
    assert not (site / "assets/game" / version / "game.css").exists()  # only in the joined one
    assert (site / "assets/game" / version / "app.js").exists()
    (docs / "assets/stylesheets/winnability.css").write_text(".c { color: green; }\n")
    assert assets.asset_version(docs, catalogs, OWN_CSS) != version


def test_a_hashed_name_carries_its_contents_hash():
    assert assets.hashed_name("register.js", b"x") == "register.2d711642.js"
    assert assets.hashed_name("icon-192.png", b"x") != assets.hashed_name("icon-192.png", b"y")
    assert assets.hashed_name("LICENSE", b"x") == "LICENSE.2d711642"


def test_the_plain_copies_no_page_asks_for_are_every_game_file_and_own_stylesheet(tmp_path):
    docs = _docs(tmp_path)
    (docs / "assets" / "game" / "notes.txt").write_text("not a game file\n")
    assert assets.superseded(docs, ["assets/stylesheets/halfmoon.css", "assets/game/game.css"]) == [
        "assets/game/app.js", "assets/game/boot.js", "assets/game/game.css", "assets/stylesheets/halfmoon.css"]
