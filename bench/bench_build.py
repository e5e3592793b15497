"""Site build: the plugin's diagram blocks against the same pages without them.

Builds the whole site (every language) twice in temporary copies: once as it is, once
with every ``halfmoon`` fenced block removed from every page, and prints both times and
the plugin's overhead. Target: at most 25% extra time.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 3
TARGET = 25.0

sys.path.insert(0, str(Path(__file__).resolve().parent))
from targets import Figure  # noqa: E402 - bench/ is not a package


def without_blocks(markdown: str) -> str:
    from halfmoon_mkdocs.blocks import segments
    from halfmoon_mkdocs.render import BLOCKS

    return "".join(s.text if s.kind != "block" else "\n" for s in segments(markdown, BLOCKS))


def prepare(folder: Path, strip: bool) -> Path:
    shutil.copytree(ROOT / "docs", folder / "docs")
    shutil.copytree(ROOT / "overrides", folder / "overrides")
    shutil.copy(ROOT / "mkdocs.yml", folder / "mkdocs.yml")
    if strip:
        for page in (folder / "docs").rglob("*.md"):
            page.write_text(without_blocks(page.read_text(encoding="utf-8")), encoding="utf-8")
    return folder


def build_seconds(project: Path) -> float:
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(project / "site")],
            cwd=project, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )
        best = min(best, time.perf_counter() - start)
    return best


def main() -> list[Figure]:
    with tempfile.TemporaryDirectory() as tmp:
        with_blocks = prepare(Path(tmp) / "with", strip=False)
        without = prepare(Path(tmp) / "without", strip=True)
        blocks = sum(
            1 for page in (ROOT / "docs").rglob("*.md")
            for line in page.read_text(encoding="utf-8").splitlines()
            if line.startswith("```halfmoon")
        )
        plain = build_seconds(without)
        full = build_seconds(with_blocks)
    overhead = 100 * (full - plain) / plain
    print(f"   site build, best of {REPEAT} (every language, {blocks} halfmoon blocks)")
    return [
        Figure("build without the blocks", plain, "s"),
        Figure("build with the blocks", full, "s"),
        Figure("the blocks' share of the build time", overhead, "%", TARGET, better="lower"),
    ]


if __name__ == "__main__":
    main()
