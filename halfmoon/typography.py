"""Typography of each language, in one place, checked over catalogs and pages.

``halfmoon translation-status --strict`` runs these checks over every catalog and every page
of every language and reports each problem with its file and line, so a new string that
breaks a rule fails:

- French: a narrow no-break space (U+202F) before ``; : ! ?`` and inside ``« »``, and ``’``
  (not ``'``) for the apostrophe.
- Every language: a no-break space (U+00A0) between a source word and its number ("pile 11",
  "ערימה 11", "الكومة 12") and between a number and the noun it counts ("104 cards"); a
  number's groups ("242 733") are never split by a plain space. A line then never breaks
  between them.
- Lower case after a colon in the languages that write it there (fr, es, ru, pl), and in
  every language no message joined after a colon to a sentence of its own (``{reason}``): the
  message ends with a full stop and the sentence follows.
- The catalog's ``docs.label_value`` (how code joins a label to its value, "Jeu parfait : …")
  uses the language's separator.
- Numbers as each language writes them (Babel's CLDR data: the group and decimal symbols, the
  space before ``%``; where a language's own norm differs, a line in ``NUMBER_RULES`` says so):
  a number grouped with another language's symbol ("250.000" in Spanish), a four-digit number
  grouped where the language groups from five digits (es, pl: "1000"), the wrong space before
  ``%`` (French: a narrow no-break space, the one no-break space of its numbers). Numbers the
  plugin writes are mended as they are written (:func:`numerals.localized_number`); on pages they are
  reported.
- Japanese: no space between sentences, nor between a number and its unit ("46ミリ秒").
- A list ("A, B and C") built from the catalog's docs.list.* reads as Babel's list pattern of
  the language (Arabic repeats و: "A وB وC"), where ``Rules.own_list`` does not say otherwise.

Numbers and lists are held to a language's norms once it has its entry in ``RULES`` (its
typography read by someone who writes it): a language just added starts with English text.
- One term for one thing: each language's glossary (``catalogs/glossary/<lang>.json``) names
  the term it prefers for each thing and the variants it rules out; a ruled-out variant on a
  page or in a catalog is reported with the preferred term (see :class:`Glossary`).

Markdown is read as Markdown: front matter (but its title), fenced blocks, code spans,
links' addresses, HTML tags, entities, attribute lists, table rules and ``{{hm …}}`` inserts
are not prose.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from .errors import HalfMoonError
from .files import read_text_input
from .i18n import MAX_CATALOG_BYTES, Catalog, Message, TranslationError
from .numerals import NBSP, NNBSP, NO_BREAK, UNSPACED_SENTENCES, number_rules

MAX_PAGE_BYTES = 4 * 1024 * 1024  # a page of the site is some 20 kB



@dataclass(frozen=True)
class Rules:
    """What one language's typography asks for, beyond what every language asks for."""

    # Marks that take a narrow no-break space before them (French: ; : ! ?).
    spaced_marks: str = ""
    # « » with a narrow no-break space inside.
    spaced_guillemets: bool = False
    # The apostrophe a straight ' between letters must be written as.
    apostrophe: str | None = None
    # A word after a colon starts in lower case (a capital there reads as a new sentence).
    lower_after_colon: bool = False
    # How a label is joined to its value ("Jeu parfait : 97,09 %"): docs.label_value's middle.
    label_separator: str = ": "
    # What the translators' page says of the language, beyond the rules every language has.
    summary: str = ""
    # Between a page's title and the site's name in the browser's title ("Règles – Half Moon"):
    # a spaced dash, not the hyphen Material writes.
    title_separator: str = " \u2013 "
    # Why the catalog's list ("A, B and C") may differ from Babel's list pattern, if it may.
    own_list: str = ""


