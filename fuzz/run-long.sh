#!/usr/bin/env bash
# Runs Calltype's Jazzer fuzz targets for real, one after another (coverage-guided, for minutes to hours).
#
#   fuzz/run-long.sh                 every target, 10 minutes each
#   fuzz/run-long.sh 1h              every target, one hour each
#   fuzz/run-long.sh 30m pythonic    only the targets whose name contains "pythonic" (case-insensitive)
#
# Each target runs as  JAZZER_FUZZ=1 JAZZER_MAX_DURATION=<duration> mvn ... verify -Dtest='<Class>#<method>'.
# Inputs that fail a check (crashes) are written by Jazzer next to the seeds, in
# <module>/src/test/resources/dev/calltype/<package>/<Class>Inputs/<method>/crash-*, so that every later
# `mvn verify` (and .ci/run) replays them as regression tests; commit them together with the fix.
# The corpus Jazzer grows while fuzzing is kept in <module>/.cifuzz-corpus/ (ignored by git) and reused by the
# next run. Logs go to fuzz/logs/<target>.log. Set KEEP_GOING=N to let a target go on after up to N distinct
# findings (default 10) instead of stopping at the first.
# The exit status is non-zero when any target found something.
set -uo pipefail
cd "$(dirname "$0")/.."

duration="${1:-10m}"
filter="${2:-}"
keep_going="${KEEP_GOING:-10}"

targets=(
  "runtime dev.calltype.runtime.ExtractionFuzzTest#batchExtraction"
  "runtime dev.calltype.runtime.ExtractionFuzzTest#streamingMatchesBatch"
  "runtime dev.calltype.runtime.internal.json.LenientJsonFuzzTest#readsLikeJsonAndIsPrefixStable"
  "runtime dev.calltype.runtime.internal.pythonic.PythonicFuzzTest#readsLiteralCallsAndIsPrefixStable"
  "runtime dev.calltype.runtime.DynamicToolkitFuzzTest#dispatchRunsOnlyValidArguments"
  "processor dev.calltype.processor.GeneratedDispatcherFuzzTest#dispatchRunsOnlyValidArguments"
)

mkdir -p fuzz/logs
status=0
for entry in "${targets[@]}"; do
  module="${entry%% *}"
  test="${entry#* }"
  name="${test##*.}"
  if [[ -n "$filter" && "${name,,}" != *"${filter,,}"* ]]; then
    continue
  fi
  log="fuzz/logs/${name//#/.}.log"
  echo "== $name for $duration (log: $log)"
  start=$(date +%s)
  JAZZER_FUZZ=1 JAZZER_MAX_DURATION="$duration" JAZZER_KEEP_GOING="$keep_going" \
    mvn -B -ntp -pl "$module" -am verify -Dtest="$test" -Dsurefire.failIfNoSpecifiedTests=false \
    >"$log" 2>&1
  rc=$?
  end=$(date +%s)
  runs=$(grep -aoE '^#[0-9]+' "$log" | tail -1)
  echo "   exit $rc after $((end - start)) s, last libFuzzer count ${runs:-?}"
  grep -aE '^Done [0-9]+ runs' "$log" | sed 's/^/   /'
  grep -aE '^(== Java Exception|DEDUP_TOKEN)' "$log" | sort -u | sed 's/^/   /'
  # With KEEP_GOING, Jazzer can finish with exit 0 after findings: look for them in the log too.
  if [[ $rc -ne 0 ]] || grep -aq '^== Java Exception' "$log"; then
    status=1
  fi
done
exit $status
