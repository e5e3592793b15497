#!/bin/sh
# Resume (or start) the strategy run of issue 26 in the background: two shards, one process each.
# Usage, from the repository root after `python3 dev.py halfmoon --help` has made .venv:
#     sh runs/strategy/resume.sh [OUT]        (OUT defaults to /work/runs/strategy)
# A shard file missing here, or shorter than the copy saved in the repository, is first
# restored from runs/strategy/shard-K-of-2.jsonl.gz. Progress: wc -l OUT/*.jsonl.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/strategy}
shard() {
    launch strategy --deals 20000 --start HM1-N-AAAAAAA --shard "$1/2" --results "$2"
}
. "$here/../shards.sh"
