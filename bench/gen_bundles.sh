#!/bin/sh
# Bundles of one job on N nodes, for the many-nodes benchmark: node002
# holds the initiating host OOM (the real cgroup-v1 scenario), every other
# node a job log with NCCL watchdog timeouts that follow it.
#   bench/gen_bundles.sh MKBUNDLE OUTDIR N
set -eu
mk=$1 out=$2 n=$3
src=$(cd "$(dirname "$0")/.." && pwd)/fixtures/scenarios/real-v1-oom-live
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=1
while [ "$i" -le "$n" ]; do
	host=$(printf 'node%03d' "$i")
	rm -rf "$tmp/t"
	cp -R "$src" "$tmp/t"
	sed "s/\"host\": \"vm\"/\"host\": \"$host\"/" "$src/scenario.json" \
	    >"$tmp/t/scenario.json"
	if [ "$i" -ne 2 ]; then
		rm -rf "$tmp/t/kernel" "$tmp/t/cgroup"
		# real ProcessGroupNCCL watchdog line (reference capture)
		j=0
		while [ $j -lt 200 ]; do
			echo "$i: step=$j loss=2.31 lr=3.0e-04 tokens_per_sec=91000"
			j=$((j + 1))
		done >"$tmp/t/logs/slurm-3.out"
		echo "[rank$i]:[E626 06:24:44.903881913 ProcessGroupNCCL.cpp:616] [Rank $i] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=808, OpType=ALLREDUCE, NumelIn=9801523, NumelOut=9801523, Timeout(ms)=600000) ran for 600020 milliseconds before timing out." >>"$tmp/t/logs/slurm-3.out"
	fi
	"$mk" "$tmp/t" "$out" "$host.tar.zst"
	i=$((i + 1))
done
