#!/bin/sh
# Save the strategy run's shards into the repository (deterministic gzip: same lines, same bytes).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/strategy}
for k in 1 2; do
    gzip -9 -n -c "$out/shard-$k-of-2.jsonl" > "$here/shard-$k-of-2.jsonl.gz"
done
ls -l "$here"/*.gz
