#!/bin/sh
# Quick start: install what is missing, build, and analyse the shipped
# example bundle (a real Slurm 22.05 cgroup OOM). Prints the verdict and
# writes report.html (open it in any browser; it needs no network).
set -eu
cd "$(dirname "$0")/.."
sh scripts/deps.sh
sh scripts/build.sh build
example=fixtures/example/oomtrail-ci-3-vm-20261130T065940Z.tar.zst
./build/report/oomtrail analyze "$example"
./build/report/oomtrail analyze --format html -o report.html "$example"
echo "HTML report written to $(pwd)/report.html"
