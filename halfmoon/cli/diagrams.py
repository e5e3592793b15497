"""``halfmoon diagram`` (one picture) and ``halfmoon diagrams`` (a folder of them).

    halfmoon diagram HM1-N-AAAAAAB -o deal.svg
    halfmoon diagram --record game.txt --after 1 --mark-next --lang he -o step1.png
    halfmoon diagrams HM1-N-AAAAAAB game.txt game.txt@5 --out-dir pictures/ --lang en,he
    halfmoon diagrams --list diagrams.txt --out-dir pictures/ --format png

A batch entry is a deal code (the fresh deal), a record file (its last position),
``FILE@N`` (the position after N moves) or ``FILE@all`` (every position of the game,
each with the next move marked). A list file holds one entry a line; ``#`` starts a
comment and record paths are read relative to the list file.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..dealcode import DealCode
from ..diagram import PALETTES, check_xml_text, render_svg
from ..diagram.png import DEFAULT_SCALE, svg_to_png
from ..errors import (
    CommandLineError,
    DealCodeError,
    HalfMoonError,
    InvalidSourceError,
    MoveNumberError,
    quoted,
)
from ..files import NotAFileError, read_regular, write_atomic
from ..i18n import available_languages, catalog
from ..moves import Source, parse_source
from ..position import Position
from ..record import Record, parse_move_number, read_record
from .options import check_outputs

FORMATS = ("svg", "png")


def register(subparsers: argparse._SubParsersAction) -> None:
    one = subparsers.add_parser(
        "diagram", help="draw the arc diagram of a deal or of a game record's position",
        description="Draw the arc diagram of a position as SVG or PNG (chosen by the -o suffix).",
    )
    one.add_argument("code", nargs="?", help="a deal code such as HM1-N-AAAAAAB")
    one.add_argument("--record", metavar="FILE", help="a game record (- for standard input)")
    one.add_argument("--after", metavar="N", help="draw the position after N moves "
                     "of the record (default: all of them)")
    one.add_argument("--mark", metavar="SOURCES", default="",
                     help="sources to mark, e.g. 8+5+3 or R1,4")
    one.add_argument("--mark-next", action="store_true",
                     help="mark the cards of the record's next move")
    one.add_argument("--mark-last", action="store_true",
                     help="outline the sources the last move took its cards from")
    one.add_argument("--title", help="text of the diagram's <title> (default: code and move)")
    _common_options(one)
    one.add_argument("-o", "--output", metavar="OUT", default="-",
                     help="OUT.svg or OUT.png; - (default) prints the SVG")
    one.set_defaults(run=run_diagram)

    many = subparsers.add_parser(
        "diagrams", help="draw the diagrams of many deal codes or records into a folder",
        description="Draw diagrams into a folder. An entry is a deal code, a record file, "
                    "FILE@N (after N moves) or FILE@all (every position).",
    )
    many.add_argument("entries", nargs="*", metavar="ENTRY", help="deal code, FILE, FILE@N or FILE@all")
    many.add_argument("--list", metavar="FILE", help="a file of entries, one a line, # comments")
    many.add_argument("--out-dir", metavar="DIR", required=True, help="folder for the pictures")
    many.add_argument("--format", choices=(*FORMATS, "both"), default="svg",
                      help="svg (default), png or both")
    _common_options(many)
    many.set_defaults(run=run_diagrams)


def _common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", default="en", metavar="LANG",
                        help="language of the text alternative and card letters (e.g. en, he, "
                             "ru, fr; the batch takes a comma list)")
    parser.add_argument("--palette", choices=PALETTES, default="two",
                        help="two: red and black suits (default); four: the four-colour deck "
                             "(diamonds blue, clubs green)")
    parser.add_argument("--scale", type=float, default=DEFAULT_SCALE,
                        help=f"PNG pixels per SVG unit (default {DEFAULT_SCALE:g})")


# A language code, never a path: en, he, pt-BR, zh_Hant.
_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")
LIST_LIMIT = 4_000_000  # bytes read of a --list file


def _count(text: str) -> int:
    return _move_number(text, "--after")


def _move_number(text: str, what: str) -> int:
    try:
        return parse_move_number(text)
    except MoveNumberError as error:
        if error.kind == "size":
            raise CommandLineError(f"{what} {quoted(text)}: no record has that many moves") from None
        raise CommandLineError(
            f"{what} {quoted(text)}: not a move number (0, 1, 2, ... in ASCII digits)") from None


# --- one diagram ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Picture:
    """A position to draw, with what to mark and the file name stem to give it."""

    position: Position
    stem: str
    marks: tuple[Source, ...] = ()
    removed: tuple[Source, ...] = ()
    source: str = ""  # the deal code or the full path of the record file it was drawn from


def run_diagram(args: argparse.Namespace) -> int:
    languages = _languages(args.lang)
    if len(languages) != 1:
        raise CommandLineError("--lang takes one language here (the batch form takes several)")
    output_format = _format_of(args.output)
    check_outputs([("-o", args.output)], [("--record", args.record)])
    after = None if args.after is None else _count(args.after)
    if args.title == []:  # argparse before Python 3.12 turns --title=-- into []: the title was --
        args.title = "--"
    if args.title is not None:
        check_xml_text(args.title, "--title")
    if after is not None and args.record is None:
        raise CommandLineError("--after needs --record FILE: a deal code alone has no moves")
    if (args.mark_next or args.mark_last) and args.record is None:
        raise CommandLineError("--mark-next and --mark-last need --record FILE")
    record = _record_or_code(args.code, args.record)
    record.replay()  # the whole record is checked, even when only its start is drawn
    upto = len(record.moves) if after is None else after
    position = record.replay(upto)
    marks = set(_parse_sources(args.mark, "--mark"))
    if args.mark_next:
        if upto >= len(record.moves):
            raise CommandLineError(
                f"--mark-next: the record has no move after move {upto} (it has {len(record.moves)})"
            )
        marks.update(record.moves[upto].sources)
    removed = record.moves[upto - 1].sources if args.mark_last and upto > 0 else ()
    svg = render_svg(position, lang=languages[0], marks=marks, removed=removed, title=args.title,
                     standalone=output_format == "png", palette=args.palette)
    if args.output == "-":
        _print_svg(svg)
    elif output_format == "png":
        write_atomic(Path(args.output), svg_to_png(svg, scale=_scale(args.scale)))
    else:
        write_atomic(Path(args.output), (svg + "\n").encode("utf-8"))
    return 0


def _print_svg(svg: str) -> None:
    """Standard output in its own encoding: what it cannot hold becomes character references."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    data = (svg + "\n").encode(encoding, "xmlcharrefreplace").decode(encoding)
    sys.stdout.write(data)


