#!/bin/sh
# Save the strategy run's shards into the repository (deterministic gzip: same lines, same bytes).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/strategy}
. "$here/../save_shards.sh"
ls -l "$here"/*.gz
