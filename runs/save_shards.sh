# The shared part of runs/*/save.sh, sourced by each after it sets `here` (its folder), `out`
# (where the results files are) and `names` (OUT/NAME.jsonl, saved as NAME.jsonl.gz): each
# file's whole lines, compressed into the repository.
for name in $names; do
    # Only whole lines: a line a running run is writing right now is left for the next save. The
    # file itself is only read (its run keeps its lock); the copy replaces the saved one whole,
    # and never with fewer lines than it holds (a wrong OUT, a file cut short, loses nothing).
    results="$out/$name.jsonl"
    saved="$here/$name.jsonl.gz"
    lines=$(wc -l < "$results")
    kept=$( [ -f "$saved" ] && gzip -dc "$saved" | wc -l || echo 0 )
    if [ "$lines" -lt "$kept" ]; then
        echo "$0: $results has $lines lines, fewer than the $kept saved in $saved: not saved" >&2
        exit 1
    fi
    copy=$(mktemp "$here/.$name.XXXXXX")
    if head -n "$lines" "$results" | gzip -9n > "$copy"; then
        mv -f "$copy" "$saved"
    else
        rm -f "$copy"
        exit 1
    fi
done
