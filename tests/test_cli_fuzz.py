"""Hostile command lines for ``deal``, ``replay``, ``diagram`` and ``diagrams``.

Thousands of generated command lines run in-process through ``main()``: none may raise, hang
or print a traceback. A failure is exactly one line ``halfmoon: error: …`` and exit status 2;
success writes well-formed output. A small sample runs as real processes, for what only a
process shows (a closed standard input, a pipe closed early, an ASCII-only terminal).
The largest sets are in the slow tier.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from halfmoon.cli import main

ROOT = Path(__file__).resolve().parent.parent
PER_CASE_SECONDS = 120  # generous: a case that takes longer hangs


class Hang(BaseException):
    """Raised by the alarm: derives from BaseException so that no handler of main() takes it."""


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> Path:
    return make_inputs(tmp_path_factory.mktemp("inputs"))


def make_inputs(folder: Path) -> Path:
    """A folder of good and broken inputs the command lines name."""
    (folder / "game.txt").write_text("HM1-N-AAAAAAB\nR7+R8 3+R1\n", "utf-8")
    (folder / "illegal.txt").write_text("HM1-N-AAAAAAB R7+R8 R7+3 1+2\n", "utf-8")
    (folder / "bom.txt").write_bytes(b"\xef\xbb\xbfHM1-N-AAAAAAB R7+R8\n")
    (folder / "latin1.txt").write_bytes("HM1-N-AAAAAAB # é".encode("latin-1"))
    (folder / "binary.txt").write_bytes(bytes(range(256)))
    (folder / "empty.txt").write_text("", "utf-8")
    (folder / "long-token.txt").write_text("HM1-N-AAAAAAB " + "R" * 100_000, "utf-8")
    (folder / "list.txt").write_text("HM1-N-AAAAAAB\ngame.txt@1  # a comment\n\ufeffgame.txt@all\n", "utf-8")
    (folder / "bad-list.txt").write_text("game.txt\nnosuch.txt@3\n", "utf-8")
    (folder / "a-folder").mkdir()
    return folder


CODES = ["HM1-N-AAAAAAB", " hm1-n-aaaaaab ", "НМ1-N-ААААААВ", "hm1-n-aaaaaß", "HM1-N-AAAAAﬀ",
         "ＨＭ1-N-AAAAAAB", "HM1-N-ZZZZZZZ", "HM1-N-AAAA",
         "HM2-N-AAAAAAB", "", "\ufeffHM1-N-AAAAAAB", "HM1-N-" + "A" * 10_000]
NUMBERS = ["0", "1", "2", "47", "48", "-1", "²", "３", "٣", "1e3", "0x10", " 1", "9" * 5000, "nan", "inf",
           "1.5", "", "00000000000000000001"]
TEXTS = ["", "-", "--", "=", "a\x01b", "\xff", "\udcff", "a\nb", "<&>'\"", "‮evil", "x" * 5000, "\x00", "ok"]
LANGS = ["en", "he", "ru", "fr", "en,he", "xx", "../catalogs/en", "/etc/passwd", "en/../he", "EN", "",
         ",", "en,,fr", "zz", "e\x00n", "pt-BR"]
FILES = ["game.txt", "illegal.txt", "bom.txt", "latin1.txt", "binary.txt", "empty.txt", "long-token.txt",
         "a-folder", "nosuch.txt", "-", "/dev/null", "list.txt"]
ENTRIES = [*FILES, *CODES[:6], "game.txt@0", "game.txt@2", "game.txt@3", "game.txt@all", "game.txt@",
           "game.txt@ALL", "game.txt@٣", "game.txt@" + "9" * 5000, "@1", "@", "game.txt@1@2", "", " "]
OUTPUTS = ["-", "out.svg", "out.png", "out.SVG", "out.txt", "a-folder", "nosuch/out.svg", "", "."]
SOURCES = ["1+8", "R1,4", "R1 R2", "13", "r3", "", "+", "1++2", "R" * 100]

text = st.sampled_from(TEXTS) | st.text(max_size=12)


def _option(name: str, values: st.SearchStrategy[str]) -> st.SearchStrategy[list[str]]:
    # Mostly well-formed options with hostile values; now and then the value is missing.
    given_apart = values.map(lambda v: [name, v])
    return st.one_of(given_apart, given_apart, given_apart, values.map(lambda v: [f"{name}={v}"]),
                     st.just([name]))


def _command(sub: str, positionals: st.SearchStrategy[list[str]],
             options: list[st.SearchStrategy[list[str]]]) -> st.SearchStrategy[list[str]]:
    return st.tuples(positionals, st.lists(st.one_of(options), max_size=4)).map(
        lambda parts: [sub, *parts[0], *[word for option in parts[1] for word in option]]
    )


def _positionals(values: st.SearchStrategy[str], most: int) -> st.SearchStrategy[list[str]]:
    return st.lists(values, min_size=1, max_size=1) | st.lists(values | text, max_size=most)


deal = _command("deal", _positionals(st.sampled_from(CODES), 2), [st.just(["--json"]), st.just(["--bogus"])])
replay = _command("replay", _positionals(st.sampled_from(FILES), 2), [st.just(["--json"])])
diagram = _command(
    "diagram",
    st.lists(st.sampled_from(CODES), max_size=1) | st.lists(st.sampled_from(CODES) | text, max_size=2),
    [_option("--record", st.sampled_from(FILES)), _option("--after", st.sampled_from(NUMBERS)),
     _option("--mark", st.sampled_from(SOURCES)), st.just(["--mark-next"]), st.just(["--mark-last"]),
     _option("--title", text), _option("--lang", st.sampled_from(LANGS)),
     _option("--scale", st.sampled_from(NUMBERS)), _option("-o", st.sampled_from(OUTPUTS))],
)
diagrams = _command(
    "diagrams", _positionals(st.sampled_from(ENTRIES), 3),
    [_option("--list", st.sampled_from([*FILES, "bad-list.txt"])),
     *[_option("--out-dir", st.sampled_from(OUTPUTS))] * 3,
     _option("--format", st.sampled_from(["svg", "png", "both", "SVG", ""])),
     _option("--lang", st.sampled_from(LANGS)), _option("--scale", st.sampled_from(NUMBERS)),
     st.just(["--"])],
)
# Well-formed command lines, so that the paths past argument checking are walked too.
sound = st.one_of(
    st.tuples(st.sampled_from(["deal"]), st.sampled_from(CODES[:3])).map(list),
    st.tuples(st.just("replay"), st.sampled_from(["game.txt", "bom.txt", "-"])).map(list),
    st.tuples(st.sampled_from(CODES[:3]), st.sampled_from(LANGS[:4]), st.sampled_from(OUTPUTS[:3])).map(
        lambda t: ["diagram", t[0], "--lang", t[1], "-o", t[2]]),
    st.tuples(st.sampled_from(["game.txt", "bom.txt"]), st.sampled_from(NUMBERS[:5]), text).map(
        lambda t: ["diagram", "--record", t[0], "--after", t[1], "--mark-next", "--title", t[2]]),
    st.lists(st.sampled_from(ENTRIES[:20]), min_size=1, max_size=3).map(
        lambda entries: ["diagrams", "--out-dir", "out", *entries]),
)
command_lines = st.one_of(sound, sound, deal, replay, diagram, diagrams, st.lists(text, max_size=3))

STDIN = "HM1-N-AAAAAAB R7+R8\n"


def run_in_process(argv: list[str], folder: Path) -> tuple[int, str, str]:
    """``main(argv)`` in ``folder`` with a record on standard input; (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(STDIN.encode()), encoding="utf-8")

    def hang(signum: int, frame: object) -> None:
        raise Hang(f"{argv!r} ran longer than {PER_CASE_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(PER_CASE_SECONDS)
    cwd = Path.cwd()
    try:
        os.chdir(folder)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                _replaced_stdin(stdin):
            status = main(argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(cwd)
    return status, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def _replaced_stdin(stream: io.TextIOWrapper):
    saved = sys.stdin
    sys.stdin = stream
    try:
        yield
    finally:
        sys.stdin = saved


def check_outcome(argv: list[str], status: int, out: str, err: str) -> None:
    """Exit 0 with sound output, or exit 2 with one line naming the error."""
    assert status in (0, 2), (argv, status, err)
    assert "Traceback" not in err and "Traceback" not in out
    lines = err.splitlines()
    if status == 2:
        assert len(lines) == 1 and lines[0].startswith("halfmoon: error: "), (argv, err)
        assert len(lines[0]) <= 700, argv
        assert out == "" or argv[0] in ("deal", "replay"), argv  # nothing half-written to stdout
    else:
        assert all(line.startswith("halfmoon: ") for line in lines), (argv, err)
        if out.startswith("<svg"):
            ET.fromstring(out)  # well-formed XML, whatever the title


def _fresh_folder(files: Path, tmp: Path) -> Path:
    """A copy of the inputs, so that what one case writes cannot change the next."""
    folder = tmp / f"case{len(list(tmp.iterdir()))}"
    folder.mkdir()
    for path in files.iterdir():
        if path.is_file():
            (folder / path.name).write_bytes(path.read_bytes())
        else:
            (folder / path.name).mkdir()
    return folder


FAST = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))


