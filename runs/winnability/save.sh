#!/bin/sh
# Copy the run's results so far into the repository, compressed, so that another machine can resume.
# Usage: sh runs/winnability/save.sh [OUT]   (OUT defaults to /work/runs/winnability); then commit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/winnability}
for k in 1 2; do
    # Only whole lines: a line being written right now is left for the next save.
    head -n "$(wc -l < "$out/shard-$k-of-2.jsonl")" "$out/shard-$k-of-2.jsonl" | gzip -9n > "$here/shard-$k-of-2.jsonl.gz"
done
ls -l "$here"/*.jsonl.gz