RULES: Mapping[str, Rules] = {
    "en": Rules(own_list="no serial comma before 'and': the site's house style"),
    "de": Rules(summary="a whole sentence after a colon keeps its capital"),
    "es": Rules(lower_after_colon=True),
    "fr": Rules(spaced_marks=";:!?", spaced_guillemets=True, apostrophe="\u2019",
                lower_after_colon=True, label_separator=NNBSP + ": "),
    "he": Rules(own_list="ו joined with a maqaf (ו־) to a card or number that is not Hebrew"),
    "ru": Rules(lower_after_colon=True, title_separator=" \u2014 "),
    "ar": Rules(),
    "pl": Rules(lower_after_colon=True),
    "ja": Rules(label_separator="：", title_separator="｜", own_list="the last item joined with と",
                summary="full-width colon ： with no space around it; no spaces between words, "
                "so a number keeps to its counter word by itself"),
}

# Placeholders that receive a whole sentence; one is never joined on after a colon.
SENTENCE_PLACEHOLDERS = frozenset({"reason", "detail"})
# Placeholders that are a number (a pile, slot, count or a move's number): kept to the word
# beside them.
NUMBER_PLACEHOLDERS = ("pile", "slot", "count", "number", "total")
# Words that keep their capital after a colon: names and keys.
NAMES = frozenset({"Half", "Moon", "HM", "Glucose", "MiniSat", "CaDiCaL", "Lingeling",
                   "Python", "JSON", "JavaScript", "Material", "MkDocs", "Tab", "Esc", "Ctrl",
                   "Enter", "Entrée", "Shift", "Maj", "Home", "End", "Unicode", "SAT"})


def rules(lang: str) -> Rules:
    """The rules of ``lang``; a language not listed has the rules every language has."""
    return RULES.get(lang, Rules())


def number_findings(text: str, lang: str) -> list[Finding]:
    """Numbers, percentages and Japanese spacing that break ``lang``'s rules (in prose)."""
    rule = number_rules(lang)
    found: list[Finding] = []
    # A number's decimals are part of it: "1 000 000,1" is one number, not "1 000" and more.
    for match in re.finditer(r"(?<![\d.,\w])(\d{1,3})((?:([.,\u00a0\u202f])\d{3})+)(?:[.,]\d+)?(?![\d\w])",
                             text):
        separators = set(re.findall(r"[.,\u00a0\u202f]", match[2]))
        if separators == {rule.decimal} or len(separators) > 1:
            continue  # a decimal number, or not one number
        (separator,) = separators
        if len(match[1]) < rule.min_grouping and len(match[2]) == 4:
            found.append(Finding(match.start(), f"{match[0]!r}: {lang} does not group a "
                                 f"four-digit number: write {match[0].replace(separator, '')!r}"))
        elif separator != rule.group:
            found.append(Finding(match.start(), f"{match[0]!r}: {lang} groups digits with "
                                 f"{_named(rule.group)}, not {_named(separator)}"))
    for match in re.finditer(r"(\d)([ " + NO_BREAK + r"]*)%", text):
        if match[2] != rule.before_percent:
            found.append(Finding(match.start(2), f"{_named(match[2])} between a number and '%': "
                                 f"{lang} writes {_named(rule.before_percent)}"))
    if lang in UNSPACED_SENTENCES:
        for match in re.finditer(r"([。！？])[ " + NO_BREAK + r"]+(?=\S)", text):
            found.append(Finding(match.start() + 1, f"a space after {match[1]!r}: {lang} puts "
                                 "none between sentences"))
        for match in re.finditer(r"(\d)[ " + NO_BREAK + r"]+(?=[\u3040-\u30ff\u4e00-\u9fff])", text):
            found.append(Finding(match.start() + 1, f"a space after the number in "
                                 f"{text[match.start():match.end() + 3]!r}: {lang} puts none "
                                 "between a number and its unit"))
    return found


# Words a language may write twice in a row: relative pronouns after an article ("die die
# Reserve aufsparen", "in der der Löser"), and the Arabic step by step ("نقلة نقلة").
REPEATABLE: Mapping[str, frozenset[str]] = {
    "de": frozenset({"die", "der", "das", "den", "dem"}),
    "ar": frozenset({"نقلة", "ورقة", "ورقةً", "واحدة", "خطوة"}),
    "fr": frozenset({"nous", "vous"}),
}


