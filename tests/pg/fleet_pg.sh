#!/bin/sh
# fleet_pg.sh: "oomtrail fleet ingest/report --db postgresql://..."
# (report/fleet_pg.c) against a real PostgreSQL server from Debian's
# postgresql package, started here: initdb in a temporary directory, the
# server listening only on a Unix socket in that directory under a
# private port number, stopped and removed at the end. As root it runs
# as the postgres user the package creates (else nobody): PostgreSQL
# refuses to run as root.
#
# Checks: records and bundles as the SQLite database stores them (the
# two reports are identical), a second ingest adds nothing, three
# ingesters racing on the same 300 records store each once, the schema
# is versioned and a newer one is refused, a password in the URI is
# never printed.
#
# usage: fleet_pg.sh OOMTRAIL MKBUNDLE SRCDIR
# exit: 0 passed, 1 failed, 77 skipped (no PostgreSQL server binaries)
set -u

bin=$1 mkb=$2 src=$3
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ] || [ ! -x "$pgbin/pg_ctl" ] ||
    [ ! -x "$pgbin/psql" ]; then
	echo "fleet_pg.sh: SKIP: no PostgreSQL server binaries" \
	    "(/usr/lib/postgresql/*/bin/initdb): install Debian's postgresql" \
	    "(scripts/deps.sh)"
	exit 77
fi
"$bin" --version | grep -q '^postgresql: libpq' || {
	echo "fleet_pg.sh: oomtrail was built without PostgreSQL" >&2
	exit 1
}

work=$(mktemp -d /tmp/oomtrail-pg.XXXXXX) || exit 1
chmod 755 "$work"
as=""
if [ "$(id -u)" -eq 0 ]; then
	u=nobody
	id postgres >/dev/null 2>&1 && u=postgres
	mkdir "$work/db" && chown "$u" "$work/db" || exit 1
	as="runuser -u $u --"
else
	mkdir "$work/db" || exit 1
fi
port=$((20000 + $$ % 20000))
stop() {
	$as "$pgbin/pg_ctl" -D "$work/db/data" -m immediate stop \
	    >/dev/null 2>&1
	rm -rf "$work"
}
trap stop EXIT
trap 'exit 1' INT TERM
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

$as "$pgbin/initdb" -D "$work/db/data" -U oomtrail --auth=trust -E UTF8 \
    >"$work/initdb.log" 2>&1 || { cat "$work/initdb.log"; exit 1; }
$as "$pgbin/pg_ctl" -D "$work/db/data" -l "$work/db/server.log" -w -t 60 \
    -o "-c listen_addresses='' -k $work/db -p $port -c fsync=off" start \
    >/dev/null 2>&1 || { cat "$work/db/server.log"; exit 1; }
url="postgresql:///postgres?host=$work/db&port=$port&user=oomtrail"
q() {
	"$pgbin/psql" -X -At -h "$work/db" -p "$port" -U oomtrail -d postgres \
	    -c "$1"
}
echo "server: $("$pgbin/postgres" --version), socket $work/db port $port"

cd "$work" || exit 1
set -- time_limit-fires-sacct-timeout retired_pages-fires-xid48-dbe \
    cuda_oom_fragmentation-fires-unallocated-cache \
    no_incident-fires-bundle-while-running
for s; do
	"$mkb" "$src/fixtures/scenarios/$s" . "$s" >/dev/null || exit 1
done

# 1. the bundles of 3 jobs, as SQLite stores them
"$bin" fleet ingest --db "$url" "$@" >in1.txt || fail "ingest"
grep -q '^oomtrail: fleet: 3 job(s) stored' in1.txt || fail "3 jobs: $(cat in1.txt)"
[ "$(q 'SELECT count(*) FROM records')" = 3 ] || fail "records"
[ "$(q 'SELECT count(*) FROM bundles')" = 4 ] || fail "bundles"
[ "$(q 'SELECT max(version) FROM schema_migrations')" = 1 ] ||
    fail "schema version"
"$bin" fleet ingest f.db "$@" >/dev/null || fail "sqlite ingest"
"$bin" fleet report --format json --db "$url" >pg.json || fail "pg report"
"$bin" fleet report --format json f.db >lite.json || fail "sqlite report"
cmp -s pg.json lite.json || fail "reports differ: $(diff pg.json lite.json | head)"
grep -q '"jobs": 3,' pg.json || fail "report jobs"

# 2. idempotent by bundle hash
"$bin" fleet ingest --db "$url" "$@" >in2.txt || fail "ingest again"
grep -q '^oomtrail: fleet: 0 job(s) stored, 4 input(s) already stored' \
    in2.txt || fail "second ingest: $(cat in2.txt)"

# 3. three ingesters racing on the same 300 records (job ids and
# bundle hashes varied from one real record: synthetic)
"$bin" analyze --format jsonl "$2" >base.jsonl 2>/dev/null
[ -s base.jsonl ] || fail "base record"
awk '{ for (i = 1; i <= 300; i++) { l = $0
	sub(/"job_id":"[^"]*"/, "\"job_id\":\"" 900000 + i "\"", l)
	sub(/"bundle_sha256":\[[^]]*\]/, sprintf("\"bundle_sha256\":[\"%064d\"]", i), l)
	print l } }' base.jsonl >race.jsonl
[ "$(grep -c 900300 race.jsonl)" = 1 ] || fail "race.jsonl"
for i in 1 2 3; do
	"$bin" fleet ingest --db "$url" race.jsonl >race$i.txt 2>&1 &
done
wait
stored=$(sed -n 's/^oomtrail: fleet: \([0-9]*\) job(s) stored.*/\1/p' \
    race1.txt race2.txt race3.txt | awk '{ s += $1 } END { print s }')
[ "$stored" = 300 ] || fail "racing ingesters stored $stored: $(cat race*.txt)"
[ "$(q 'SELECT count(*) FROM records')" = 303 ] || fail "records after race"
[ "$(q 'SELECT count(*) FROM bundles')" = 304 ] || fail "bundles after race"
[ "$(q "SELECT count(DISTINCT job_id) FROM records WHERE cluster IS NOT DISTINCT FROM (SELECT cluster FROM records WHERE job_id = '900001')")" -ge 300 ] ||
    fail "distinct jobs"

# 4. a database from a newer oomtrail is refused
q "INSERT INTO schema_migrations VALUES (99, now())" >/dev/null
"$bin" fleet report --db "$url" >/dev/null 2>newer.txt && fail "newer schema read"
grep -q 'schema version 99 is newer' newer.txt || fail "newer: $(cat newer.txt)"

# 5. a password in the URI is never printed
"$bin" fleet report --db 'postgresql://u:sekrit@127.0.0.1:1/x?connect_timeout=2' \
    >/dev/null 2>pw.txt && fail "unreachable server"
grep -q sekrit pw.txt && fail "password printed: $(cat pw.txt)"
grep -q 'postgresql' pw.txt || fail "no error: $(cat pw.txt)"

[ "$fails" -eq 0 ] && echo "fleet_pg.sh: passed" && exit 0
echo "fleet_pg.sh: $fails failed; server log:"
tail -20 "$work/db/server.log"
exit 1
