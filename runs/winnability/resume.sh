#!/bin/sh
# Resume (or start) the winnability run of issue 14 in the background: two shards, one process each.
# Usage, from the repository root after `python3 dev.py halfmoon --help` has made .venv:
#     sh runs/winnability/resume.sh [OUT]        (OUT defaults to /work/runs/winnability)
# A shard file missing on this machine, or shorter than the copy saved in the repository,
# is first restored from runs/winnability/shard-K-of-2.jsonl.gz. Progress: wc -l OUT/*.jsonl;
# figures so far: .venv/bin/halfmoon stats --merge OUT/shard-*.jsonl
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/winnability}
names="shard-1-of-2 shard-2-of-2"
job() {  # NAME FILE: shard K of 2, K read from its name
    k=${1#shard-}; k=${k%%-of-2}
    launch stats --deals 250000 --start HM1-N-AAAAAAA --nodes 200000 --shard "$k/2" --jobs 1 \
        --results "$2" --json -o "$out/summary-$k-of-2.json"
}
. "$here/../shards.sh"
