"""Numbers as each language writes them: Babel's CLDR data, with the norms CLDR (or Babel)
lacks, for the words layer (halfmoon/i18n.py's ``Catalog.number``) and for the checks of
halfmoon/typography.py, which report a page's number written otherwise.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass

NBSP = "\u00a0"
NNBSP = "\u202f"
NO_BREAK = NBSP + NNBSP
# The languages with no space between sentences, nor between a number and its unit (Thai, written
# without spaces between words, does space its sentences).
UNSPACED_SENTENCES = frozenset({"ja", "zh"})


@dataclass(frozen=True)
class NumberRules:
    """How ``lang`` writes a number: Babel's CLDR symbols, with the norms CLDR (or Babel) lacks."""

    group: str
    decimal: str
    # The fewest digits before the first group for grouping to start: 2 groups "10 000" but
    # not "1000". CLDR's minimumGroupingDigits, which Babel does not load.
    min_grouping: int
    # What stands between a number and "%": "" or a no-break space.
    before_percent: str
    # The group symbol Babel writes (CLDR's), which ``localized_number`` replaces by ``group``.
    babel_group: str


# Where a language's norm is not CLDR's (as Babel has it):
# - es: the Spanish Academy (Ortografía, 2010) groups with a space, not a point, and not at all
#   in a four-digit number; CLDR's minimumGroupingDigits for es is 2;
# - pl: CLDR's minimumGroupingDigits is 2: "1000" in running text, "10 000";
# - ru: a four-digit number is not split in running text (Milchin, Spravochnik izdatelya i
#   avtora): "7266", "17 266"; CLDR's minimumGroupingDigits for ru is 1;
# - fr: one no-break space in numbers, the narrow one: CLDR's groups take it, and Babel's "%"
#   the wide one; a four-digit number is not split ("2681", "10 000"), as two native readers
#   asked (issue 41), where CLDR's minimumGroupingDigits is 1.
NUMBER_OVERRIDES: Mapping[str, Mapping[str, object]] = {
    "es": {"group": NBSP, "min_grouping": 2},
    "pl": {"min_grouping": 2},
    "ru": {"min_grouping": 2},
    "fr": {"before_percent": NNBSP, "min_grouping": 2},
}


@functools.cache
def number_rules(lang: str) -> NumberRules:
    """How ``lang`` writes numbers (Babel's data, then NUMBER_OVERRIDES)."""
    from babel import Locale
    from babel.numbers import format_percent

    locale = Locale.parse(lang)
    symbols = locale.number_symbols.get("latn", locale.number_symbols)
    five = format_percent(0.05, locale=locale)
    found: dict[str, object] = {
        "group": symbols["group"], "decimal": symbols["decimal"], "min_grouping": 1,
        "before_percent": five[1:-1] if five.startswith("5") else "", "babel_group": symbols["group"]}
    found.update(NUMBER_OVERRIDES.get(lang, {}))
    return NumberRules(**found)  # type: ignore[arg-type]


# A negative number's sign: Babel writes CLDR's hyphen-minus, which typesetting in every one of
# the site's languages replaces by the minus sign (U+2212) in running text.
MINUS = "\u2212"
_HYPHEN_MINUS = re.compile(r"(?<![\w.,\u2212-])-(?=\d)")
_BABEL_NUMBER = re.compile(r"\d[\d.,\u00a0\u202f\u2019' ]*\d|\d")


def localized_number(text: str, lang: str) -> str:
    """A number (or a percentage, or a number with its unit) as Babel writes it for ``lang``,
    written to the language's own rules: its group symbol, no group in a number too short to
    be grouped, its space before "%", the minus sign for a negative one, a unit or a month
    that follows the number kept on its line (a no-break space, which CLDR's patterns leave
    out in most languages: "46 Millisekunden", "2. Dezember"), and in Japanese no space before the unit."""
    rule = number_rules(lang)
    babel_group = rule.babel_group

    def regroup(match: re.Match[str]) -> str:
        number = match[0]
        whole = number.split(rule.decimal)[0] if rule.decimal != babel_group else number
        groups = whole.split(babel_group)
        if len(groups) == 2 and len(groups[0]) < rule.min_grouping:
            whole_new = "".join(groups)
        else:
            whole_new = rule.group.join(groups)
        return whole_new + number[len(whole):]

    text = _BABEL_NUMBER.sub(regroup, text)
    text = _HYPHEN_MINUS.sub(MINUS, text)
    text = re.sub(r"(\d)[ " + NO_BREAK + r"]?%", lambda m: m[1] + rule.before_percent + "%", text)
    if lang in UNSPACED_SENTENCES:
        text = re.sub(r"(\d)[ " + NO_BREAK + r"]+(?=[^\W\d_A-Za-z])", r"\1", text)
    else:
        # "46 Millisekunden", and a German day's ordinal: "2. Dezember".
        text = re.sub(r"(\d\.?) (?=[^\W\d_])", "\\1" + NBSP, text)
    return text
