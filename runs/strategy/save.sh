#!/bin/sh
# Save the strategy runs' results into the repository (deterministic gzip: same lines, same
# bytes), as far as they went; publish the figures from exactly these lines with
#     .venv/bin/halfmoon strategy --merge OUT/rules.jsonl OUT/search.jsonl -o docs/records/strategy.json
# run on the same files (a run still going: copy them first, or save and merge the saved copies).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/strategy}
names="rules search"
. "$here/../save_shards.sh"
ls -l "$here"/*.gz
