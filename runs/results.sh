# The shared part of runs/*/run.sh and save.sh, sourced by each after it sets `here` (its folder)
# and `run` (its name: OUT defaults to out/RUN in the repository, a folder git ignores). A results
# file OUT/NAME.jsonl is saved in the repository as NAME.jsonl.gz, so that another machine can
# resume it. HALFMOON names another halfmoon to run (tests).
#
# A results file is written only under the lock its run holds for as long as it runs (an
# exclusive flock on the file itself, halfmoon.files.lock_exclusively): a file a run is writing
# is never restored over; it is named and left as it is.
root=$(cd "$here/../.." && pwd)
halfmoon=${HALFMOON:-$root/.venv/bin/halfmoon}
out=$root/out/$run
case ${1-} in  # OUT is the first argument unless it is an option of halfmoon's
    ''|-*) ;;
    *) out=$1; shift ;;
esac
command -v flock > /dev/null || { echo "$0: needs flock(1) (util-linux) to lock the results files" >&2; exit 1; }

restore() {  # NAME: OUT/NAME.jsonl from the saved NAME.jsonl.gz when it has fewer lines, written whole
    file="$out/$1.jsonl"
    saved="$here/$1.jsonl.gz"
    mkdir -p "$out"
    [ -f "$saved" ] || return 0
    status=0
    (
        flock -n 9 || exit 75  # 75 (EX_TEMPFAIL): the lock is held, a run is writing the file
        have=$(wc -l < "$file")
        kept=$(gzip -dc "$saved" | wc -l)
        if [ "$have" -lt "$kept" ]; then
            copy=$(mktemp "$file.restoring.XXXXXX")
            gzip -dc "$saved" > "$copy" && mv -f "$copy" "$file" || { rm -f "$copy"; exit 1; }
        fi
    ) 9>> "$file" || status=$?
    if [ "$status" -eq 75 ]; then
        echo "$0: $file is being written by a running run (it holds the file's lock); left as it is" >&2
    elif [ "$status" -ne 0 ]; then
        echo "$0: could not restore $file from $saved; left as it was" >&2
    fi
    return "$status"
}

save() {  # NAME: OUT/NAME.jsonl's whole lines, compressed into the repository as NAME.jsonl.gz
    # Only whole lines: a line a running run is writing right now is left for the next save. The
    # file itself is only read (its run keeps its lock); the copy replaces the saved one whole,
    # and never with fewer lines than it holds (a wrong OUT, a file cut short, loses nothing).
    results="$out/$1.jsonl"
    saved="$here/$1.jsonl.gz"
    lines=$(wc -l < "$results")
    kept=$( [ -f "$saved" ] && gzip -dc "$saved" | wc -l || echo 0 )
    if [ "$lines" -lt "$kept" ]; then
        echo "$0: $results has $lines lines, fewer than the $kept saved in $saved: not saved" >&2
        return 1
    fi
    copy=$(mktemp "$here/.$1.XXXXXX")
    if head -n "$lines" "$results" | gzip -9n > "$copy"; then
        mv -f "$copy" "$saved"
    else
        rm -f "$copy"
        return 1
    fi
}
