#!/bin/sh
# Resume (or start) the strategy run of issue 26 in the background: two shards, one process each.
# Usage, from the repository root after `python3 dev.py halfmoon --help` has made .venv:
#     sh runs/strategy/resume.sh [OUT]        (OUT defaults to /work/runs/strategy)
# A shard file missing here, or shorter than the copy saved in the repository, is first
# restored from runs/strategy/shard-K-of-2.jsonl.gz. Progress: wc -l OUT/*.jsonl.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-/work/runs/strategy}
mkdir -p "$out"
for k in 1 2; do
    file="$out/shard-$k-of-2.jsonl"
    saved="$here/shard-$k-of-2.jsonl.gz"
    if [ -f "$saved" ]; then
        have=$( [ -f "$file" ] && wc -l < "$file" || echo 0 )
        kept=$(gzip -dc "$saved" | wc -l)
        if [ "$have" -lt "$kept" ]; then
            gzip -dc "$saved" > "$file"
        fi
    fi
    nohup setsid nice -n 19 "$root/.venv/bin/halfmoon" strategy --deals 20000 --start HM1-N-AAAAAAA \
        --shard "$k/2" --results "$file" >> "$out/log-$k.txt" 2>&1 < /dev/null &
    echo "shard $k/2 running as process $! (log $out/log-$k.txt)"
done
