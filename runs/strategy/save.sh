#!/bin/sh
# Save the strategy runs' results into the repository (deterministic gzip: same lines, same
# bytes), as far as they went; publish the figures from exactly these lines with
#     .venv/bin/halfmoon strategy --merge OUT/rules.jsonl OUT/search.jsonl -o docs/records/strategy.json
# run on the same files (a run still going: copy them first, or save and merge the saved copies).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/strategy}
for name in rules search; do
    gzip -9 -n -c "$out/$name.jsonl" > "$here/$name.jsonl.gz"
done
ls -l "$here"/*.gz
