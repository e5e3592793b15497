"""The two plugins' options: each is checked when the config is loaded (a wrong one is a config
error that names it and says why), and ``enabled: false`` leaves the site as MkDocs makes it."""

from __future__ import annotations

import pytest
from halfmoon_mkdocs.offline import OfflinePlugin
from halfmoon_mkdocs.plugin import HalfMoonConfig, HalfMoonPlugin
from mkdocs.config.base import Config
from plugin_project import CODE, build_here, make_project


def _errors(plugin_class: type, options: dict[str, object]) -> list[tuple[str, str]]:
    plugin = plugin_class()
    errors, _ = plugin.load_config(options)
    return [(name, str(error)) for name, error in errors]


def test_the_defaults_are_valid_and_enabled_comes_first():
    assert _errors(HalfMoonPlugin, {}) == [] and _errors(OfflinePlugin, {}) == []
    for config in (HalfMoonConfig, OfflinePlugin.config_class):
        assert issubclass(config, Config)
        assert next(iter(config._schema))[0] == "enabled"


WRONG_OPTIONS = [
    (HalfMoonPlugin, "enabled", "no", "Expected type: <class 'bool'>"),
    (HalfMoonPlugin, "palette", "five", "Expected one of: ('two', 'four')"),
    (HalfMoonPlugin, "search_languages", 1, "Expected type: <class 'bool'>"),
    (HalfMoonPlugin, "example_record", 7, "Expected type: <class 'str'>"),
    (HalfMoonPlugin, "example_record", "/etc/passwd", "it is absolute"),
    (HalfMoonPlugin, "example_record", "C:/records/a.txt", "it is absolute"),
    (HalfMoonPlugin, "stats_file", "../winnability.json", "'..' would leave the folder"),
    (HalfMoonPlugin, "records_dir", "records/../..", "'..' would leave the folder"),
    (HalfMoonPlugin, "verdicts_file", "", "it is empty"),
    (HalfMoonPlugin, "lost_file", "records//lost.txt", "empty part"),
    (HalfMoonPlugin, "strategy_file", "records\\strategy.json", "'\\\\' is not allowed"),
    (HalfMoonPlugin, "catalogs_path", 'assets/"><script>', "'\"<>' is not allowed"),
    (HalfMoonPlugin, "catalogs_path", "assets/my catalogs", "' ' is not allowed"),
    (OfflinePlugin, "enabled", "yes", "Expected type: <class 'bool'>"),
    (OfflinePlugin, "theme_colour", "indigo", "not a colour written #rgb or #rrggbb"),
    (OfflinePlugin, "background_colour", '#fff"><script>', "not a colour"),
    (OfflinePlugin, "start_page", "/play/", "it is absolute"),
    (OfflinePlugin, "start_page", "../play/", "'..' would leave the folder"),
]


@pytest.mark.parametrize(("plugin", "option", "value", "says"), WRONG_OPTIONS)
def test_a_wrong_option_is_a_config_error_naming_it(plugin, option, value, says):
    errors = _errors(plugin, {option: value})
    assert [name for name, _ in errors] == [option]
    assert says in errors[0][1], errors


def test_good_values_pass_as_written():
    plugin = HalfMoonPlugin()
    errors, _ = plugin.load_config({"example_record": "./records/game.txt", "catalogs_path": "c/",
                                    "palette": "four"})
    assert errors == [] and plugin.config.example_record == "./records/game.txt"
    offline = OfflinePlugin()
    errors, _ = offline.load_config({"theme_colour": "#ABC", "start_page": "play/index.html"})
    assert errors == [] and offline.config.theme_colour == "#ABC"


def test_a_wrong_option_stops_the_build_with_a_config_error(tmp_path):
    from plugin_project import build_command

    project = make_project(tmp_path / "project")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text() + "      palette: five\n", encoding="utf-8")
    (project / "docs" / "index.md").write_text("# T\n", encoding="utf-8")
    result = build_command(project)
    assert result.returncode != 0
    assert "Plugin 'halfmoon' option 'palette': Expected one of: ('two', 'four')" in result.stderr
    assert "Traceback" not in result.stderr and not (project / "site").exists()


def test_disabled_plugins_leave_the_pages_and_the_site_as_mkdocs_makes_them(tmp_path):
    project = make_project(tmp_path / "project")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text() + "      enabled: false\n  - halfmoon-offline:\n"
                      "      enabled: false\n", encoding="utf-8")
    (project / "docs" / "index.md").write_text(
        f"# T\n\n```halfmoon\ncode: {CODE}\n```\n\n{{{{hm count 3 cards}}}}\n", encoding="utf-8")
    _, messages = build_here(project)
    assert messages == []
    html = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert "hm-figure" not in html and "<figure" not in html
    assert f"code: {CODE}" in html and "{{hm count 3 cards}}" in html
    assert "manifest.webmanifest" not in html
    site = project / "site"
    assert not (site / "sw.js").exists() and not (site / "assets" / "halfmoon").exists()
