#!/usr/bin/env bash
# Builds (if needed) and runs the whole test suite with ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/build.sh
ctest --test-dir build --output-on-failure