def _record_or_code(code: str | None, record_path: str | None) -> Record:
    if record_path is None:
        if code is None:
            raise CommandLineError("give a deal code (e.g. HM1-N-AAAAAAB) or --record FILE")
        return Record(DealCode.parse(code))
    record = read_record(record_path)
    if code is not None and DealCode.parse(code) != record.code:
        raise CommandLineError(
            f"the deal code {DealCode.parse(code)} differs from {record.code} in {record_path}"
        )
    return record


def _format_of(output: str) -> str:
    if output == "-":
        return "svg"
    suffix = Path(output).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise CommandLineError(f"-o {output}: the file name must end in .svg or .png")
    return suffix


def _parse_sources(text: str, option: str) -> list[Source]:
    try:
        return [parse_source(part) for part in re.split(r"[\s,+]+", text.strip()) if part]
    except InvalidSourceError as error:
        raise CommandLineError(f"{option}: {error}") from None


def _languages(text: str) -> list[str]:
    languages = [part.strip() for part in text.split(",") if part.strip()]
    if not languages:
        raise CommandLineError("--lang: name a language, e.g. en")
    for lang in languages:
        if not _LANGUAGE_CODE.fullmatch(lang):
            have = ", ".join(available_languages())
            raise CommandLineError(f"--lang {quoted(lang)}: not a language code (have: {have})")
        catalog(lang)  # raises TranslationError naming the languages there are
    return languages


def _scale(scale: float) -> float:
    if not 0 < scale <= 16:
        raise CommandLineError(f"--scale {scale:g}: choose a scale above 0 and at most 16")
    return scale


# --- many diagrams -------------------------------------------------------------------------


