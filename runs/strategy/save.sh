#!/bin/sh
# Save the strategy runs' results into the repository (deterministic gzip: same lines, same
# bytes), as far as they went; publish the figures from exactly these lines with
#     .venv/bin/halfmoon strategy --merge out/strategy/rules.jsonl out/strategy/search.jsonl \
#         -o docs/records/strategy.json
# run on the same files (a run still going: save first, and merge the saved copies).
# Usage: sh runs/strategy/save.sh [OUT]   (OUT: as for run.sh); then commit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
run=strategy
. "$here/../results.sh"
for name in rules search; do
    [ -f "$out/$name.jsonl" ] && save "$name"
done
ls -l "$here"/*.gz
