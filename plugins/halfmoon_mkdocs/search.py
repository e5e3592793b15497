"""Search in the site's languages: one index for each, and search loaded when the reader
goes to it. Which languages search is given is the site's fact (``site.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from mkdocs.exceptions import PluginError

from .assets import write_file
from .offline import COPIES
from .site import material_lunr_languages

# --- One index per language ---------------------------------------------------------------
#
# mkdocs-static-i18n merges every language's pages into one search/search_index.json, which
# every page downloads with every language's stemmer, and whose results mix the languages.
# Instead each language gets its own index in its own folder (<prefix>search/search_index.json,
# the addresses relative to that folder) naming only its own lunr language, and each page's
# Material config points its base at its language's folder, where Material looks for the index.
# A new language needs nothing here: it is split out by its folder like the others.
#
# A language Material's lunr has no support for (Polish, Czech, Ukrainian…) is searched as
# written. Its index must not name no language: Material then keeps lunr's English pipeline,
# whose trimmer strips every non-ASCII letter from the ends of words ("čtyři" is indexed as
# "tyři", a Cyrillic word vanishes) and whose stemmer cuts words as English. So its index
# names lunr's core ("en") with an empty pipeline, which Material reads as "remove the
# trimmer, the stop-word filter and the stemmer", and splits words at punctuation too, since
# no trimmer takes it off ("„karty“"). Apostrophes stay inside words (Ukrainian "п’ять").
AS_WRITTEN = {"lang": ["en"], "pipeline": []}
PUNCTUATION = r"[.,;:!?()\[\]{}\"«»„“”‚…–—/]+"

INDEX = "search/search_index.json"
_CONFIG_TAG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)


def split_search_index(site_dir: Path, prefixes: dict[str, str]) -> dict[str, int]:
    """Write every language's own index from the merged one; returns the pages of each.

    ``prefixes`` maps each language to its folder in the site ("" for the default language,
    "he/" for Hebrew). The default language's index replaces the merged one.
    """
    merged_file = site_dir / INDEX
    merged = json.loads(merged_file.read_text(encoding="utf-8"))
    supported = material_lunr_languages()
    folders = sorted((prefix for prefix in prefixes.values() if prefix), key=len, reverse=True)
    docs: dict[str, list[dict[str, object]]] = {prefix: [] for prefix in prefixes.values()}
    for doc in merged["docs"]:
        location = str(doc["location"])
        prefix = next((folder for folder in folders if (location + "/").startswith(folder)), "")
        docs[prefix].append({**doc, "location": location[len(prefix):]})
    counts: dict[str, int] = {}
    for lang, prefix in prefixes.items():
        config = {**merged["config"], "lang": [lang]}
        if lang not in supported:
            config.update(AS_WRITTEN, separator=f"{merged['config']['separator']}|{PUNCTUATION}")
        write_file(site_dir / prefix / INDEX, json.dumps({"config": config, "docs": docs[prefix]},
                                                         ensure_ascii=False, separators=(",", ":")))
        counts[lang] = len(docs[prefix])
    return counts


def point_search_at_language(html: str, prefix: str) -> str:
    """Set the base of the page's Material config to its language's folder (see above)."""
    if not prefix:
        return html
    match = _CONFIG_TAG.search(html)
    if match is None:
        return html
    config = json.loads(match.group(2))
    config["base"] = config["base"].rstrip("/") + "/" + prefix
    # No "<" at all in a script's text: neither "</script>" nor "<!--" can change how it is read.
    text = json.dumps(config, ensure_ascii=False).replace("<", "\\u003c")
    return html[:match.start(2)] + text + html[match.end(2):]


# --- Search loaded when the reader goes to it ---------------------------------------------
#
# Material's bundle fetches the index (and its worker the stemmers) as soon as a page is
# served over HTTP, and only when the search box is opened for file: pages; the
# search.highlight feature fetches it on every page too, to highlight the words of a search
# that led there; and it starts its search worker (a 12 KB script) on every page. The
# published bundle is given the file: behaviour everywhere, highlights only on a page reached
# from a search result (its address carries ?h=), and starts the worker with the first message
# it is sent (the index, once search is opened): opening the search box (a click, a tap,
# focus, the keyboard shortcut) fetches the worker, this language's index and its stemmer.
# The edited bundle is published under a name with its own content's hash (Material's
# name hashes Material's bytes), and every page and the offline worker are pointed at it.

# A stand-in for the Worker that the bundle's worker wrapper listens to and posts to: the
# real one is created, with the listeners given so far, when the first message is posted.
LAZY_WORKER = (
    "((u,w,l=[])=>({addEventListener(...a){w?w.addEventListener(...a):l.push(a)},"
    "removeEventListener(...a){w?w.removeEventListener(...a):l=l.filter(b=>b[1]!==a[1])},"
    "postMessage(m){w||(w=new Worker(u),l.forEach(a=>w.addEventListener(...a)));w.postMessage(m)}}))"
)
_DEFERRALS = (
    # (Material's code, what it becomes, how it reads once changed)
    (re.compile(r'([\w$]+)\(location\.protocol!=="file:"\),([\w$]+)\("search"\)'),
     r'\1(!1),\2("search")',
     re.compile(r'[\w$]+\(!1\),[\w$]+\("search"\)')),
    (re.compile(r'([\w$]+)\("search\.highlight"\)\?([\w$]+)\(e,\{index\$:'),
     r'\1("search.highlight")&&new URL(location.href).searchParams.has("h")?\2(e,{index$:',
     re.compile(r'\("search\.highlight"\)&&new URL\(location\.href\)\.searchParams\.has')),
    (re.compile(r'function ([\w$]+)\(([\w$]+),([\w$]+)=new Worker\(\2\)\)\{'),
     lambda m: f"function {m[1]}({m[2]},{m[3]}={LAZY_WORKER}({m[2]})){{",
     re.compile(re.escape(LAZY_WORKER))),
)


# --- Counts in the page's plural --------------------------------------------------------------
#
# Material words a count with three strings (none, one, other: "# matching documents"), which
# cannot say "22 מסמכים" and "2 מסמכים" apart, nor Russian's, Polish's or Arabic's forms. Each
# page's search box carries our catalog's forms of the two counts search shows (theme.py); the
# published bundle picks the form with the browser's Intl.PluralRules for the page's language,
# and writes the number as that language does. A page without them keeps Material's strings.
#
# The results' count is set as the element's textContent; the further sections' count is a
# child of Material's h(), which adds a string as HTML (its own trusted words): that one is
# asked for as HTML (h=1), every character that could start markup or a reference escaped, so
# a catalog's "<img onerror=…>" is shown as the words it is.
SEARCH_COUNT = (
    '((k,n,h)=>{let c=document.querySelector("[data-halfmoon-counts]"),'
    's=c&&JSON.parse(c.dataset.halfmoonCounts)[k],l=document.documentElement.lang,'
    't=s?(s[new Intl.PluralRules(l).select(n)]??s.other)'
    '.replace("{count}",()=>new Intl.NumberFormat(l).format(n)):null;'
    'return t!=null&&h?String(t).replace(/[&<>"\']/g,x=>"&#"+x.charCodeAt(0)+";"):t})'
)
_COUNTS = (
    # The results' count, under the search box.
    (re.compile(r'case 1:([\w$]+)\.textContent=([\w$]+)\("search\.result\.one"\);break;'
                r'default:let ([\w$]+)=([\w$]+)\(([\w$]+)\.length\);'
                r'\1\.textContent=\2\("search\.result\.other",\3\)'),
     lambda m: (f'default:{m[1]}.textContent={SEARCH_COUNT}("results",{m[5]}.length)'
                f'??({m[5]}.length===1?{m[2]}("search.result.one"):'
                f'{m[2]}("search.result.other",{m[4]}({m[5]}.length)))'),
     re.compile(re.escape(f'{SEARCH_COUNT}("results"'))),
    # A page's further sections ("3 more on this page").
    (re.compile(r'([\w$]+)\.length>0&&\1\.length===1\?([\w$]+)\("search\.result\.more\.one"\):'
                r'\2\("search\.result\.more\.other",\1\.length\)'),
     lambda m: f'{SEARCH_COUNT}("more",{m[1]}.length,1)??({m[0]})',
     re.compile(re.escape(f'{SEARCH_COUNT}("more"'))),
)


def defer_search(site_dir: Path) -> Path:
    """Make Material's published bundle load search (worker, index, stemmer) only once search is
    opened, and word its counts in the page's plural; publish it under its content's hash and
    point every page at it. Returns its path."""
    folder = site_dir / "assets" / "javascripts"
    bundles = sorted(folder.glob("bundle.*.min.js"))
    if len(bundles) != 1:
        raise PluginError(f"{folder}: expected one Material bundle, found {len(bundles)}")
    bundle = bundles[0]
    text = bundle.read_text(encoding="utf-8")
    for eager, deferred, done in _DEFERRALS:
        text, count = eager.subn(deferred, text, count=1)
        if count != 1 and not done.search(text):
            raise PluginError(f"{bundle}: Material's search start-up is not where this version "
                              "of the plugin expects it (search would load on every page)")
    for material, ours, done in _COUNTS:
        text, count = material.subn(ours, text, count=1)
        if count != 1 and not done.search(text):
            raise PluginError(f"{bundle}: Material's search counts are not where this version of "
                              "the plugin expects them (they would not follow the language's plural)")
    # Its source map keeps Material's name (the bundle's last line names it): it maps
    # Material's code, which the edits leave in place but for a few expressions.
    renamed = folder / f"bundle.{hashlib.sha256(text.encode()).hexdigest()[:8]}.min.js"
    old_name = bundle.name
    write_file(renamed, text)
    if renamed != bundle:
        bundle.unlink()
    for copy in COPIES:  # the old name's compressed copies, from a build into this folder before
        (folder / f"{old_name}{copy}").unlink(missing_ok=True)
    if renamed.name != old_name:
        for page in site_dir.rglob("*.html"):
            html = page.read_text(encoding="utf-8")
            if old_name in html:
                write_file(page, html.replace(f"assets/javascripts/{old_name}",
                                              f"assets/javascripts/{renamed.name}"))
    return renamed
