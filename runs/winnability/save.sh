#!/bin/sh
# Copy the run's results so far into the repository, compressed, so that another machine can resume.
# Usage: sh runs/winnability/save.sh [OUT]   (OUT: as for run.sh); then commit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
run=winnability
. "$here/../results.sh"
save run
ls -l "$here"/run.jsonl.gz
