#!/bin/sh
# Hostile inputs for "oomtrail analyze" (issue 7): hostile archive
# entries, a decompression bomb, damaged streams, lying tar headers,
# hostile XML, hostile text, broken manifests, and report escaping. Each
# case checks the exit status and a message naming the file or member.
# The big inputs (a 1 GiB line, 10 million lines) are generated here,
# streamed with head/tr/yes, and removed right after.
# Usage: hostile.sh OOMTRAIL MKBUNDLE SRCDIR
set -u
bin=$1 mkbundle=$2 src=$3
hf=$src/fixtures/hostile
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fails=0 passed=0
esc=$(printf '\033')
LC_ALL=C TZ=UTC NO_COLOR=1
export LC_ALL TZ NO_COLOR

fail() {
	echo "FAIL $name: $*"
	head -c 3000 out.txt err.txt
	fails=$((fails + 1))
}

# run NAME 'EXIT...' -- CMD...: run under a time limit, keep out/err;
# the exit status must be one of EXIT...
run() {
	name=$1 want=$2
	shift 3
	timeout 300 "$@" >out.txt 2>err.txt
	got=$?
	for w in $want; do
		[ "$got" -eq "$w" ] && return 0
	done
	fail "exit $got, want $want"
	return 1
}

# has PATTERN...: every fixed string is in the output (stdout + stderr).
has() {
	for p in "$@"; do
		grep -q -F -- "$p" out.txt err.txt ||
		    { fail "no '$p' in output"; return 1; }
	done
}

# lacks PATTERN...: no fixed string is in the output.
lacks() {
	for p in "$@"; do
		! grep -q -i -F -- "$p" out.txt err.txt ||
		    { fail "'$p' in output"; return 1; }
	done
}

ok() {
	echo "ok $name"
	passed=$((passed + 1))
}

# case_ NAME WANT_EXIT 'PATTERN|PATTERN...' -- CMD...
case_() {
	cname=$1 cwant=$2 pats=$3
	shift 3
	run "$cname" "$cwant" "$@" || return 0
	old=$IFS IFS='|'
	set -f
	# shellcheck disable=SC2086
	has $pats
	r=$?
	set +f
	IFS=$old
	[ "$r" -eq 0 ] && ok
}

# rss_under KB CMD...: peak RSS of CMD below KB (when /usr/bin/time is
# there to measure it); its exit status is left in $got.
rss_under() {
	lim=$1
	shift
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f %M -o rss.txt "$@" >out.txt 2>err.txt
		got=$?
		rss=$(tail -n 1 rss.txt)
		[ "$rss" -lt "$lim" ] ||
		    { fail "peak RSS ${rss} KB, limit $lim KB"; return 1; }
	else
		"$@" >out.txt 2>err.txt
		got=$?
	fi
	return 0
}

# ---- archive entries: never followed, never extracted, each named ----
name=entries
if run entries 0 -- "$bin" analyze "$hf/entries.tar" &&
    has 'host_oom' 'logs/slurm-2.out:11' \
	'/etc/cron.d/oomtrail-abs: skipped: absolute path' \
	'../../escape-dotdot: skipped:' 'logs/../../escape-mid: skipped:' \
	'logs/link-passwd: skipped: symlink' \
	'logs/hard-shadow: skipped: hardlink' 'dev/mem: skipped: device' \
	'dev/sda: skipped: device' 'logs/fifo: skipped: fifo' \
	'logs/slurm-2.out: skipped: duplicate' \
	'logs/esc?[31mred?[0m.log: skipped: control character in name' \
	'logs/new?line.log: skipped: control character in name' &&
    lacks "$esc" 'root:x:0:0'; then
	ok
fi
# Nothing of the archive reached the disk.
name=entries-nothing-extracted
if [ -e etc ] || [ -e logs ] || [ -e dev ] || [ -e ../escape-dotdot ] ||
    [ -e /etc/cron.d/oomtrail-abs ]; then
	fail "an entry was extracted"
else
	ok