@FAST
@given(argv=command_lines)
def test_generated_command_lines_fail_in_one_line_or_succeed(files, tmp_path_factory, argv):
    folder = _fresh_folder(files, tmp_path_factory.mktemp("run"))
    check_outcome(argv, *run_in_process(argv, folder))


@pytest.mark.slow
@SLOW
@given(argv=command_lines)
def test_many_generated_command_lines_fail_in_one_line_or_succeed(files, tmp_path_factory, argv):
    folder = _fresh_folder(files, tmp_path_factory.mktemp("run"))
    check_outcome(argv, *run_in_process(argv, folder))


# --- the cases of issue 10, each checked for its message -----------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["deal", "hm1-n-aaaaaß"], "'ß' (U+00DF) is not an ASCII character (position 12)"),
        (["deal", "HM1-N-AAAAAAſ"], "'ſ' (U+017F) is not an ASCII character (position 13)"),
        (["diagram", "HM1-N-AAAAAAB", "--lang", "../catalogs/en"],
         "--lang '../catalogs/en': not a language code"),
        (["diagram", "HM1-N-AAAAAAB", "--title", "a\x01b"],
         "--title has a control character (U+0001) at character 2"),
        (["diagram", "HM1-N-AAAAAAB", "--title", "\udcff"], "--title has an undecodable byte (U+DCFF)"),
        (["diagrams", "--out-dir", "o", "--", ""], "an empty entry"),
        (["diagrams", "--out-dir", "o", "game.txt@" + "9" * 5000], "no record has that many moves"),
        (["diagrams", "--out-dir", "o", "game.txt@٣"], "not a move number"),
        (["diagram", "--record", "game.txt", "--after", "²"], "--after '²': not a move number"),
        (["diagram", "--record", "illegal.txt", "--after", "1"],
         "illegal.txt:1:21: move 2 (R7+3): R7 is empty"),
        (["replay", "/dev/zero"], "cannot read record /dev/zero: a device, not a regular file"),
        (["replay", "latin1.txt"], "cannot read record latin1.txt: not UTF-8 text (byte 17 is 0xe9)"),
        (["replay", "a-folder"], "cannot read record a-folder: Is a directory"),
        (["deal", "HM1-N-" + "A" * 10_000_000], "expected 7 letters"),
        (["nosuch"], "invalid choice: 'nosuch'"),
        (["diagram", "HM1-N-AAAAAAB", "-o", "nosuch/x.svg"],
         "-o nosuch/x.svg: no folder nosuch"),  # refused before anything is drawn
    ],
)
def test_each_reported_input_gets_its_one_line_error(files, tmp_path, argv, message):
    folder = _fresh_folder(files, tmp_path)
    status, out, err = run_in_process(argv, folder)
    check_outcome(argv, status, out, err)
    assert status == 2 and message in err


