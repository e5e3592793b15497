# The shared part of runs/*/resume.sh, sourced by each: it sets `here` (its folder) and `out`
# (where the shard files go) and defines `shard K FILE`, which calls `launch` with the halfmoon
# command of shard K of 2 appending to FILE.
root=$(cd "$here/../.." && pwd)
launch() {  # halfmoon in the background, in a session of its own, at the lowest priority
    nohup setsid nice -n 19 "$root/.venv/bin/halfmoon" "$@" >> "$log" 2>&1 < /dev/null &
}
mkdir -p "$out"
for k in 1 2; do
    file="$out/shard-$k-of-2.jsonl"
    saved="$here/shard-$k-of-2.jsonl.gz"
    if [ -f "$saved" ]; then
        have=$( [ -f "$file" ] && wc -l < "$file" || echo 0 )
        kept=$(gzip -dc "$saved" | wc -l)
        if [ "$have" -lt "$kept" ]; then
            gzip -dc "$saved" > "$file"
        fi
    fi
    log="$out/log-$k.txt"
    shard "$k" "$file"
    echo "shard $k/2 running as process $! (log $log)"
done
