# Shared by the fakes in bin/: they replay real captures from
# fixtures/collect/ (OOMTRAIL_FAKE_FIXTURES) or misbehave on request.
# FAKE_<NAME>=hang | ignore-term | flood | fail | lag picks a behaviour
# for the command NAME (upper case); unset means replay.
FIX=${OOMTRAIL_FAKE_FIXTURES:?}

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