def test_a_record_with_a_byte_order_mark_replays(files, tmp_path):
    status, out, _ = run_in_process(["replay", "bom.txt"], _fresh_folder(files, tmp_path))
    assert status == 0 and "HM1-N-AAAAAAB: in play, 1 move, 10 points" in out


def test_a_title_of_two_dashes_is_a_title(files, tmp_path):
    argv = ["diagram", "HM1-N-AAAAAAB", "--title=--"]
    status, out, _ = run_in_process(argv, _fresh_folder(files, tmp_path))
    assert status == 0 and ET.fromstring(out).find("{http://www.w3.org/2000/svg}title").text == "--"


def test_diagram_after_n_checks_the_whole_record(files, tmp_path):
    folder = _fresh_folder(files, tmp_path)
    assert run_in_process(["diagram", "--record", "game.txt", "--after", "1"], folder)[0] == 0
    status, _, err = run_in_process(["diagram", "--record", "illegal.txt", "--after", "0"], folder)
    assert status == 2 and "move 2" in err


def test_diagrams_that_fail_midway_leave_the_folder_as_it_was(files, tmp_path, monkeypatch):
    folder = _fresh_folder(files, tmp_path)
    out = folder / "pictures"
    out.mkdir()
    (out / "keep.svg").write_text("<svg/>")
    from halfmoon.cli import diagrams as module

    calls = []
    real = module.svg_to_png

    def failing(svg: str, **options: object) -> bytes:
        calls.append(1)
        if len(calls) == 3:
            raise module.CommandLineError("the disk is full (simulated)")
        return real(svg, **options)

    monkeypatch.setattr(module, "svg_to_png", failing)
    argv = ["diagrams", "--out-dir", "pictures", "--format", "both", "game.txt@all"]
    status, _, err = run_in_process(argv, folder)
    assert status == 2 and "simulated" in err and len(calls) == 3
    assert sorted(path.name for path in out.iterdir()) == ["keep.svg"]
    monkeypatch.setattr(module, "svg_to_png", real)
    status, _, _ = run_in_process(argv, folder)
    assert status == 0 and len(list(out.iterdir())) == 1 + 2 * 3


