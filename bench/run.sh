#!/bin/sh
# Every benchmark, with its baseline, in one run; prints a table.
#   bench/run.sh [--smoke] [BUILD_DIR]	(BENCH_SCAN_ONLY=1: the scan rows)
# Ratios, not absolute times, are the targets (README): each pair is run
# side by side, several times, and the median is reported. --smoke uses
# tiny inputs and one run: it only checks that everything still runs.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
smoke=0
if [ "${1:-}" = "--smoke" ]; then smoke=1; shift; fi
build=${1:-build}
bin=$root/$build/report/oomtrail
collect=$root/$build/collect/oomtrail-collect
mkbundle=$root/$build/tests/mkbundle
genlog=$root/$build/bench/genlog
redactbench=$root/$build/bench/redactbench
sig=$root/bench/SIGNATURES.ere
cores=$(nproc)
if [ $smoke -eq 1 ]; then mb=4; nodes=8; runs=1; else mb=300; nodes=256; runs=5; fi
work=${BENCH_WORK:-$(mktemp -d)}
trap 'rm -rf "$work"' EXIT
[ -x "$genlog" ] || { echo "bench: build $build first" >&2; exit 1; }

# median WALL_SECONDS over $runs runs of a command; also sets $rss (KB, max)
measure() {
	rss=0
	: >"$work/times"
	i=0
	while [ $i -lt $runs ]; do
		/usr/bin/time -f '%e %M' -o "$work/t1" sh -c "$1" >/dev/null 2>&1 || {
			echo "bench: failed: $1" >&2; exit 1; }
		read -r s k <"$work/t1"
		echo "$s" >>"$work/times"
		[ "$k" -gt "$rss" ] && rss=$k
		echo "$rss" >"$work/rss"
		i=$((i + 1))
	done
	sort -n "$work/times" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}
