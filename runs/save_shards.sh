# The shared part of runs/*/save.sh, sourced by each after it sets `here` (its folder) and `out`
# (where the shard files are): each shard's whole lines, compressed into the repository.
for k in 1 2; do
    # Only whole lines: a line a running run is writing right now is left for the next save. The
    # shard itself is only read (its run keeps its lock); the copy replaces the saved one whole,
    # and never with fewer lines than it holds (a wrong OUT, a shard cut short, loses nothing).
    shard="$out/shard-$k-of-2.jsonl"
    saved="$here/shard-$k-of-2.jsonl.gz"
    lines=$(wc -l < "$shard")
    kept=$( [ -f "$saved" ] && gzip -dc "$saved" | wc -l || echo 0 )
    if [ "$lines" -lt "$kept" ]; then
        echo "$0: $shard has $lines lines, fewer than the $kept saved in $saved: not saved" >&2
        exit 1
    fi
    copy=$(mktemp "$here/.shard-$k-of-2.XXXXXX")
    if head -n "$lines" "$shard" | gzip -9n > "$copy"; then
        mv -f "$copy" "$saved"
    else
        rm -f "$copy"
        exit 1
    fi
done
