# The shared part of runs/*/resume.sh, sourced last by each after it sets `here` (its folder),
# `out` (where the results files go), `names` (its results files, OUT/NAME.jsonl, each saved in
# the repository as NAME.jsonl.gz) and defines `job NAME FILE`, which calls `launch` with the
# halfmoon command that appends to FILE. HALFMOON names another halfmoon to run (tests).
#
# A results file is written only under the lock its run holds for as long as it runs (an
# exclusive flock on the file itself, halfmoon.files.lock_exclusively): a file a run is
# writing is neither restored over nor given a second run; it is named and left as it is.
root=$(cd "$here/../.." && pwd)
halfmoon=${HALFMOON:-$root/.venv/bin/halfmoon}
command -v flock > /dev/null || { echo "$0: needs flock(1) (util-linux) to lock the results files" >&2; exit 1; }
launch() {  # halfmoon in the background, in a session of its own, at the lowest priority
    nohup setsid nice -n 19 "$halfmoon" "$@" >> "$log" 2>&1 < /dev/null &
}
restore() {  # FILE SAVED: FILE from SAVED when FILE has fewer lines, written whole (a copy renamed)
    have=$(wc -l < "$1")
    kept=$(gzip -dc "$2" | wc -l)
    if [ "$have" -lt "$kept" ]; then
        copy=$(mktemp "$1.restoring.XXXXXX")
        gzip -dc "$2" > "$copy" && mv -f "$copy" "$1" || { rm -f "$copy"; return 1; }
    fi
}
mkdir -p "$out"
refused=0
for name in $names; do
    file="$out/$name.jsonl"
    saved="$here/$name.jsonl.gz"
    # 75 (EX_TEMPFAIL): the lock is held, a run is writing the file.
    status=0
    (
        flock -n 9 || exit 75
        if [ -f "$saved" ]; then restore "$file" "$saved" || exit 1; fi
    ) 9>> "$file" || status=$?
    if [ "$status" -eq 75 ]; then
        echo "$name: $file is being written by a running run (it holds the file's lock); left as it is" >&2
        refused=1
        continue
    elif [ "$status" -ne 0 ]; then
        echo "$name: could not restore $file from $saved; left as it was" >&2
        refused=1
        continue
    fi
    log="$out/log-$name.txt"
    job "$name" "$file"
    echo "$name running as process $! (log $log)"
done
exit "$refused"
