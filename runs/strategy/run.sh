#!/bin/sh
# Run (or resume) one of the strategy runs of issues 26 and 46: the rules of thumb (20,000 deals,
# minutes of CPU) or the honest search beside the best rule (10,000 deals, about 0.2 s of CPU a
# deal), their deals spread by Dask over this machine's cores, or over a cluster. Usage, from
# anywhere, once `python3 dev.py halfmoon --help` has made .venv:
#     sh runs/strategy/run.sh rules|search [OUT] [OPTION...]
# OUT: the results' folder (default: out/strategy in the repository, which git ignores);
# OPTION: options of halfmoon strategy, such as --scheduler tcp://HOST:8786 or --workers N.
# A results file missing in OUT, or shorter than the copy saved here, is restored first.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
case ${1-} in
    rules) deals=20000 ;;
    search) deals=10000 ;;
    *) echo "usage: sh $0 rules|search [OUT] [OPTION...]" >&2; exit 2 ;;
esac
name=$1
shift
run=strategy
. "$here/../results.sh"
restore "$name"
exec nice -n 19 "$halfmoon" strategy --players "$name" --deals "$deals" --start HM1-N-AAAAAAA \
    --results "$out/$name.jsonl" "$@"