def repeated_words(text: str, lang: str) -> list[Finding]:
    """A word (or two) written twice in a row: "z nich z nich", "כל כל", "the the"."""
    found = []
    for match in re.finditer(r"(?<!\w)(\w+(?:[ " + NO_BREAK + r"]+\w+)?)[ " + NO_BREAK + r"]+\1(?!\w)",
                             text):
        if match[1].isdigit() or match[1].lower() in REPEATABLE.get(lang, frozenset()):
            continue
        found.append(Finding(match.start(), f"{match[0]!r}: {match[1]!r} written twice"))
    return found


def _named(space: str) -> str:
    return {"": "nothing", " ": "a plain space", NBSP: "a no-break space (U+00A0)",
            NNBSP: "a narrow no-break space (U+202F)"}.get(space, repr(space))


@dataclass(frozen=True)
class Finding:
    """One slip in one piece of text: where, what, and the character that mends it (if one
    does: ``fix`` replaces the character at ``index``, or is put before it when ``insert``)."""

    index: int
    message: str
    fix: str | None = None
    insert: bool = False


@dataclass(frozen=True)
class Problem:
    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


# --- one piece of prose ------------------------------------------------------------------------


def _shown(char: str) -> str:
    return {" ": "a plain space", NBSP: "a no-break space (U+00A0)"}.get(char, "nothing")


def findings(text: str, lang: str, words: Words | None = None,
             glossary: Glossary | None = None) -> list[Finding]:
    """What in ``text`` (one line of prose or one message) breaks ``lang``'s typography."""
    rule = rules(lang)
    found: list[Finding] = []
    for index, char in enumerate(text):
        before = text[index - 1] if index else ""
        after = text[index + 1] if index + 1 < len(text) else ""
        if char in rule.spaced_marks and before != NNBSP and before not in rule.spaced_marks \
                and (after == "" or not after.isalnum() and after not in "/\\[") \
                and not (char == ":" and before.isdigit() and after.isdigit()):
            if before in (" ", NBSP):
                found.append(Finding(index - 1, f"{_shown(before)} before {char!r}: write a "
                                     "narrow no-break space (U+202F)", NNBSP))
            elif before and not before.isspace():
                found.append(Finding(index, f"nothing before {char!r}: write a narrow no-break "
                                     "space (U+202F)", NNBSP, insert=True))
        if rule.spaced_guillemets and char == "«" and after != NNBSP:
            found.append(Finding(index + 1, f"{_shown(after)} after '«': write a narrow "
                                 "no-break space (U+202F)", NNBSP, insert=after not in " " + NBSP))
        if rule.spaced_guillemets and char == "»" and before != NNBSP:
            found.append(Finding(index - 1 if before in " " + NBSP else index,
                                 f"{_shown(before)} before '»': write a narrow no-break space "
                                 "(U+202F)", NNBSP, insert=before not in " " + NBSP))
        if rule.apostrophe and char == "'" and before.isalpha() and (after.isalpha() or after == "{"):
            found.append(Finding(index, f"a straight apostrophe in "
                                 f"{text[max(0, index - 8):index + 8]!r}: write {rule.apostrophe!r}",
                                 rule.apostrophe))
    for match in re.finditer(r"[:：][\s" + NO_BREAK + r"]*\{(\w+)\}", text):
        if match[1] in SENTENCE_PLACEHOLDERS:
            found.append(Finding(match.start(), f"{{{match[1]}}} is a sentence joined on after "
                                 "a colon: end the message with a full stop before it instead"))
    if rule.lower_after_colon:
        for match in re.finditer(r":[ " + NO_BREAK + r"]+(\w+)", text):
            word = match[1]
            if word[0].isupper() and not word.isupper() and word not in NAMES:
                found.append(Finding(match.start(1), f"{word!r} after a colon: {lang} writes "
                                     "lower case there"))
    names = "|".join(NUMBER_PLACEHOLDERS)
    for after_it, pattern in ((True, r"\{(" + names + r")\}( )(?=\w)"),
                              (False, r"(?<=\w)( )\{(" + names + r")\}")):
        for match in re.finditer(pattern, text):
            space, name = (match.start(2), match[1]) if after_it else (match.start(1), match[2])
            found.append(Finding(space, f"a plain space beside {{{name}}}: a number keeps to "
                                 "its word with a no-break space (U+00A0)", NBSP))
    for match in re.finditer(r"(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d])", text):
        for offset, char in enumerate(match[0]):
            if char == " ":
                found.append(Finding(match.start() + offset, f"a plain space inside the number "
                                     f"{match[0]!r}: group digits with a no-break space", NNBSP
                                     if lang == "fr" else NBSP))
    if lang in RULES:  # a language whose typography has been read (a new one: once it is)
        found += number_findings(text, lang)
    found += repeated_words(text, lang)
    if words:
        found += words.findings(text)
    if glossary:
        found += glossary.findings(text)
    return sorted(found, key=lambda finding: finding.index)


