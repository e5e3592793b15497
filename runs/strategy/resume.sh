#!/bin/sh
# Resume (or start) the strategy runs of issues 26 and 46 in the background, one process each:
# the rules of thumb (20,000 deals, minutes of CPU) and the honest search beside the best rule
# (10,000 deals, about 0.2 s of CPU a deal). Usage, from the repository root after
# `python3 dev.py halfmoon --help` has made .venv:
#     sh runs/strategy/resume.sh [OUT]        (OUT defaults to /work/runs/strategy)
# A results file missing in OUT, or shorter than the copy saved in the repository, is first
# restored from runs/strategy/NAME.jsonl.gz. Progress: wc -l OUT/*.jsonl.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/strategy}
names="rules search"
job() {  # NAME FILE
    case $1 in
        rules) deals=20000 ;;
        search) deals=10000 ;;
    esac
    launch strategy --players "$1" --deals "$deals" --start HM1-N-AAAAAAA --results "$2"
}
. "$here/../shards.sh"