fi
# The duplicate did not replace the first copy.
case_ entries-first-copy-wins 0 'Detected 1 oom-kill event' -- \
    "$bin" analyze --format json "$hf/entries.tar"
name=entries-no-second-copy
lacks 'second copy must not replace' && ok

# ---- decompression bomb: skipped by the ratio cap, quickly ----
start=$(date +%s)
case_ bomb 3 'logs/bomb.log: skipped: decompressed/compressed ratio|host_oom' -- \
    "$bin" analyze "$hf/bomb.tar.zst"
name=bomb-fast
[ $(($(date +%s) - start)) -le 30 ] && ok || fail "took over 30 s"

# ---- a hostile member BEFORE the evidence hides nothing after it ----
# The bomb comes first; the kernel log, sacct and the job's log after
# it are read (R-HOST-001 needs the kernel's kill line), and only the
# bomb is named as skipped.
start=$(date +%s)
run bomb-first 3 -- "$bin" analyze "$hf/bomb-first.tar.zst" &&
    has 'Verdict: host_oom' 'R-HOST-001' 'kernel/dmesg.txt:' \
	'logs/bomb.log: skipped: decompressed/compressed ratio over 1000' &&
    lacks 'slurm-2.out: skipped' 'dmesg.txt: skipped' && ok
name=bomb-first-fast
[ $(($(date +%s) - start)) -le 30 ] && ok || fail "took over 30 s"
run bomb-first-json 3 -- "$bin" analyze --format json "$hf/bomb-first.tar.zst" &&
    has '"cause": "host_oom"' '"integrity": "damaged"' \
	'logs/bomb.log: skipped: decompressed/compressed ratio' && ok
# An over-size member first (its header declares 8 MiB of zeros).
mkdir -p big1/aaa big1/logs big1/slurm
head -c 8388608 /dev/zero >big1/aaa/zeros.bin
cp "$hf/real/slurm-2.out" big1/logs/slurm-2.out
cp "$hf/real/sacct_parsable2.txt" big1/slurm/sacct.txt
(cd big1 && tar -cf - aaa logs slurm) | gzip -1 >big1.tar.gz
case_ member-bytes-first 3 \
    'aaa/zeros.bin: skipped: 8388608 bytes, more than 1048576 (max_member_bytes)|host_oom|logs/slurm-2.out:11' -- \
    "$bin" analyze --max-member-bytes 1M big1.tar.gz
# nvidia-smi XML nested past libxml2's depth limit, first.
case_ deep-xml-first 3 \
    'gpu/nvidia-smi.xml: skipped from line|host_oom|logs/slurm-2.out:11' -- \
    "$bin" analyze "$hf/deep-xml-first.tar"
# More members than the cap, junk first: past the cap only the
# collector's directories (and manifest.json) are read, so the evidence
# after 1200 junk members is found; the first junk member skipped is
# named with the count.
mkdir -p many/aaa-junk many/logs many/slurm
i=0
while [ $i -lt 1200 ]; do
	: >"many/aaa-junk/j$i"
	i=$((i + 1))
done
cp "$hf/real/slurm-2.out" many/logs/slurm-2.out
cp "$hf/real/sacct_parsable2.txt" many/slurm/sacct.txt
(cd many && tar -cf - aaa-junk logs slurm) | zstd -q >many.tar.zst
case_ members-first 3 \
    'skipped: more than 1000 members (max_members)|entries skipped past max_members|host_oom|logs/slurm-2.out:11' -- \
    "$bin" analyze --max-members 1000 many.tar.zst
case_ members-first-dir 3 \
    'skipped: more than 1000 members (max_members)|host_oom|logs/slurm-2.out:11' -- \
    "$bin" analyze --max-members 1000 many

# ---- standard input: "-", named <stdin>, under the same caps ----
case_ stdin-file 0 '<stdin>:11|host_oom' -- \
    sh -c '"$1" analyze - <"$2"' sh "$bin" "$hf/real/slurm-2.out"
