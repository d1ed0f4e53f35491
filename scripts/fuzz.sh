#!/bin/sh
# Fuzz every target with libFuzzer (clang, ASan+UBSan).
#   scripts/fuzz.sh [--smoke] [SECONDS_PER_TARGET] [TARGET...]
# --smoke: CI's short run (15 s per target unless given). New inputs go to
# build-fuzz/corpus/<target> (the committed seed corpus is read, not
# written); tests/fuzz/<target>.dict is used when present. A crash, leak
# or timeout leaves build-fuzz/artifacts/<target>/crash-* (leak-*,
# timeout-*, slow-unit-*) and fails the run: minimise it (-minimize_crash=1),
# add it to tests/fuzz/corpus/<target>/ and fix the bug.
set -eu
cd "$(dirname "$0")/.."
secs=300
if [ "${1:-}" = "--smoke" ]; then
	secs=15
	shift
fi
case "${1:-}" in [0-9]*) secs=$1; shift ;; esac
targets=${*:-"sacct sacct_yaml scontrol scontrol_json kernel cgroup nvsmi_xml nvsmi_csv nvsmi_table log host manifest bundle model_json cpu trend series marker redact pickle dcgmi amdsmi"}

CC=clang sh scripts/build.sh build-fuzz -DFUZZ=ON -DBUILD_TESTING=ON \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOOMTRAIL_WERROR=ON >/dev/null
total=0
for t in $targets; do
	mkdir -p "build-fuzz/corpus/$t" "build-fuzz/artifacts/$t"
	dict=""
	[ -f "tests/fuzz/$t.dict" ] && dict="-dict=../tests/fuzz/$t.dict"
	out=$(cd build-fuzz && ./tests/fuzz/fuzz_$t -max_total_time="$secs" \
	    -max_len=65536 -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
	    -artifact_prefix="artifacts/$t/" $dict \
	    "corpus/$t" "../tests/fuzz/corpus/$t" 2>&1) || {
		echo "$out" | tail -40
		echo "fuzz: $t FAILED"
		exit 1
	}
	runs=$(echo "$out" | sed -n 's/.*stat::number_of_executed_units: *//p' |
	    tail -1)
	[ -n "$runs" ] || runs=$(echo "$out" | grep -o 'Done [0-9]* runs' |
	    tail -1 | grep -o '[0-9]*')
	echo "fuzz: $t: ${runs:-?} executions in ${secs}s, no crash"
	total=$((total + ${runs:-0}))
done
echo "fuzz: $total executions in all"
