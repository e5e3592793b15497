#!/bin/sh
# Copy the run's results so far into the repository, compressed, so that another machine can resume.
# Usage: sh runs/winnability/save.sh [OUT]   (OUT defaults to /work/runs/winnability); then commit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-/work/runs/winnability}
names="shard-1-of-2 shard-2-of-2"
. "$here/../save_shards.sh"
ls -l "$here"/*.jsonl.gz
