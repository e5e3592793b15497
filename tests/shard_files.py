"""Shard files as the ``--shard K/N`` option of before issue 43 wrote them (the published
winnability run is two of them): every N-th deal from the K-th, split out of a whole run's file.
The option is gone (the deals of one run are spread by Dask now); its files still merge."""

from __future__ import annotations

import json
from pathlib import Path

from halfmoon import DealCode


def split_into_shards(whole: Path, folder: Path, of: int) -> list[Path]:
    """The results file ``whole`` (a stats or strategy run, 1/1) as ``of`` shard files."""
    header, *lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    first = json.loads(header)
    start = DealCode.parse(first["start"]).number
    files = []
    for k in range(1, of + 1):
        path = folder / f"shard-{k}-of-{of}.jsonl"
        mine = [line for line in lines
                if (DealCode.parse(json.loads(line)["code"]).number - start) % of == k - 1]
        path.write_text(json.dumps({**first, "shard": k, "of": of}) + "\n" + "".join(mine),
                        encoding="utf-8")
        files.append(path)
    return files
