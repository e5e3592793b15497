#!/bin/sh
# Run (or resume) the winnability survey: its deals spread by Dask over this machine's cores, or
# over a cluster. Usage, from anywhere, once `python3 dev.py halfmoon --help` has made .venv:
#     sh runs/winnability/run.sh [OUT] [OPTION...]
# OUT: the results' folder (default: out/winnability in the repository, which git ignores);
# OPTION: options of halfmoon stats, such as --scheduler tcp://HOST:8786 (a cluster's scheduler),
# --workers N, or --deals 1000000 for a longer survey (a new results file: give another OUT).
# A results file missing in OUT, or shorter than a copy saved here by save.sh, is restored first.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
run=winnability
. "$here/../results.sh"
restore run
exec nice -n 19 "$halfmoon" stats --deals 250000 --start HM1-N-AAAAAAA --nodes 200000 \
    --results "$out/run.jsonl" --json -o "$out/summary.json" "$@"