rssmb() { awk '{printf "%.1f", $1 / 1024}' "$work/rss"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
row() { printf '| %-44s | %10s | %10s | %6s | %8s |\n' "$@"; }

echo "oomtrail benchmarks: $(date -u +%Y-%m-%dT%H:%MZ), $cores cores, $mb MB log, $nodes nodes"
row "benchmark" "oomtrail s" "baseline s" "ratio" "RSS MB"
row "---" "---" "---" "---" "---"

# Commands $1.. run in turn, $runs rounds (interleaved, so that a change
# of load hits them alike); sets med_K (median wall s) and rss_K (max
# KB) for the K-th command.
side() {
	k=1
	for c in "$@"; do : >"$work/times.$k"; eval "rss_$k=0"; k=$((k + 1)); done
	i=0
	while [ $i -lt $runs ]; do
		k=1
		for c in "$@"; do
			/usr/bin/time -f '%e %M' -o "$work/t1" sh -c "$c" \
			    >/dev/null 2>&1 || { echo "bench: failed: $c" >&2
			    exit 1; }
			read -r s kb <"$work/t1"
			echo "$s" >>"$work/times.$k"
			eval "if [ $kb -gt \$rss_$k ]; then rss_$k=$kb; fi"
			k=$((k + 1))
		done
		i=$((i + 1))
	done
	k=1
	for c in "$@"; do
		eval "med_$k=$(sort -n "$work/times.$k" |
		    awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')"
		k=$((k + 1))
	done
}
mb_of() { awk -v k="$1" 'BEGIN{printf "%.1f", k / 1024}'; }

# 1. Scan a bare multi-rank log vs grep -c -E -f SIGNATURES, on one
# thread (OOMTRAIL_SCAN_THREADS=1) and on every core (the default).
# grep's count goes to a file: GNU grep whose output is /dev/null stops
# at the first match (it only owes an exit status), which side() and
# measure() would otherwise give it.
"$genlog" "$mb" 64 >"$work/train.log"
cat "$work/train.log" >/dev/null	# warm the page cache for both
side "grep -c -E -f '$sig' '$work/train.log' >'$work/grep.out'" \
    "OOMTRAIL_SCAN_THREADS=1 '$bin' analyze --format json '$work/train.log'" \
    "'$bin' analyze --format json '$work/train.log'"
row "scan ${mb} MB log, 1 thread (vs grep -c -E -f)" "$med_2" "$med_1" \
    "$(ratio "$med_2" "$med_1")" "$(mb_of "$rss_2")"
row "scan ${mb} MB log, $cores threads (vs grep -c -E -f)" "$med_3" "$med_1" \
    "$(ratio "$med_3" "$med_1")" "$(mb_of "$rss_3")"

# 1b. Masking secrets in that log (collector, oomtrail redact): the byte
# scanner of common/redact.c, which finds and masks, vs one PCRE2 JIT
# alternation of the same families that only finds (a lower bound for a
# PCRE2 redactor; it also matches tokens_per_sec=, which the scanner
# knows is no secret). Choose the faster: ratio < 1 keeps the scanner.
if [ -x "$redactbench" ]; then
	o=$(measure "'$redactbench' scan '$work/train.log'")
	g=$(measure "'$redactbench' pcre2 '$work/train.log'")
	row "mask ${mb} MB log (scanner vs PCRE2 JIT find)" "$o" "$g" "$(ratio "$o" "$g")" "$(rssmb)"
fi

# 2. The same log inside a bundle vs zstd -dc | grep.
mkdir -p "$work/sc/logs"
cp "$work/train.log" "$work/sc/logs/slurm-7.out"
printf '{"host":"n001","job_id":"7","cluster":"bench","created":"2026-11-30T07:00:00Z","clocks":{"utc_offset_s":0}}\n' >"$work/sc/scenario.json"
"$mkbundle" "$work/sc" "$work" log.tar.zst >/dev/null
rm -f "$work/train.log"
g=$(measure "zstd -dc '$work/log.tar.zst' | grep -c -E -f '$sig' >'$work/grep.out'")
o=$(measure "'$bin' analyze --format json '$work/log.tar.zst'")
row "scan ${mb} MB log in a bundle (vs zstd|grep)" "$o" "$g" "$(ratio "$o" "$g")" "$(rssmb)"
rm -rf "$work/sc" "$work/log.tar.zst"
# BENCH_SCAN_ONLY=1: the scan rows alone (a minute, not the node runs).
[ -z "${BENCH_SCAN_ONLY:-}" ] || exit 0

# 3. Many nodes: one initiating OOM, NCCL timeouts on the rest.
sh bench/gen_bundles.sh "$mkbundle" "$work/nodes" "$nodes" >/dev/null
one=$(measure "'$bin' analyze --format json -j 1 '$work/nodes/node002.tar.zst'")
all=$(measure "'$bin' analyze --format json '$work'/nodes/*.tar.zst")
ideal=$(awk -v o="$one" -v n="$nodes" -v c="$cores" 'BEGIN{printf "%.3f", o*n/c}')
row "$nodes bundles, all cores (vs 1 bundle x N / cores)" "$all" "$ideal" "$(ratio "$all" "$ideal")" "$(rssmb)"

# 3b. Reports at scale (issue 19): one job on 256, 2,048 and 10,000 nodes
# (BENCH_NODES; CI runs "1000"), analysed to HTML once each: time, peak
# RSS, the sizes of the HTML and text reports (identical lines folded),
# then the HTML's load in headless Chromium against an empty page's.
# BENCH_BUNDLES=DIR reuses bundles gen_bundles.sh made (10,000 take
# minutes to make). Target: 10,000 nodes under 1 GB of RSS (README).
if [ $smoke -eq 1 ]; then sizes=${BENCH_NODES:-8}; else
	sizes=${BENCH_NODES:-256 2048 10000}; fi
max=0
for k in $sizes; do [ "$k" -gt $max ] && max=$k; done
rm -rf "$work/nodes"
if [ -n "${BENCH_BUNDLES:-}" ]; then	# made before: gen_bundles.sh
	ln -s "$BENCH_BUNDLES" "$work/nodes"
else
	sh bench/gen_bundles.sh "$mkbundle" "$work/nodes" "$max" >/dev/null
fi
saved=$runs; runs=1
for k in $sizes; do
	rm -rf "$work/sub"; mkdir -p "$work/sub"
	i=1
	while [ $i -le "$k" ]; do
		f=$(printf 'node%03d.tar.zst' $i)
		ln -s "$work/nodes/$f" "$work/sub/$f"
		i=$((i + 1))
	done
	t=$(measure "'$bin' analyze --format html '$work'/sub/*.tar.zst >'$work/r.html'")
	r=$(rssmb)
	"$bin" analyze --format text "$work"/sub/*.tar.zst >"$work/r.txt" 2>/dev/null || true
	hb=$(wc -c <"$work/r.html")
	tb=$(wc -c <"$work/r.txt")
	row "$k nodes: HTML $(awk -v b="$hb" 'BEGIN{printf "%.2f MB", b/1048576}'), text $(awk -v b="$tb" 'BEGIN{printf "%.0f KB", b/1024}')" "$t" "-" "-" "$r"
	row "$k nodes: KB of RSS per node" "-" "-" "-" "$(awk -v r="$r" -v n="$k" 'BEGIN{printf "%.0f", r*1024/n}')"
done
runs=$saved
if command -v chromium >/dev/null 2>&1; then
	printf '<!DOCTYPE html><title>x</title>\n' >"$work/empty.html"
	ch="timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync --dump-dom"
	e=$(measure "$ch 'file://$work/empty.html'")
	c=$(measure "$ch 'file://$work/r.html'")
	row "Chromium: load the $k-node HTML (vs empty page)" "$c" "$e" "$(ratio "$c" "$e")" "-"
fi
rm -rf "$work/nodes" "$work/sub"

# 4. Start-up on a small bundle (PCRE2 JIT compile included).
ex=fixtures/example/oomtrail-ci-3-vm-20261130T065940Z.tar.zst
s=$(measure "'$bin' analyze --format json '$ex'")
row "start-up, small bundle (target 0.020 s)" "$s" "0.020" "$(ratio "$s" 0.020)" "$(rssmb)"

# 5. The collector against replayed real captures, and with a hung nvidia-smi.
# Its CPU is milliseconds: measured after the scans' memory has been
# given back (on a VM the host's reclaim and memory monitor run then).
if [ -x "$collect" ] && [ -d tests/fakes/bin ]; then
	rm -rf "$work/nodes"
	[ $smoke -eq 1 ] || sleep 5
	export OOMTRAIL_FAKES=$root/tests/fakes
	export OOMTRAIL_FAKE_FIXTURES=$root/fixtures/collect
	export OOMTRAIL_CGROUP_ROOT=$root/fixtures/collect/cgroup-v1
	mkdir -p "$work/out"
	/usr/bin/time -f '%e %U %S %M' -o "$work/t1" env PATH="$root/tests/fakes/bin:$PATH" \
	    "$collect" --job 3 --output "$work/out" --deadline 10 >/dev/null 2>&1 || true
	read -r e u s k <<EOT
$(tail -n 1 "$work/t1")
EOT
	# Its own CPU: perf counts the collector alone (-i: not the fake
	# commands it runs); without perf, time(1) counts them too.
	if command -v perf >/dev/null 2>&1; then
		: >"$work/cpus"
		i=0
		# cheap and noisy (a VM's neighbours): three times the runs
		while [ $i -lt $((runs * 3)) ]; do
			rm -rf "$work/out"; mkdir -p "$work/out"
			perf stat -i -x, -e task-clock -o "$work/p1" env \
			    PATH="$root/tests/fakes/bin:$PATH" "$collect" --job 3 \
			    --output "$work/out" --deadline 10 >/dev/null 2>&1 || true
			awk -F, '/task-clock/ {printf "%.3f\n", $1 / 1000}' \
			    "$work/p1" >>"$work/cpus"
			i=$((i + 1))
		done
		cpu=$(sort -n "$work/cpus" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
		what="own CPU"
	else
		cpu=$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.3f", u+s}')
		what="CPU incl. children"
	fi
	size=$(du -k "$work"/out/*.tar.zst 2>/dev/null | awk '{print $1}' | head -1)
	row "collector: $what s (target 0.050), ${size:-?} KB" "$cpu" "0.050" "$(ratio "$cpu" 0.050)" "$(awk -v k="$k" 'BEGIN{printf "%.1f", k/1024}')"
	rm -rf "$work/out"; mkdir -p "$work/out"
	/usr/bin/time -f '%e' -o "$work/t1" env PATH="$root/tests/fakes/bin:$PATH" \
	    FAKE_NVIDIA_SMI=ignore-term "$collect" --job 3 --output "$work/out" \
	    --deadline 5 >/dev/null 2>&1 || true
	w=$(tail -n 1 "$work/t1")
	row "collector wall, hung nvidia-smi (deadline 5 s)" "$w" "6.0" "$(ratio "$w" 6)" "-"
fi

# 8. --watch overhead: CPU per sample and RSS at a 1 s interval over 60 s
# (5 s with --smoke) on a writable copy of the real Slurm v2 tree (job_4,
# 9 levels, ~100 columns), whose memory.current grows. No nvidia-smi:
# the GPU loops are nvidia-smi's own cost, not the watcher's. Targets:
# under 1% of one core (10 ms of CPU per 1 s sample) and 8 MB RSS.
if [ -x "$collect" ]; then
	if [ $smoke -eq 1 ]; then secs=5; else secs=60; fi
	rm -rf "$work/wcg" "$work/wout"; mkdir -p "$work/wout"
	cp -r "$root/fixtures/collect/cgroup-v2" "$work/wcg"
	wj=$work/wcg/system.slice/slurmstepd.scope/job_4
	( i=0; while [ $i -lt $secs ]; do i=$((i + 1));
	    echo $((i * 1048576)) >"$wj/memory.current"; sleep 1; done;
	    rm -rf "$wj" ) &
	grower=$!
	/usr/bin/time -f '%U %S %M' -o "$work/t1" env -i PATH=/nonexistent \
	    OOMTRAIL_CGROUP_ROOT="$work/wcg" "$collect" --watch --job 4 \
	    --output "$work/wout" >/dev/null 2>&1 || true
	wait $grower
	read -r u s k <"$work/t1"
	ms=$(awk -v u="$u" -v s="$s" -v n="$secs" 'BEGIN{printf "%.2f", (u + s) * 1000 / n}')
	row "watch: CPU ms per 1 s sample (target 10)" "$ms" "10" "$(ratio "$ms" 10)" "$(awk -v k="$k" 'BEGIN{printf "%.1f", k/1024}')"
	row "watch: series bytes for ${secs} samples" "$(cat "$work"/wout/*.series | wc -c)" "-" "-" "-"
fi
