#!/bin/sh
# CLI tests for `oomtrail verify BEFORE AFTER` on the fixture pairs under
# fixtures/verify/<case>/{before,after} (see its README.md): each pair is
# packed with mkbundle, then the exit status and the key lines are checked.
# Then `verify --before B... --after A...` on real bundles of scenarios.
# Usage: verify.sh OOMTRAIL MKBUNDLE SRCDIR
set -u
bin=$1 mkbundle=$2 src=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fails=0 n=0

pack() {
	for side in before after; do
		"$mkbundle" "$src/fixtures/verify/$1/$side" . "$1-$side.tar.zst" \
		    >/dev/null || { echo "FAIL mkbundle $1/$side"; exit 1; }
	done
}

# pair CASE WANT_EXIT LINE...: every LINE must appear verbatim in stdout.
pair() {
	name=$1 want=$2
	shift 2
	n=$((n + 1))
	pack "$name"
	"$bin" verify "$name-before.tar.zst" "$name-after.tar.zst" \
	    >out.txt 2>err.txt
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL $name: exit $got, want $want"; cat out.txt err.txt
		fails=$((fails + 1))
		return
	fi
	for line in "$@"; do
		if ! grep -q -x -F -- "$line" out.txt; then
			echo "FAIL $name: no line '$line'"; cat out.txt err.txt
			fails=$((fails + 1))
			return
		fi
	done
	echo "ok $name"
}

pair host 0 'verify: FIXED' \
    '  before: host_oom (R-HOST-001)' \
    '  after: no_incident (R-NONE-001)' \
    '  initiating signature kernel_oom is gone; after: no_incident' \
    '  device side held constant: same GPU models and count'
pair device 0 'verify: FIXED' \
    '  before: cuda_oom_exhaustion (R-DEV-001)' \
    '  initiating signature cuda_oom is gone; after: no_incident' \
    '  host side held constant: ReqMem 209715200 bytes'
pair device-not-fixed 1 'verify: NOT FIXED' \
    '  initiating signature still present after: cuda_oom (cuda_oom_exhaustion)' \
    '  host side held constant: ReqMem 209715200 bytes'
pair both-changed 4 'verify: INCONCLUSIVE' \
    '  before: host_oom (R-HOST-001)' \
    '  after: no_incident (R-NONE-001)' \
    '  device side CHANGED: the GPUs differ between the runs' \
    '  both boundaries changed: the control does not prove which one fixed it'

# Swapped, the host pair's AFTER has nothing to verify: INCONCLUSIVE.
n=$((n + 1))
"$bin" verify host-after.tar.zst host-before.tar.zst >out.txt 2>&1
got=$?
if [ "$got" -eq 4 ] && grep -q 'nothing to verify' out.txt; then
	echo "ok host-swapped"
else
	echo "FAIL host-swapped: exit $got, want 4"; cat out.txt
	fails=$((fails + 1))
fi

# --before B... --after A...: several bundles each side, merged as
# snapshots (the real trap, SPANK and Epilog bundles of one OOM-killed
# job, then the Epilog bundle of a job that completed), in any order.
snap=$src/fixtures/scenarios/real-snapshots-oom-batch-trap-spank-epilog
okb=$src/fixtures/scenarios/real-snapshots-near-two-jobs-one-node
okb=$okb/oomtrail-oomtrailci-46146029-vm-20261201T171043Z.tar.zst
sides() {
	name=$1 want=$2
	shift 2
	n=$((n + 1))
	"$bin" verify "$@" >out.txt 2>err.txt
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL $name: exit $got, want $want"; cat out.txt err.txt
		fails=$((fails + 1))
	elif [ "$want" -eq 0 ] && ! { grep -q -x -F 'verify: FIXED' out.txt &&
	    grep -q -x -F '  before: host_oom (R-HOST-001)' out.txt &&
	    grep -q -x -F '  after: no_incident (R-NONE-001)' out.txt; }; then
		echo "FAIL $name: key lines"; cat out.txt err.txt
		fails=$((fails + 1))
	elif [ "$want" -eq 2 ] && ! grep -q '^oomtrail: verify' err.txt; then
		echo "FAIL $name: no usage message"; cat err.txt
		fails=$((fails + 1))
	else
		echo "ok $name"
	fi
}
sides sides-snapshots 0 --before "$snap"/*.tar.zst --after "$okb"
sides sides-after-first 0 --after "$okb" --before "$snap"/*171034Z.tar.zst \
    "$snap"/*171032Z.tar.zst "$snap"/*171033Z.tar.zst
sides sides-one-each 0 --before "$snap"/*171034Z.tar.zst --after "$okb"
sides sides-no-after 2 --before "$snap"/*.tar.zst
sides sides-operand-outside 2 "$snap"/*171034Z.tar.zst --after "$okb"

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