case_ stdin-pipe-log 0 '<stdin>:11|host_oom' -- \
    sh -c 'cat "$2" | "$1" analyze -' sh "$bin" "$hf/real/slurm-2.out"
case_ stdin-pipe-bundle 3 'R-HOST-001|logs/bomb.log: skipped|<stdin>' -- \
    sh -c 'cat "$2" | "$1" analyze -' sh "$bin" "$hf/bomb-first.tar.zst"
case_ stdin-pipe-gzip 0 'host_oom|logs/slurm-2.out:11' -- \
    sh -c 'cat "$2" | "$1" analyze -' sh "$bin" big1.tar.gz
case_ stdin-pipe-corrupt 1 'damaged archive: <stdin>' -- \
    sh -c 'printf "\050\265\057\375garbage-garbage" | "$1" analyze -' sh "$bin"
case_ stdin-twice 2 'standard input (-) can be read only once' -- \
    "$bin" analyze - -
{ head -c 2000000 /dev/zero | tr '\000' 'a'; echo; cat "$hf/real/slurm-2.out"; } >over.log
case_ stdin-pipe-capped 3 '<stdin>: skipped: more than 1048576 bytes (max_member_bytes)' -- \
    sh -c 'cat "$2" | "$1" analyze --max-member-bytes 1M -' sh "$bin" over.log

# ---- damaged streams ----
mkdir -p good/slurm good/logs
cp "$hf/real/sacct_parsable2.txt" good/slurm/sacct.txt
cp "$hf/real/slurm-2.out" good/logs/slurm-2.out
echo '{"host":"vm","job_id":"2","created":"2026-11-30T07:55:01Z"}' \
    >good/scenario.json
"$mkbundle" good . good.tar.zst >/dev/null
size=$(wc -c <good.tar.zst)
# Small archives are one zstd block / one gzip read: a cut loses all
# (exit 1, the file named); a cut in a big one keeps what precedes it.
head -c $((size - 40)) good.tar.zst >cut.tar.zst
case_ zstd-truncated 1 'damaged archive: cut.tar.zst' -- \
    "$bin" analyze cut.tar.zst
cp good.tar.zst flip.tar.zst
printf 'garbage!garbage!' |
    dd of=flip.tar.zst bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
run zstd-corrupt '1 3' -- "$bin" analyze flip.tar.zst &&
    has 'flip.tar.zst' 'damaged' && ok
(cd good && tar -cf - slurm logs) | gzip -9 >good.tar.gz
gsize=$(wc -c <good.tar.gz)
head -c $((gsize - 20)) good.tar.gz >cut.tar.gz
case_ gzip-truncated 1 'not a tar archive: cut.tar.gz (truncated gzip' -- \
    "$bin" analyze cut.tar.gz
head -c 3000000 /dev/urandom | od -A d -t x1 >good/logs/zz-noise.log
(cd good && tar -cf - slurm logs) | gzip -1 >big.tar.gz
head -c $(($(wc -c <big.tar.gz) / 2)) big.tar.gz >cut-big.tar.gz
case_ gzip-truncated-big 3 'logs/zz-noise.log|damaged|host_oom' -- \
    "$bin" analyze cut-big.tar.gz
cp good.tar.gz flip.tar.gz
printf 'garbage!garbage!' |
    dd of=flip.tar.gz bs=1 seek=$((gsize / 2)) conv=notrunc 2>/dev/null
run gzip-corrupt '1 3' -- "$bin" analyze flip.tar.gz &&
    has 'flip.tar.gz' && ok
case_ tar-size-too-long 3 'kernel/dmesg.txt|damaged|host_oom' -- \
    "$bin" analyze "$hf/lying-size-long.tar"
case_ tar-size-too-short 3 'kernel/dmesg.txt|damaged|host_oom' -- \
    "$bin" analyze "$hf/lying-size-short.tar"
: >empty.tar.zst
case_ empty-archive 1 'empty.tar.zst' -- "$bin" analyze empty.tar.zst
: >empty.log
case_ empty-log 0 'empty.log' -- "$bin" analyze empty.log
cp "$hf/real/slurm-2.out" renamed.tar.zst
case_ not-an-archive 1 'not a tar archive: renamed.tar.zst' -- \
    "$bin" analyze renamed.tar.zst

