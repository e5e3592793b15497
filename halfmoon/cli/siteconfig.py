"""The site's languages as ``mkdocs.yml`` declares them (the i18n plugin's ``languages``).

Read without running MkDocs; written as text, so that comments, anchors and the order of
the file stay as the author left them. Tests read the language list from here too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..files import InputFileError, read_text_input
from ..i18n import TranslationError, text_direction


class SiteConfigError(TranslationError):
    """An ``mkdocs.yml`` without the i18n languages these tools need."""


@dataclass(frozen=True)
class SiteLanguage:
    code: str
    name: str
    default: bool
    nav: tuple[str, ...]
    palette_labels: tuple[str, ...]

    @property
    def prefix(self) -> str:
        """The language's folder in the built site: "" for the default, "he/" for Hebrew."""
        return "" if self.default else f"{self.code}/"

    @property
    def direction(self) -> str:
        return text_direction(self.code)


@dataclass(frozen=True)
class Site:
    config: Path
    docs_dir: Path
    languages: tuple[SiteLanguage, ...]
    nav: tuple[str, ...] = ()  # the top-level nav's pages (the languages' own navs aside)

    @property
    def default(self) -> SiteLanguage:
        return next(lang for lang in self.languages if lang.default)

    @property
    def translations(self) -> tuple[SiteLanguage, ...]:
        return tuple(lang for lang in self.languages if not lang.default)

    def language(self, code: str) -> SiteLanguage | None:
        return next((lang for lang in self.languages if lang.code == code), None)

    def translated_pages(self) -> tuple[str, ...]:
        """The pages every translation has: those of a translated language's navigation, else
        the default language's, else the site's, else every page of the default language's
        folder (an entry without ``nav:`` still has pages to translate); and, beside a
        navigation, the default language's pages that no navigation lists (the offline page,
        which a reader reaches without a menu)."""
        folder = self.docs_dir / self.default.code
        every = sorted(page.relative_to(folder).as_posix() for page in folder.rglob("*.md"))
        navs = {page for lang in self.languages for page in lang.nav} | set(self.nav)
        listed = next((lang.nav for lang in (*self.translations, self.default) if lang.nav), self.nav)
        if not listed:
            return tuple(every)
        return (*listed, *(page for page in every if page not in navs))


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml's Python and ``!ENV`` tags as nothing instead of failing on them."""


_Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
_Loader.add_multi_constructor("!", lambda loader, suffix, node: None)


MAX_CONFIG_BYTES = 1024 * 1024  # the project's mkdocs.yml is some 10 kB


def config_text(config: Path) -> str:
    """The text of ``config``, read as every input is: a regular file of bounded size, UTF-8
    (a named pipe is refused, not waited on; ``/dev/zero`` is refused, not read for ever)."""
    try:
        return read_text_input(config, MAX_CONFIG_BYTES, "site configuration")
    except InputFileError as error:
        raise SiteConfigError(str(error)) from None


def read_site(config: Path, text: str | None = None) -> Site:
    """The languages of the site configured by ``config`` (an mkdocs.yml), whose ``text`` is
    read here unless given."""
    try:
        data = yaml.load(config_text(config) if text is None else text, Loader=_Loader)  # noqa: S506
    except yaml.YAMLError as error:
        raise SiteConfigError(f"{config}: not YAML: {str(error).splitlines()[0]}") from None
    return _site_of(data, config)


def _site_of(data: object, config: Path) -> Site:
    if not isinstance(data, dict):
        raise SiteConfigError(f"{config}: not an MkDocs configuration")
    docs_dir = config.parent / str(data.get("docs_dir") or "docs")
    entries = _i18n_options(data, config).get("languages")
    if not isinstance(entries, list) or not entries:
        raise SiteConfigError(f"{config}: the i18n plugin lists no languages")
    english_palette = _palette_labels(theme_options(data).get("palette"))
    languages: list[SiteLanguage] = []
    for entry in entries:
        if not isinstance(entry, dict) or "locale" not in entry:
            raise SiteConfigError(f"{config}: an i18n language without a locale: {str(entry)[:80]!r}")
        if any(lang.code == str(entry["locale"]) for lang in languages):
            raise SiteConfigError(f"{config}: the i18n plugin lists the language "
                                  f"{str(entry['locale'])!r} twice")
        theme = entry["theme"] if isinstance(entry.get("theme"), dict) else {}
        default = bool(entry.get("default"))
        labels = _palette_labels(theme.get("palette")) or (english_palette if default else ())
        languages.append(SiteLanguage(
            code=str(entry["locale"]), name=str(entry.get("name") or entry["locale"]),
            default=default, nav=tuple(_nav_pages(entry.get("nav") or [])),
            palette_labels=labels,
        ))
    if not any(lang.default for lang in languages):
        languages[0] = SiteLanguage(**{**languages[0].__dict__, "default": True})
    return Site(config, docs_dir, tuple(languages), tuple(_nav_pages(data.get("nav") or [])))


def theme_options(data: dict[str, Any]) -> dict[str, Any]:
    """The ``theme:`` options, also when given in the short form ``theme: material``."""
    theme = data.get("theme")
    if isinstance(theme, str):
        return {"name": theme}
    return theme if isinstance(theme, dict) else {}


def site_language_codes(config: Path) -> tuple[str, ...]:
    """Every language code of the site, the default first."""
    site = read_site(config)
    return (site.default.code, *(lang.code for lang in site.translations))


def _i18n_options(data: dict[str, Any], config: Path) -> dict[str, Any]:
    for plugin in data.get("plugins") or []:
        if isinstance(plugin, dict) and "i18n" in plugin:
            return plugin["i18n"] or {}
    raise SiteConfigError(f"{config}: no i18n plugin in plugins:")


