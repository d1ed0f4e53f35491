#!/bin/sh
# Bundles of one job on N nodes, for the many-nodes benchmark: node002
# holds the initiating host OOM (the real cgroup-v1 scenario), every other
# node a job log with NCCL watchdog timeouts that follow it.
#   bench/gen_bundles.sh MKBUNDLE OUTDIR N [FIRST]
# The other nodes' tree is copied once and only its two per-node files
# are rewritten (10,000 nodes take minutes, not an hour).
set -eu
mk=$1 out=$2 n=$3 first=${4:-1}
src=$(cd "$(dirname "$0")/.." && pwd)/fixtures/scenarios/real-v1-oom-live
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -R "$src" "$tmp/t"
rm -rf "$tmp/t/kernel" "$tmp/t/cgroup"
i=$first
while [ "$i" -le "$n" ]; do
	host=$(printf 'node%03d' "$i")
	if [ "$i" -eq 2 ]; then
		rm -rf "$tmp/i"
		cp -R "$src" "$tmp/i"
		sed "s/\"host\": \"vm\"/\"host\": \"$host\"/" \
		    "$src/scenario.json" >"$tmp/i/scenario.json"
		"$mk" "$tmp/i" "$out" "$host.tar.zst"
		i=$((i + 1))
		continue
	fi
	sed "s/\"host\": \"vm\"/\"host\": \"$host\"/" "$src/scenario.json" \
	    >"$tmp/t/scenario.json"
	# real ProcessGroupNCCL watchdog line (reference capture)
	awk -v i="$i" 'BEGIN {
		for (j = 0; j < 200; j++)
			printf "%d: step=%d loss=2.31 lr=3.0e-04 tokens_per_sec=91000\n", i, j
		printf "[rank%d]:[E626 06:24:44.903881913 ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for 600020 milliseconds before timing out.\n", i, i
	}' >"$tmp/t/logs/slurm-3.out"
	"$mk" "$tmp/t" "$out" "$host.tar.zst"
	i=$((i + 1))
done
