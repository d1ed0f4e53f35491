#!/bin/sh
# contrib/slurm/fleet-ingest-month.sbatch without Slurm: each array task
# (SLURM_ARRAY_TASK_ID) ingests the bundles whose files were written on
# its day of MONTH, into one SQLite database; days the month lacks end
# at once; a second run adds nothing. Real bundles from the scenarios
# (distinct files: the database keeps one record per bundle hash).
# Usage: fleet-month.sh OOMTRAIL SRCDIR
set -u
bin=$1 src=$2
script=$src/contrib/slurm/fleet-ingest-month.sbatch
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
ok() { echo "ok $*"; }

mkdir -p spool/a spool/b
i=0
for s in real-v2vm-numa-bind real-v2vm-dirty-writeback-epilog \
    real-v2vm-oom-batch-ramp-watch real-v2vm-shm-fill-spank \
    real-v2vm-thrash-live real-v2vm-timelimit-watch; do
	i=$((i + 1))
	f=$(ls "$src/fixtures/scenarios/$s/"*.tar.zst | head -n 1)
	case $i in
	1|2|3) cp "$f" spool/a/ && touch -d '2026-11-03 12:00:00 UTC' "spool/a/$(basename "$f")" ;;
	4|5) cp "$f" spool/b/ && touch -d '2026-11-04 23:59:00 UTC' "spool/b/$(basename "$f")" ;;
	6) cp "$f" spool/ && touch -d '2026-10-31 23:00:00 UTC' "spool/$(basename "$f")" ;;
	esac
done
jobs() {
	"$bin" fleet report --format json fleet.db | sed -n 's/^  "jobs": \([0-9]*\),*$/\1/p'
}
task() {
	SPOOL=$work/spool DB=$work/fleet.db MONTH=2026-11 OOMTRAIL=$bin \
	    SLURM_ARRAY_TASK_ID=$1 bash "$script" >"task$1.out" 2>&1
}

task 3; rc=$?
[ $rc -eq 0 ] && grep -q '^2026-11-03: 3 bundle(s)' task3.out &&
    [ "$(jobs)" = 3 ] && ok "day 3: 3 bundles, 3 jobs" ||
    { fail "day 3 (rc $rc, jobs $(jobs))"; cat task3.out; }
task 4; rc=$?
[ $rc -eq 0 ] && grep -q '^2026-11-04: 2 bundle(s)' task4.out &&
    [ "$(jobs)" = 5 ] && ok "day 4: 2 more (the October bundle is not November's)" ||
    { fail "day 4 (rc $rc, jobs $(jobs))"; cat task4.out; }
task 31; rc=$?
[ $rc -eq 0 ] && grep -q 'not a day of 2026-11' task31.out &&
    ok "task 31 of a 30-day month: nothing to do" ||
    { fail "task 31 (rc $rc)"; cat task31.out; }
task 5; rc=$?
[ $rc -eq 0 ] && grep -q '^2026-11-05: 0 bundle(s)' task5.out &&
    ok "an empty day" || { fail "day 5 (rc $rc)"; cat task5.out; }
task 3; rc=$?
[ $rc -eq 0 ] && [ "$(jobs)" = 5 ] && grep -q '3 input(s) already stored' task3.out &&
    ok "day 3 again: nothing added" ||
    { fail "day 3 again (rc $rc, jobs $(jobs))"; cat task3.out; }
SPOOL=$work/spool DB=$work/fleet.db MONTH=11-2026 SLURM_ARRAY_TASK_ID=1 \
    bash "$script" >bad.out 2>&1
[ $? -eq 2 ] && grep -q 'MONTH must be YYYY-MM' bad.out &&
    ok "a bad MONTH is refused" || { fail "bad MONTH"; cat bad.out; }
[ "$fails" -eq 0 ] || exit 1
