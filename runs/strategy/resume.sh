#!/bin/sh
# Resume (or start) the strategy runs of issues 26 and 46 in the background, one process each:
# the rules of thumb (20,000 deals, minutes of CPU) and the honest search beside the best rule
# (10,000 deals, about 0.15 s of CPU a deal). Usage, from the repository root after
# `python3 dev.py halfmoon --help` has made .venv:
#     sh runs/strategy/resume.sh [OUT]        (OUT defaults to /work/runs/strategy)
# A results file missing in OUT, or shorter than the copy saved in the repository, is first
# restored from runs/strategy/NAME.jsonl.gz. Progress: wc -l OUT/*.jsonl.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/strategy}
root=$(cd "$here/../.." && pwd)
mkdir -p "$out"
for name in rules search; do
    file="$out/$name.jsonl"
    saved="$here/$name.jsonl.gz"
    if [ -f "$saved" ]; then
        have=$( [ -f "$file" ] && wc -l < "$file" || echo 0 )
        kept=$(gzip -dc "$saved" | wc -l)
        if [ "$have" -lt "$kept" ]; then
            gzip -dc "$saved" > "$file"
        fi
    fi
    case $name in
        rules) deals=20000 ;;
        search) deals=10000 ;;
    esac
    log="$out/log-$name.txt"
    nohup setsid nice -n 19 "$root/.venv/bin/halfmoon" strategy --players "$name" --deals "$deals" \
        --start HM1-N-AAAAAAA --results "$file" >> "$log" 2>&1 < /dev/null &
    echo "$name run going as process $! (log $log)"
done