def run_diagrams(args: argparse.Namespace) -> int:
    languages = _languages(args.lang)
    formats = FORMATS if args.format == "both" else (args.format,)
    scale = _scale(args.scale)
    entries = [(entry, Path.cwd(), "argument") for entry in args.entries]
    if args.list:
        entries += _read_list(Path(args.list))
    if not entries:
        raise CommandLineError("no diagrams to draw: give entries or --list FILE")
    # Everything is read and replayed before the first file is written.
    pictures: dict[str, Picture] = {}  # by file name: an entry given twice is drawn once
    for entry in entries:
        for picture in _pictures(*entry):
            before = pictures.setdefault(picture.stem, picture)
            if before.source != picture.source:  # two inputs, one file name: one would be lost
                raise CommandLineError(
                    f"{entry[2]}: the diagram {picture.stem} of {picture.source} would take the file "
                    f"name of the one of {before.source}: rename one of the records"
                )
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    # Every file is drawn into a staging folder first and moved into place only when all
    # are drawn: a failure (or Ctrl-C) midway leaves the folder as it was.
    staging = Path(tempfile.mkdtemp(prefix=".halfmoon-", dir=out_dir))
    try:
        names = []
        for picture in pictures.values():
            for lang in languages:
                name = picture.stem if len(languages) == 1 else f"{picture.stem}.{lang}"
                for output_format in formats:
                    _draw(picture, lang, output_format, scale, staging / f"{name}.{output_format}",
                          args.palette)
                    names.append(f"{name}.{output_format}")
        for name in names:  # nothing is moved while one of the names is taken by a folder
            _check_replaceable(out_dir / name)
        for name in names:
            os.replace(staging / name, out_dir / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    print(f"halfmoon: wrote {len(names)} diagram(s) to {out_dir}", file=sys.stderr)
    return 0


def _check_replaceable(path: Path) -> None:
    if path.is_symlink() or not path.exists():
        return
    if path.is_dir():
        raise CommandLineError(f"cannot write {path}: a folder of that name is in the way")
    if not path.is_file():
        raise CommandLineError(f"cannot write {path}: not a regular file")


def _draw(picture: Picture, lang: str, output_format: str, scale: float, path: Path,
          palette: str = "two") -> None:
    svg = render_svg(picture.position, lang=lang, marks=picture.marks, removed=picture.removed,
                     standalone=output_format == "png", palette=palette)
    if output_format == "png":
        path.write_bytes(svg_to_png(svg, scale=scale))
    else:
        path.write_text(svg + "\n", encoding="utf-8")


def _read_list(path: Path) -> list[tuple[str, Path, str]]:
    try:
        data = read_regular(path, LIST_LIMIT)
        if len(data) > LIST_LIMIT:
            raise CommandLineError(f"cannot read the list {path}: larger than {LIST_LIMIT:,} bytes")
        text = data.decode("utf-8-sig")  # a byte order mark is allowed
    except (OSError, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, CommandLineError):
            raise
        reason = getattr(error, "strerror", None) or error
        if isinstance(error, NotAFileError):
            reason = str(error).removeprefix(f"{path}: ")
        raise CommandLineError(f"cannot read the list {path}: {reason}") from None
    entries = []
    for number, line in enumerate(text.splitlines(), start=1):
        entry = line.split("#", 1)[0].strip()
        if entry:
            entries.append((entry, path.parent, f"{path}:{number}"))
    return entries


_ENTRY = re.compile(r"(?P<file>.+?)(?:@(?P<after>[^@]*))?")


def _pictures(entry: str, base: Path, where: str) -> list[Picture]:
    """The pictures an entry stands for; errors say which entry and where it was given."""
    try:
        return _entry_pictures(entry, base)
    except HalfMoonError as error:
        raise CommandLineError(f"{where}: {quoted(entry)}: {error}") from None
    except OSError as error:  # e.g. a name too long for the file system
        raise CommandLineError(f"{where}: {quoted(entry)}: {error.strerror or error}") from None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except ValueError:  # a NUL character: no file has that name
        return False


def _entry_pictures(entry: str, base: Path) -> list[Picture]:
    if not entry.strip():
        raise CommandLineError("an empty entry: give a deal code, FILE, FILE@N or FILE@all")
    if entry.upper().startswith("HM") and "@" not in entry and not _exists(base / entry):
        code = DealCode.parse(entry)
        return [Picture(Position(code), str(code), source=str(code))]
    match = _ENTRY.fullmatch(entry)
    if match is None:
        raise CommandLineError("expected a deal code, FILE, FILE@N or FILE@all")
    path = base / match["file"]
    if not _exists(path):
        try:
            DealCode.parse(match["file"])
        except DealCodeError:
            raise CommandLineError("no such record file, and not a deal code") from None
        raise CommandLineError("a deal code takes no @N: it has no moves")
    record = read_record(str(path))
    stem, moves = path.stem, record.moves
    after = match["after"]
    source = os.path.realpath(path)
    if after == "all":
        return [
            Picture(
                position,
                f"{stem}-{number:03d}",
                marks=moves[number].sources if number < len(moves) else (),
                removed=moves[number - 1].sources if number else (),
                source=source,
            )
            # one replay for the whole game; a bad move fails here, with its line and column
            for number, position in enumerate(record.positions())
        ]
    last = record.replay()  # a bad move fails here, with its line and column
    if after is None:
        return [Picture(last, stem, source=source)]
    number = _move_number(after, "@N:")
    return [Picture(record.replay(number), f"{stem}-{number:03d}", source=source)]