# ---- XML: no external entity, no expansion, no network ----
echo 'SECRET-XXE-7d1f' >secret.txt
mkdir -p xml/gpu
{
	echo '<?xml version="1.0" ?>'
	echo "<!DOCTYPE nvidia_smi_log [ <!ENTITY xxe SYSTEM \"file://$work/secret.txt\">"
	echo ' <!ENTITY net SYSTEM "http://192.0.2.1/x.dtd">'
	l='<!ENTITY l0 "lollollollollollollollollollol">'
	i=1
	while [ $i -le 9 ]; do
		p=$((i - 1))
		l="$l <!ENTITY l$i \"&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;&l$p;\">"
		i=$((i + 1))
	done
	echo "$l ]>"
	sed -n '3,$p' "$hf/real/t4-driver-515-v11dtd-reserved-processes.xml" |
	    sed 's|<product_name>Tesla T4</product_name>|<product_name>\&xxe;\&net;\&l9;</product_name>|'
} >xml/gpu/nvidia-smi.xml
cp "$hf/real/slurm-2.out" xml/slurm-2.out
echo '{"host":"vm","job_id":"2","created":"2026-11-30T07:55:01Z"}' \
    >xml/scenario.json
"$mkbundle" xml . xml.tar.zst >/dev/null
name=xml-xxe-billion-laughs
if rss_under 300000 timeout 120 "$bin" analyze --format json xml.tar.zst &&
    [ "$got" -eq 0 ] && has 'host_oom' && lacks 'SECRET-XXE' 'lollollollollollollollollollollol'; then
	ok
elif [ "$got" -ne 0 ]; then
	fail "exit $got, want 0"
fi

# ---- text ----
{ printf 'a\000NUL\000in the middle\n'; cat "$hf/real/slurm-2.out"; } >nul.log
case_ text-nul 0 'nul.log:12|host_oom' -- "$bin" analyze nul.log
{ printf 'bad \377\376 utf-8 \303\050 here\n'; cat "$hf/real/slurm-2.out"; } \
    >utf8.log
case_ text-bad-utf8 0 'utf8.log:12|host_oom' -- "$bin" analyze utf8.log
run text-bad-utf8-json 0 -- "$bin" analyze --format json utf8.log
name=text-bad-utf8-json-valid
if command -v iconv >/dev/null; then
	iconv -f UTF-8 -t UTF-8 out.txt >/dev/null 2>&1 && ok ||
	    fail "JSON output is not valid UTF-8"
else
	grep -q "$(printf '\357\277\275')" out.txt && ok || fail "no U+FFFD"
fi
# CR alone does not end a line (as for grep -n and sed -n, so citations
# match them); the whole file is line 1 and the oom-kill text is found.
tr '\n' '\r' <"$hf/real/slurm-2.out" >cr.log
run text-cr-only 0 -- "$bin" analyze cr.log &&
    has 'cr.log:1 ' 'host_oom' && lacks "$(printf '\r')" && ok
# A 1 GiB line, then the real log: streamed, memory stays bounded.
head -c 1073741824 /dev/zero | tr '\000' 'a' >huge.log
{ echo; cat "$hf/real/slurm-2.out"; } >>huge.log
name=text-1gib-line
if rss_under 204800 timeout 300 "$bin" analyze huge.log &&
    [ "$got" -eq 0 ] && has 'huge.log:12' 'host_oom'; then
	ok
elif [ "$got" -ne 0 ]; then
	fail "exit $got, want 0"
fi
rm -f huge.log
# Ten million short lines, then the real log: line numbers stay exact.
{ yes x | head -n 10000000; cat "$hf/real/slurm-2.out"; } >many.log
name=text-10m-lines
if rss_under 204800 timeout 300 "$bin" analyze many.log &&
    [ "$got" -eq 0 ] && has 'many.log:10000011' 'host_oom'; then
	ok
