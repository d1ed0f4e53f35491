# Shared by the fakes in bin/: they replay real captures from
# fixtures/collect/ (OOMTRAIL_FAKE_FIXTURES) or misbehave on request.
# FAKE_<NAME>=hang | ignore-term | flood | fail | lag picks a behaviour
# for the command NAME (upper case); unset means replay.
# FAKE_CALLS=FILE: each call appends "<command> <args>" to FILE.
# FAKE_ARRAY="<array id> <task>..." makes job 3's captures those of an
# array's tasks (array_record/array_rows below).
FIX=${OOMTRAIL_FAKE_FIXTURES:?}
[ -n "${FAKE_CALLS:-}" ] && echo "${0##*/} $*" >> "$FAKE_CALLS"

# The own job id of task $1 of FAKE_ARRAY: as Slurm does when it starts
# the tasks in order, each task split off the array's record gets the
# next id, and the last one keeps the array's own id.
array_own() {
	set -- "$1" $FAKE_ARRAY
	t=$1 a=$2 k=1 own=
	shift 2
	for x in "$@"; do
		if [ "$x" = "$t" ]; then
			[ "$#" -eq 1 ] && own=$a || own=$((a + k))
		fi
		k=$((k + 1))
		shift
	done
	echo "$own"
}

# The tasks that the name $1 selects: A_T one, A all, an own id its own.
array_tasks() {
	set -- "$1" $FAKE_ARRAY
	q=$1 a=$2
	shift 2
	for t in "$@"; do
		case "$q" in
		"${a}_$t"|"$a"|"$(array_own "$t")") echo "$t" ;;
		esac
	done
}

fake_mode() {
	eval "mode=\${FAKE_$1:-}"
	case "$mode" in
	hang)
		exec sleep 1000 ;;
	ignore-term)
		trap '' TERM
		sleep 1000
		exit 0 ;;
	flood)
		exec yes "flood flood flood flood flood flood flood flood" ;;
	fail)
		echo "$2: error: fake failure" >&2
		exit 1 ;;
	esac
}