def _palette_labels(palette: object) -> tuple[str, ...]:
    schemes = palette if isinstance(palette, list) else [palette] if isinstance(palette, dict) else []
    return tuple(
        str(scheme["toggle"]["name"]) for scheme in schemes
        if isinstance(scheme, dict) and isinstance(scheme.get("toggle"), dict)
        and "name" in scheme["toggle"]
    )


def _nav_pages(nav: object) -> list[str]:
    """The Markdown files of a navigation, in order, however nested or titled."""
    if isinstance(nav, str):
        return [nav] if nav.endswith(".md") else []
    if isinstance(nav, dict):
        return [page for value in nav.values() for page in _nav_pages(value)]
    if isinstance(nav, list):
        return [page for item in nav for page in _nav_pages(item)]
    return []


# --- writing a new language's entry ----------------------------------------------------------


def with_language_entry(config: Path, code: str, name: str, palette: Sequence[str]) -> str:
    """mkdocs.yml's text with the i18n entry of ``code`` after the last language, edited as
    text (comments and layout stay); the result is read back and must give the site it had
    plus exactly that language, else nothing is written and the error says what to add."""
    text = config_text(config)
    before = read_site(config, text)
    edited = _edited_text(text, config, code, name, palette)
    try:
        data = yaml.load(edited, Loader=_Loader)  # noqa: S506
        after = _site_of(data, config)
    except (yaml.YAMLError, SiteConfigError, TypeError, AttributeError) as error:
        raise SiteConfigError(f"{config}: cannot add {code} to this layout of the file "
                              f"({str(error).splitlines()[0][:120]}): add its entry by hand") from None
    added = after.language(code)
    expected_nav = before.languages[-1].nav
    if (after.languages[:-1] != before.languages or added is None or added != after.languages[-1]
            or added.name != name or added.nav != expected_nav or after.nav != before.nav
            or added.palette_labels != tuple(palette)):
        raise SiteConfigError(f"{config}: cannot add {code} to this layout of the file (the edit "
                              "would not read back as one more language): add its entry by hand")
    return edited


def _edited_text(text: str, config: Path, code: str, name: str, palette: Sequence[str]) -> str:
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    languages = _languages_node(root, config)
    last = languages.value[-1]
    indent = " " * (last.start_mark.column - 2)  # the column of the item's "- "
    lines = [f"- locale: {code}", f"  name: {_quoted(name)}", "  build: true", *_nav_lines(text, last)]
    if palette:
        lines += ["  theme:", "    palette:"]
        lines += _palette_text(text, palette)
    entry = "".join(f"{indent}{line}\n" for line in lines)
    # After the line of the item's last scalar (a node's own end_mark reaches the next token,
    # past any comment that introduces what follows).
    end = _line_after(text, _last_scalar(last).end_mark.index)
    return text[:end] + entry + text[end:]


def _languages_node(root: yaml.Node, config: Path) -> yaml.SequenceNode:
    plugins = _child(root, "plugins")
    if isinstance(plugins, yaml.SequenceNode):
        for item in plugins.value:
            i18n = _child(item, "i18n")
            languages = _child(i18n, "languages")
            if isinstance(languages, yaml.SequenceNode) and languages.value:
                return languages
    raise SiteConfigError(f"{config}: the i18n plugin lists no languages")


def _child(node: yaml.Node | None, key: str) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        for name, value in node.value:
            if isinstance(name, yaml.ScalarNode) and name.value == key:
                return value
    return None


def _value_of(node: yaml.Node) -> object:
    """The Python value of a composed node (its text alone would not read back alike: a block
    list's later lines are indented for their place in the file)."""
    loader = _Loader("")
    try:
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _nav_lines(text: str, entry: yaml.Node) -> list[str]:
    """The new entry's nav, as the last language's: its alias (``*translated_nav``) reused, or
    its pages copied one a line (each line is indented with the rest of the entry)."""
    nav = _child(entry, "nav")
    if nav is None:
        return []
    written = text[nav.start_mark.index:nav.end_mark.index]
    if written.startswith("&"):
        return ["  nav: *" + written[1:].split()[0]]
    if written.startswith("*"):
        return ["  nav: " + written.split()[0]]
    pages = _nav_pages(_value_of(nav))
    return ["  nav:", *(f"    - {_quoted(page)}" for page in pages)] if pages else ["  nav: []"]


def _palette_text(text: str, labels: Sequence[str]) -> list[str]:
    """The site's own palette, each toggle's name replaced by one of ``labels``."""
    data = yaml.load(text, Loader=_Loader)  # noqa: S506
    palette = theme_options(data if isinstance(data, dict) else {}).get("palette")
    schemes = palette if isinstance(palette, list) else [palette] if palette else []
    lines: list[str] = []
    for scheme, label in zip(schemes, labels):
        block = dict(scheme)
        block["toggle"] = {**(block.get("toggle") or {}), "name": label}
        dumped = yaml.safe_dump(block, allow_unicode=True, sort_keys=False, width=1000)
        for i, line in enumerate(dumped.splitlines()):
            lines.append(f"      {'- ' if i == 0 else '  '}{line}")
    return lines


def _quoted(value: str) -> str:
    return yaml.safe_dump(value, allow_unicode=True, width=1000).removesuffix("\n...\n").strip()


def _last_scalar(node: yaml.Node) -> yaml.Node:
    while isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.value:
        last = node.value[-1]
        node = last[1] if isinstance(node, yaml.MappingNode) else last
    return node


def _line_after(text: str, index: int) -> int:
    newline = text.find("\n", index)
    return len(text) if newline < 0 else newline + 1