elif [ "$got" -ne 0 ]; then
	fail "exit $got, want 0"
fi
rm -f many.log
# A kernel log (sniffed from its first block) is a structured source,
# read whole under a 64 MiB cap: a bigger one is streamed through the
# catalog instead (which knows the kernel's kill lines), and says so.
yes '[  569.484545] Killed process 2 (python3) total-vm:1kB' |
    head -c 70000000 >kbig.log
case_ text-structured-cap 0 'scanned as a log' -- "$bin" analyze kbig.log
rm -f kbig.log
# Lines built to make the allocator regexes backtrack.
{
	printf 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate '
	printf '20.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which '
	printf '1.25 MiB is free. '
	yes 'Process 1 has 1.00 GiB memory in use. ' | head -n 20000 | tr -d '\n'
	echo
	printf 'Tried to allocate '
	yes '1.0 ' | head -n 50000 | tr -d '\n'
	echo
	cat "$hf/real/slurm-2.out"
} >backtrack.log
start=$(date +%s)
case_ text-regex-backtrack 0 'backtrack.log:1 |cuda_oom' -- \
    "$bin" analyze backtrack.log
name=text-regex-backtrack-fast
[ $(($(date +%s) - start)) -le 30 ] && ok || fail "took over 30 s"

# ---- manifests ----
case_ manifest-hash-mismatch 3 \
    'logs/slurm-2.out: sha256 mismatch|UNTRUSTED: logs/slurm-2.out|host_oom' -- \
    "$bin" analyze "$hf/manifest-mismatch.tar"
case_ manifest-hash-mismatch-json 3 '"confidence": "low"|"damaged": true' -- \
    "$bin" analyze --format json "$hf/manifest-mismatch.tar"
case_ manifest-wrong-types 3 \
    'manifest.json|items[0].bytes|host_oom' -- \
    "$bin" analyze "$hf/manifest-wrong-types.tar"
case_ manifest-not-json 3 'manifest.json unusable|host_oom' -- \
    "$bin" analyze "$hf/manifest-not-json.tar"
case_ manifest-missing-extra 3 \
    'kernel/dmesg.txt: missing|logs/extra.out: extra|slurm/sacct.txt: extra' \
    -- "$bin" analyze "$hf/manifest-missing-extra.tar"

# ---- report escaping: no live script, no terminal escapes ----
{
	echo '<script>alert("bundle")</script>'
	echo '<a href="javascript:alert(1)">click</a> <img src=x onerror=alert(2)>'
	printf '\033]0;owned\007\033[2J\033[31mred\033[0m\n'
	printf 'slurmstepd-vm: error: Detected 1 oom-kill event(s) in '
	printf 'StepId=2.batch. <script>alert(3)</script> javascript:x '
	printf '\033[2J\033]8;;http://x\007 Some of your processes may have '
	printf 'been killed by the cgroup out-of-memory handler.\n'
	cat "$hf/real/slurm-2.out"
} >escape.log
run escape-html 0 -- "$bin" analyze --format html escape.log &&
    has 'escape.log:4' '&lt;script&gt;alert(3)' \
	'&lt;a href=&quot;javascript:' &&
    lacks '<script' 'href="javascript' '<img' "$esc" && ok
run escape-text 0 -- "$bin" analyze escape.log &&
    has 'escape.log:4' 'alert(3)' && lacks "$esc" && ok
# Markdown: bundle text only inside code spans, where it is inert.
run escape-md 0 -- "$bin" analyze --format md escape.log &&
    has 'escape.log:4' 'alert(3)' && lacks "$esc" &&
    if grep '<script' out.txt | grep -q -v '`[^`]*<script[^`]*`'; then
	fail "<script outside a code span"
    else
	ok
    fi
run escape-json 0 -- "$bin" analyze --format json escape.log &&
    has '\u001B' '<script>alert(3)' && lacks "$esc" && ok

echo "$passed passed, $fails failed"
[ "$fails" -eq 0 ]
