#!/bin/sh
# Browser test for the HTML reports: installs what is missing (Debian's
# chromium, node and npm through scripts/deps.sh, then playwright-core
# with "npm ci" here), and loads each FILE in headless Chromium with
# check.js. Screenshots go to OUTDIR.
#
# usage: run.sh OUTDIR FILE.html...
# exit: 0 all passed, 1 a check failed, 2 usage, 77 skipped (no browser)
set -u

here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 2 ] || { echo "usage: run.sh OUTDIR FILE.html..." >&2; exit 2; }
out=$1
shift

have() { command -v "$1" >/dev/null 2>&1; }

if [ ! -x /usr/bin/chromium ] || ! have node || ! have npm; then
	OOMTRAIL_DEPS=browser sh "$here/../../scripts/deps.sh" ||
	    echo "run.sh: deps.sh failed; trying the browser alone" >&2
fi
# deps.sh installs npm too, which cannot install next to a nodejs that
# already bundles npm; the browser is what matters here.
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" -eq 0 ] && have apt-get; then
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends chromium fonts-dejavu-core >/dev/null 2>&1
fi
if [ ! -x /usr/bin/chromium ] || ! have node || ! have npm; then
	echo "run.sh: SKIP: chromium, node or npm is not available" >&2
	exit 77
fi
if [ ! -f "$here/node_modules/playwright-core/package.json" ]; then
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error) || {
		echo "run.sh: SKIP: npm ci failed" >&2
		exit 77
	}
fi
mkdir -p "$out" || exit 1
exec node "$here/check.js" "$out" "$@"