def text_problems(text: str, lang: str, words: Words | None = None,
                  glossary: Glossary | None = None) -> list[str]:
    """The messages of :func:`findings`."""
    return [finding.message for finding in findings(text, lang, words, glossary)]


def mended(text: str, found: list[Finding]) -> str:
    """``text`` with every finding that has a fix mended."""
    chars = list(text)
    for finding in sorted(found, key=lambda finding: finding.index, reverse=True):
        if finding.fix is None:
            continue
        if finding.insert:
            chars.insert(finding.index, finding.fix)
        elif chars[finding.index] in " " + NBSP + "'":
            chars[finding.index] = finding.fix
    return "".join(chars)


@dataclass(frozen=True)
class Words:
    """A language's source words ("pile", "ערימה") and counted nouns ("cartes"), read from its
    catalog: in pages, a number keeps to them with a no-break space."""

    before_number: frozenset[str] = field(default_factory=frozenset)
    after_number: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def of(cls, messages: Mapping[str, object]) -> Words:
        before: set[str] = set()
        after: set[str] = set()
        space = "[ " + NO_BREAK + "]"
        for key, message in messages.items():
            forms = [message] if isinstance(message, str) else \
                [form for form in message.values() if isinstance(form, str)] \
                if isinstance(message, dict) else []
            if key.startswith("source."):
                for form in forms:
                    before.update(re.findall(r"(\w+)" + space + r"\{(?:pile|slot)\}", form))
            elif key.startswith("docs.count."):
                for form in forms:
                    after.update(re.findall(r"\{count\}" + space + r"(\w+)", form))
        # Short function words ("de" in "1 000 000 de cartes") are not the noun.
        return cls(frozenset(before), frozenset(word for word in after if len(word) > 2))

    def findings(self, text: str) -> list[Finding]:
        found = []
        if self.before_number:
            pattern = r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(self.before_number))) + \
                      r")s?( )R?\d+"
            for match in re.finditer(pattern, text, re.I):
                found.append(Finding(match.start(1), f"a plain space in {match[0]!r}: the word "
                                     "keeps to its number with a no-break space (U+00A0)", NBSP))
        if self.after_number:
            pattern = r"(?<![\w.,])\d+( )(?:" + "|".join(map(re.escape, sorted(self.after_number))) \
                      + r")(?!\w)"
            for match in re.finditer(pattern, text):
                found.append(Finding(match.start(1), f"a plain space in {match[0]!r}: the "
                                     "number keeps to its noun with a no-break space (U+00A0)",
                                     NBSP))
        return found


# --- the glossary ---------------------------------------------------------------------------

GLOSSARY_DIR = "glossary"  # beside the catalogs: catalogs/glossary/<lang>.json


@dataclass(frozen=True)
class Term:
    """One ruled-out variant of one thing's name, and the term to write instead."""

    thing: str
    use: str
    variant: str
    pattern: re.Pattern[str]


