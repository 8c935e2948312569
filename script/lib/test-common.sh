# Helpers of script/test (sourced by it; not run on its own): failing with a message, grep that tells "no
# match" from an error, time budgets, and the check of a run's debug log (which reads script/test's credentials).

fail() {
  echo "script/test: $*" >&2
  exit 1
}

# grep that tells "no match" (status 1) from a failure of grep itself (status 2: a missing file, a bad pattern),
# which fails the run instead of passing for "nothing found".
search() {
  local status=0
  grep "$@" || status=$?
  [ "$status" -le 1 ] || fail "grep $* failed (status $status)"
  return "$status"
}

# Runs a command under a time budget: bounded STEP SECONDS COMMAND...; when the budget runs out the command (with
# every process it started) is stopped and the step named.
bounded() {
  local step=$1 seconds=$2 status=0
  shift 2
  timeout --kill-after=30 "$seconds" "$@" || status=$?
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "script/test: TIMEOUT: $step: stopped when its budget of $seconds s ran out" >&2
  fi
  return "$status"
}

# Fails unless the debug log of a run holds requests (so the hook ran) and no credential, in clear or in a header.
check_debug_log() {
  local log=$1 requests status=0 patterns=()
  requests=$(grep -c '^→ ' "$log") || status=$?
  [ "$status" -le 1 ] || fail "cannot read $log (grep status $status)"
  [ "$requests" -ge 500 ] || fail "$log holds $requests requests: the debug-log hook did not run"
  search -q '^→ POST https://localhost:[0-9]*/api/v1/users/login$' "$log" || fail "$log misses the demo tour"
  for credential in "${credentials[@]}"; do
    patterns+=(-e "$credential")
  done
  if search -n -w -F "${patterns[@]}" "$log"; then
    fail "a test credential reached $log (lines above)"
  fi
  if search -n -i -P '(authorization|cookie):\s*(?!<redacted>)\S' "$log"; then
    fail "a credential header reached $log unredacted (lines above)"
  fi
  echo "script/test: $log: $requests requests logged at .debug, no credential"
}