# --- a sample as real processes -----------------------------------------------------------------


def _process(args: list[str], folder: Path, **options: object) -> subprocess.CompletedProcess:
    env = {**os.environ, **options.pop("env", {})}  # type: ignore[dict-item]
    return subprocess.run([sys.executable, "-m", "halfmoon", *args], cwd=folder, capture_output=True,
                          env=env, timeout=PER_CASE_SECONDS, check=False, **options)


def test_a_closed_standard_input_is_one_line(files, tmp_path):
    result = _process(["replay", "-"], _fresh_folder(files, tmp_path), stdin=subprocess.DEVNULL,
                      preexec_fn=lambda: os.close(0))
    assert result.returncode == 2
    assert result.stderr.decode() == "halfmoon: error: cannot read record <stdin>: standard input is closed\n"


def test_an_ascii_only_terminal_gets_escapes_not_a_traceback(files, tmp_path):
    folder = _fresh_folder(files, tmp_path)
    result = _process(["deal", "HM1-N-AAAAAAB"], folder, env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0 and b"6\\u2666 K\\u2665" in result.stdout and result.stderr == b""
    result = _process(["diagram", "HM1-N-AAAAAAB", "--lang", "he"], folder, env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 0 and result.stdout.isascii()
    ET.fromstring(result.stdout)
    result = _process(["deal", "hm1-n-aaaaaß"], folder, env={"PYTHONIOENCODING": "ascii"})
    assert result.returncode == 2 and b"\\xdf" in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_reader_that_stops_early_ends_the_run_quietly(files, tmp_path):
    process = subprocess.Popen(
        [sys.executable, "-m", "halfmoon", "diagram", "HM1-N-AAAAAAB"], cwd=_fresh_folder(files, tmp_path),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    process.stdout.close()  # the reader is gone before the first byte
    _, err = process.communicate(timeout=PER_CASE_SECONDS)
    assert err == b"" and process.returncode == 141


@pytest.mark.parametrize("argv", [
    ["deal", "\ufeffHM1-N-AAAAAAB", "--json"],
    ["diagram", "HM1-N-AAAAAAB", "--lang", "../../etc/passwd"],
    ["diagrams", "--out-dir", "o", "--format", "both", "game.txt@all", "--lang", "en,he"],
    ["replay", "/dev/zero"],
])
def test_sample_command_lines_behave_the_same_as_processes(files, tmp_path, argv):
    folder = _fresh_folder(files, tmp_path)
    inside = run_in_process(argv, folder)
    result = _process(argv, folder)
    assert (result.returncode, result.stderr.decode()) == (inside[0], inside[2])