@dataclass(frozen=True)
class Glossary:
    """One language's terms: for each thing ("deal", "deadlock"), the term the language uses
    (``use``) and the variants it rules out (``not``). A variant matches case-insensitively
    from the start of a word, with any ending (so "donnes perdues" rules out "donne perdue"
    too, and "brak ruchów" any sentence it starts); in a language written without spaces
    (ja), anywhere. A variant written ``re:…`` is a regular expression
    (``re:ブラウザ(?!ー)``: ブラウザ but not ブラウザー)."""

    lang: str
    terms: tuple[Term, ...] = ()

    @classmethod
    def read(cls, path: Path, lang: str) -> tuple[Glossary, list[Problem]]:
        """The glossary at ``path`` and the problems of its entries (each with its line): a
        glossary that cannot be read is one problem, and an empty glossary."""
        try:
            text = read_text_input(path, MAX_CATALOG_BYTES, "glossary").removeprefix("\ufeff")
            data = json.loads(text)
        except json.JSONDecodeError as error:
            return cls(lang), [Problem(path, error.lineno, f"not JSON: {error.msg}")]
        except HalfMoonError as error:
            return cls(lang), [Problem(path, 1, str(error))]
        lines = text.splitlines()
        if not isinstance(data, dict):
            return cls(lang), [Problem(path, 1, "a glossary is an object of things, each "
                                       '{"use": term, "not": [variants]}')]
        terms: list[Term] = []
        problems: list[Problem] = []
        for thing, entry in data.items():
            line = _line_of(lines, thing, "")
            if thing.startswith("_"):  # a note for the reader
                continue
            use = entry.get("use") if isinstance(entry, dict) else None
            variants = entry.get("not", []) if isinstance(entry, dict) else None
            if not isinstance(use, str) or not use or not isinstance(variants, list) \
                    or not all(isinstance(variant, str) and variant for variant in variants):
                problems.append(Problem(path, line, f"{thing!r}: write "
                                        '{"use": "term", "not": ["variant", …]}'))
                continue
            for variant in variants:
                try:
                    pattern = _variant_pattern(variant, lang)
                except re.error as error:
                    problems.append(Problem(path, line, f"{thing!r}: {variant!r} is not a "
                                            f"regular expression: {error}"))
                    continue
                if pattern.search(use):
                    problems.append(Problem(path, line, f"{thing!r}: the variant {variant!r} "
                                            f"rules out the term {use!r} itself"))
                    continue
                terms.append(Term(thing, use, variant, pattern))
        return cls(lang, tuple(terms)), problems

    def findings(self, text: str) -> list[Finding]:
        found = []
        blanked = re.sub(r"\{\w+\}", lambda match: BLANK * len(match[0]), text)  # placeholders
        for term in self.terms:
            for match in term.pattern.finditer(blanked):
                said = text[match.start():match.end()]
                found.append(Finding(match.start(), f"{said!r}: the {self.lang} glossary "
                                     f"rules it out for {term.thing!r}: write {term.use!r}"))
        return found


def _variant_pattern(variant: str, lang: str) -> re.Pattern[str]:
    if variant.startswith("re:"):
        return re.compile(variant[3:], re.I)
    body = (r"[\s" + NO_BREAK + r"]+").join(map(re.escape, variant.split()))
    spaced = lang not in UNSPACED_LANGUAGES and variant[0].isalnum()
    return re.compile((r"(?<!\w)" if spaced else "") + body, re.I)


# Languages written without spaces between words: a glossary variant matches anywhere.
UNSPACED_LANGUAGES = frozenset({"ja", "zh", "th"})


def glossary_of(catalogs: Path, lang: str) -> tuple[Glossary | None, list[Problem]]:
    """The glossary of ``lang`` kept with the catalogs (None if it has none), and its problems."""
    path = catalogs / GLOSSARY_DIR / f"{lang}.json"
    if not path.is_file():
        return None, []
    return Glossary.read(path, lang)


# --- catalogs ---------------------------------------------------------------------------------


