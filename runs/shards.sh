# The shared part of runs/*/resume.sh, sourced by each: it sets `here` (its folder) and `out`
# (where the results files go) and defines `launch` and `restore`. A script that defines
# `shard K FILE` (which calls `launch` with the halfmoon command of shard K of 2 appending to
# FILE) has both shards restored and started here; another calls `restore` and `launch` itself.
root=$(cd "$here/../.." && pwd)
launch() {  # halfmoon in the background, in a session of its own, at the lowest priority
    nohup setsid nice -n 19 "$root/.venv/bin/halfmoon" "$@" >> "$log" 2>&1 < /dev/null &
}
restore() {  # FILE SAVED.gz: FILE from the saved copy when FILE is missing or shorter
    if [ -f "$2" ]; then
        have=$( [ -f "$1" ] && wc -l < "$1" || echo 0 )
        kept=$(gzip -dc "$2" | wc -l)
        if [ "$have" -lt "$kept" ]; then
            gzip -dc "$2" > "$1"
        fi
    fi
}
mkdir -p "$out"
if command -v shard > /dev/null 2>&1; then
    for k in 1 2; do
        file="$out/shard-$k-of-2.jsonl"
        restore "$file" "$here/shard-$k-of-2.jsonl.gz"
        log="$out/log-$k.txt"
        shard "$k" "$file"
        echo "shard $k/2 running as process $! (log $log)"
    done
fi
