#!/bin/sh
# CLI tests for oomtrail (zstd cli-tests model): each case runs the
# program and checks its exit status and a fragment of its output.
# Usage: oomtrail.sh OOMTRAIL MKBUNDLE GENLOG SRCDIR
set -u
bin=$1 mkbundle=$2 genlog=$3 src=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fails=0 n=0
example=$src/fixtures/example/oomtrail-ci-3-vm-20261130T065940Z.tar.zst

# case NAME WANT_EXIT GREP_PATTERN -- CMD...
case_() {
	name=$1 want=$2 pat=$3
	shift 4
	n=$((n + 1))
	"$@" >out.txt 2>err.txt
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "FAIL $name: exit $got, want $want"; cat err.txt
		fails=$((fails + 1))
	elif [ -n "$pat" ] && ! grep -q -- "$pat" out.txt err.txt; then
		echo "FAIL $name: no '$pat' in output"; cat out.txt err.txt
		fails=$((fails + 1))
	else
		echo "ok $name"
	fi
}

case_ version 0 'oomtrail [0-9]' -- "$bin" --version
case_ version-linked 0 '^linked: dynamic$' -- "$bin" --version
case_ version-libraries 0 '^libraries: libarchive [0-9].*pcre2 [0-9.]* [0-9-]* (JIT o[nf]*), libxml2 [0-9]' -- "$bin" --version
case_ help 0 'usage: oomtrail analyze' -- "$bin" --help
case_ no-args 2 'missing command' -- "$bin"
case_ bad-command 2 'unknown command' -- "$bin" frobnicate
case_ analyze-no-input 2 'at least one INPUT' -- "$bin" analyze
case_ bad-format 2 'unknown --format' -- "$bin" analyze --format pdf "$example"
case_ bad-option 2 'usage:' -- "$bin" analyze --nope "$example"
case_ missing-input 1 'No such file' -- "$bin" analyze ./does-not-exist.tar.zst
case_ example-text 0 'host_oom' -- "$bin" analyze "$example"
case_ example-json 0 '"schema": "oomtrail.analysis/1"' -- \
    "$bin" analyze --format json "$example"
case_ example-md 0 'host_oom' -- "$bin" analyze --format md "$example"
case_ example-html-file 0 '' -- \
    "$bin" analyze --format html -o report.html "$example"
case_ html-written 0 'Content-Security-Policy' -- cat report.html
case_ timeline 0 'INITIATING' -- "$bin" timeline "$example"
# Issue 19: the fleet record, its bulk action line, their usage.
case_ example-jsonl 0 '"schema":"oomtrail.record/1"' -- \
    "$bin" analyze --format jsonl "$example"
case_ example-bulk 0 '^{"index":{"_index":"fleet-1",' -- \
    "$bin" analyze --format jsonl --bulk-index fleet-1 "$example"
case_ bulk-needs-jsonl 2 'go with --format jsonl' -- \
    "$bin" analyze --bulk "$example"
case_ bulk-bad-index 2 'takes an index name' -- \
    "$bin" analyze --format jsonl --bulk-index 'a/b' "$example"
case_ fleet-db-not-uri 2 'postgresql:// URI' -- \
    "$bin" fleet report --db fleet.db
case_ fleet-since-bad 2 'takes a date' -- \
    "$bin" fleet report --since yesterday fleet.db
case_ fleet-opts-not-analyze 2 "fleet's" -- \
    "$bin" analyze --since 2026-01-01 "$example"
case_ fleet-report-html 0 'oomtrail-report" content="fleet' -- sh -c \
    "\"$bin\" fleet ingest fleet.db \"$example\" >/dev/null &&
    \"$bin\" fleet report --format html fleet.db"
case_ version-postgresql 0 '^postgresql: ' -- "$bin" --version
case_ timeline-no-jsonl 2 'text or json' -- \
    "$bin" timeline --format jsonl "$example"
"$bin" analyze --format json "$example" >saved.json
case_ report-rerender 0 'host_oom' -- "$bin" report --format md saved.json
case_ report-bad-json 1 'saved-bad.json' -- sh -c \
    "echo '{\"schema\": 5}' > saved-bad.json; \"$bin\" report saved-bad.json"
case_ cap-member 3 'max_member_bytes' -- \
    "$bin" analyze --max-member-bytes 1K "$example"
case_ cap-members 3 'max_members' -- "$bin" analyze --max-members 3 "$example"
case_ cap-bad 2 'positive number' -- "$bin" analyze --max-ratio 0 "$example"
case_ verify-same 1 'NOT FIXED' -- "$bin" verify "$example" "$example"
case_ verify-usage 2 'BEFORE and AFTER' -- "$bin" verify "$example"
# oomtrail redact (issue 20): usage, the example cleaned and analysed,
# an existing output refused, the map beside the output
case_ redact-usage 2 'redact needs -o OUT' -- "$bin" redact "$example"
case_ redact-example 0 'masked 0 secrets' -- \
    "$bin" redact -o clean.tar.zst "$example"
case_ redact-analyse 0 'host_oom' -- "$bin" analyze clean.tar.zst
case_ redact-map 0 '' -- test -f clean.tar.zst.map.json
case_ redact-exists 1 'exists' -- "$bin" redact -o clean.tar.zst "$example"

# A truncated bundle: analysis completes on what was read, exit 3. The
# log spans many zstd blocks, so the members before the cut survive.
mkdir -p big/slurm big/zz
cp "$src/fixtures/scenarios/real-v1-oom-batch/slurm/sacct.txt" big/slurm/
"$genlog" 6 8 >big/zz/train.log
echo '{"host":"n1","job_id":"2","created":"2026-11-30T07:00:00Z"}' \
    >big/scenario.json
"$mkbundle" big . big.tar.zst >/dev/null
size=$(wc -c <big.tar.zst)
head -c $((size / 2)) big.tar.zst >truncated.tar.zst
case_ truncated 3 'damaged' -- "$bin" analyze truncated.tar.zst
case_ truncated-kept-sacct 0 'slurm/sacct.txt' -- \
    sh -c "\"$bin\" analyze --format json truncated.tar.zst; true"
# A member big enough to be scanned on a second thread (which then also
# hashes it): the bundle must still verify, exit 0.
mkdir -p huge/zz
"$genlog" 12 8 >huge/zz/train.log
echo '{"host":"n1","job_id":"2","created":"2026-11-30T07:00:00Z"}' \
    >huge/scenario.json
"$mkbundle" huge . huge.tar.zst >/dev/null
case_ big-member-verified 0 'verified' -- "$bin" analyze huge.tar.zst
head -c 3000 "$example" >cut-early.tar.zst
case_ truncated-early 1 'damaged archive' -- "$bin" analyze cut-early.tar.zst
# A non-archive renamed .tar.zst is refused with the file's name.
echo "not an archive" >fake.tar.zst
case_ fake-archive 1 'fake.tar.zst' -- "$bin" analyze fake.tar.zst
# A bare log pasted from a ticket.
printf 'slurmstepd: error: Detected 1 oom-kill event(s) in StepId=2.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.\n' >pasted.log
case_ bare-log 0 'host_oom' -- "$bin" analyze pasted.log

# The shipped example is exactly what packing its fixture tree gives.
mkdir repack
"$mkbundle" "$src/fixtures/scenarios/real-v1-oom-live" repack \
    "$(basename "$example")" >/dev/null
case_ example-reproducible 0 '' -- cmp "$example" "repack/$(basename "$example")"

echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