def catalog_problems(path: Path, lang: str | None = None,
                     glossary: Glossary | None = None) -> list[Problem]:
    """Every message of the catalog at ``path`` against its language's rules, with its line."""
    lang = lang or path.stem
    text = read_text_input(path, MAX_CATALOG_BYTES, "catalog").removeprefix("\ufeff")
    messages = json.loads(text)
    lines = text.splitlines()
    problems = []
    for key, message in messages.items():
        forms = {"": message} if isinstance(message, str) else dict(message)
        for form, value in forms.items():
            for problem in text_problems(value, lang, glossary=glossary):
                problems.append(Problem(path, _line_of(lines, key, form),
                                        f"{key}{'.' + form if form else ''}: {problem}"))
    listed = catalog_list(messages, ["A", "B", "C"], lang)
    if listed is not None and lang in RULES and not rules(lang).own_list:
        from babel.lists import format_list

        wanted = format_list(["A", "B", "C"], locale=lang)
        if listed != wanted:
            problems.append(Problem(path, _line_of(lines, "docs.list.separator", ""),
                                    f"docs.list.separator and docs.list.and make {listed!r} of "
                                    f"three items; {lang}'s list pattern (CLDR) is {wanted!r}"))
    joined = messages.get("docs.label_value")
    if isinstance(joined, str) and "{label}" in joined and "{value}" in joined:
        between = joined.split("{label}", 1)[1].split("{value}", 1)[0]
        if between != rules(lang).label_separator:
            problems.append(Problem(path, _line_of(lines, "docs.label_value", ""),
                                    f"docs.label_value joins with {between!r}; {lang}'s rule is "
                                    f"{rules(lang).label_separator!r}"))
    return problems


def catalog_list(messages: Mapping[str, object], items: list[str], lang: str = "?") -> str | None:
    """``items`` joined as Catalog.join joins them with these messages, or None for fewer than
    two items or a catalog whose docs.list.* cannot join them."""
    if len(items) < 2:
        return None
    try:
        return Catalog(lang, cast(Mapping[str, Message], messages)).join(items)
    except TranslationError:
        return None


def _line_of(lines: list[str], key: str, form: str) -> int:
    quoted = json.dumps(key, ensure_ascii=False) + ":"
    for number, line in enumerate(lines, 1):
        if line.lstrip().startswith(quoted):
            if not form:
                return number
            for offset, inner in enumerate(lines[number:], number + 1):
                if inner.lstrip().startswith(json.dumps(form) + ":"):
                    return offset
            return number
    return 1


# --- pages ------------------------------------------------------------------------------------

_FENCE = re.compile(r"^\s*(?:>\s*)*(```|~~~)")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$")
_NOT_PROSE = re.compile(
    r"`[^`]*`"                      # code spans
    r"|\{\{.*?\}\}"                 # {{hm …}} inserts
    r"|\]\([^)]*\)"                 # a link's address
    r"|<[^>]*>"                     # HTML tags
    r"|&(?:#\d+|#x[0-9a-fA-F]+|\w+);"  # character references
    r"|\{:[^}]*\}|\{\s*[#.][^}]*\}"    # attribute lists
    r"|:[\w+-]+:"                   # icon shortcodes (:material-cards:)
    r"|https?://\S+"                # bare addresses
    r"|^\s*(?:!!!|\?\?\?\+?)"       # admonition markers
)
# Stands for something that is not prose, one per character, so columns stay where they were.
BLANK = "\u2060"


def prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines of a Markdown page that are prose, what is not prose blanked out (the line
    keeps its length)."""
    lines = text.splitlines()
    start = 0
    if lines and lines[0].strip() == "---":
        for number in range(1, len(lines)):
            if lines[number].startswith("title:"):
                yield number + 1, BLANK * len("title:") + lines[number][len("title:"):]
            if lines[number].strip() in ("---", "..."):
                start = number + 1
                break
    fenced = False
    for number in range(start, len(lines)):
        line = lines[number]
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced and not _TABLE_RULE.match(line):
            yield number + 1, _NOT_PROSE.sub(lambda match: BLANK * len(match[0]), line)


# A line that starts a block of its own (a list item, heading, table, quote, fence, attribute
# list, HTML, admonition) or is blank: the line break before it is no break inside a paragraph.
_BLOCK_START = re.compile(r"\s*(?:[-*+]\s|\d+[.)]\s|#|\||>|```|~~~|\{:|<|!!!|\?\?\?|$)")
_LIST_ITEM = re.compile(r"\s*(?:[-*+]\s|\d+[.)]\s)")


def unspaced_line_breaks(text: str) -> set[int]:
    """The lines (from 1) of a page in a language written without spaces that end inside a
    paragraph before more of its text: a browser shows that line break as a space ("…数えています。
    {{hm …}}" read "。 " before the insert), unless both sides are Latin."""
    raw = text.splitlines()
    prose = dict(prose_lines(text))
    found = set()
    for number in prose:
        if number + 1 not in prose or number >= len(raw):
            continue
        line, following = raw[number - 1], raw[number]
        if not line.strip() or _BLOCK_START.match(following) or (
                _BLOCK_START.match(line) and not _LIST_ITEM.match(line)):
            continue
        # The characters on each side of the break, and the letters nearest it past any markup.
        beside = (line.rstrip()[-1:], following.lstrip()[:1],
                  next((c for c in reversed(line) if c.isalnum()), ""),
                  next((c for c in following if c.isalnum()), ""))
        if not all(char.isascii() for char in beside):
            found.add(number)
    return found


def page_findings(text: str, lang: str, words: Words | None = None,
                  glossary: Glossary | None = None) -> Iterator[tuple[int, list[Finding]]]:
    """The findings on each prose line of a page's Markdown (line numbers from 1)."""
    breaks = unspaced_line_breaks(text) if lang in UNSPACED_SENTENCES else set()
    for number, line in prose_lines(text):
        found = findings(line, lang, words, glossary)
        if number in breaks:
            found.append(Finding(len(line), "a line break inside a paragraph shows as a space "
                                 "between words of a language written without spaces: join "
                                 "the lines"))
        if rules(lang).spaced_marks and re.match(r"\s*[" + re.escape(rules(lang).spaced_marks)
                                                 + r"](?:\s|$)", line):
            found.append(Finding(0, "a line starts with a mark that takes a narrow no-break "
                                 "space before it: keep the mark on the line before"))
        if found:
            yield number, found


def page_problems(path: Path, lang: str, words: Words | None = None,
                  glossary: Glossary | None = None) -> list[Problem]:
    """Every prose line of the page at ``path`` against ``lang``'s rules."""
    text = read_page(path)
    return [Problem(path, number, finding.message)
            for number, found in page_findings(text, lang, words, glossary) for finding in found]


def read_page(path: Path) -> str:
    """A page's text as written (a byte order mark kept): a regular file of UTF-8, bounded;
    anything else is an InputFileError naming the page."""
    return read_text_input(path, MAX_PAGE_BYTES, "page")


def mend_page(text: str, lang: str, words: Words | None = None) -> str:
    """The page with every slip that has one right spelling mended (the rest stay)."""
    lines = text.split("\n")
    for number, found in page_findings(text, lang, words):
        line = lines[number - 1]
        lines[number - 1] = mended(line, [f for f in found if f.fix and (f.insert or (
            f.index < len(line) and line[f.index] in " " + NBSP + "'"))])
    return "\n".join(lines)


def language_problems(catalogs: Path, docs: Path, lang: str) -> list[Problem]:
    """The catalog and every page of ``lang`` against its rules."""
    path = catalogs / f"{lang}.json"
    glossary, problems = glossary_of(catalogs, lang)
    words = None
    if path.is_file():
        problems += catalog_problems(path, lang, glossary)
        words = Words.of(json.loads(read_text_input(path, MAX_CATALOG_BYTES, "catalog")
                                    .removeprefix("\ufeff")))
    for page in sorted((docs / lang).glob("**/*.md")):
        problems += page_problems(page, lang, words, glossary)
    return problems
