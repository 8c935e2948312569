# How script/test shares the tests out between its processes, runs them and checks that each ran exactly what it
# selected (sourced by script/test, which defines process_names, process_filters and process_budgets; needs
# script/lib/test-common.sh).

# Whether the Swift Testing regex $2 selects the test whose full ID is $1, as --filter and --skip decide: the
# regex is searched (unanchored) in the ID of the test function, which ends with its source location
# ("Module.Suite/Nested/name(label:)/File.swift:12:6"), and in the ID of each suite around it ("Module.Suite",
# "Module.Suite/Nested"); a suite that matches brings all its tests. Parameterised tests are one ID each. So a
# suite name also matches the tests of the file named after it: renaming a suite but not its file moves nothing.
selects() {
  local id=$1 regex=$2 suite
  [[ $id =~ $regex ]] && return 0
  suite=${id%/*}
  suite=${suite%/*}
  while true; do
    [[ $suite =~ $regex ]] && return 0
    [[ $suite == */* ]] || return 1
    suite=${suite%/*}
  done
}

# Lists the tests of a build (the options name it) and shares them out between the processes, writing each
# process's test IDs to $1/<process>.expected. Fails when a process gets none, when an alternative of a regex
# names no test (a renamed suite), or when a test would run in two processes.
plan_tests() {
  local dir=$1 id index alternative alternatives owners
  shift
  local -a ids=()
  if ! bounded "listing the tests" 300 swift test list --skip-build --verbose "$@" >"$dir/tests.list" \
    2>"$dir/tests.list.stderr"; then
    cat "$dir/tests.list.stderr" >&2
    fail "swift test list $* failed"
  fi
  mapfile -t ids <"$dir/tests.list"
  [ ${#ids[@]} -gt 0 ] || fail "swift test list $* listed no test"
  for index in "${!process_names[@]}"; do
    : >"$dir/${process_names[$index]}.expected"
  done
  for id in "${ids[@]}"; do
    [[ $id =~ \.swift:[0-9]+:[0-9]+$ ]] \
      || fail "'$id' is not a Swift Testing test ID with a source location; this check counts Swift Testing tests only"
    owners=()
    for index in "${!process_names[@]}"; do
      if [ "$index" -gt 0 ] && selects "$id" "${process_filters[$index]}"; then
        owners+=("${process_names[$index]}")
        echo "$id" >>"$dir/${process_names[$index]}.expected"
      fi
    done
    [ ${#owners[@]} -le 1 ] || fail "$id would run in ${#owners[@]} processes (${owners[*]}); fix process_filters"
    [ ${#owners[@]} -eq 1 ] || echo "$id" >>"$dir/${process_names[0]}.expected"
  done
  for index in "${!process_names[@]}"; do
    [ -s "$dir/${process_names[$index]}.expected" ] \
      || fail "the ${process_names[$index]} process selects no test: was a suite renamed or removed?"
    [ "$index" -gt 0 ] || continue
    IFS='|' read -r -a alternatives <<<"${process_filters[$index]}"
    for alternative in "${alternatives[@]}"; do
      for id in "${ids[@]}"; do
        selects "$id" "$alternative" && continue 2
      done
      fail "'$alternative' (in the ${process_names[$index]} process's regex) names no test: renamed or removed?"
    done
  done
}

# Checks that the process logged in $1/<name>.log ran exactly the tests it selected: Swift Testing's "Test run with
# N tests" counts skipped tests too, so those are subtracted. Prints the verdict; returns 1 on a mismatch.
check_count() {
  local dir=$1 name=$2 expected reported skipped ran
  expected=$(wc -l <"$dir/$name.expected")
  reported=$(sed -n -E 's/.*Test run with ([0-9]+) tests? .*/\1/p' "$dir/$name.log" | tail -n 1)
  if [ -z "$reported" ]; then
    echo "script/test: the $name process reported no test count: it crashed or was stopped (see $dir/$name.log)" >&2
    return 1
  fi
  skipped=$(grep -c -E '^➜ Test ' "$dir/$name.log" || [ $? -eq 1 ]) || {
    echo "script/test: cannot read $dir/$name.log" >&2
    return 1
  }
  ran=$((reported - skipped))
  if [ "$ran" -ne "$expected" ]; then
    echo "script/test: the $name process ran $ran tests ($reported reported, $skipped skipped) but selects" \
      "$expected (listed in $dir/$name.expected)" >&2
    grep -E '^➜ Test ' "$dir/$name.log" >&2 || true
    return 1
  fi
  echo "script/test: the $name process ran its $expected tests"
}

# Prints the tests that a process's log shows started and never finished (after its budget ran out).
report_unfinished() {
  local log=$1
  comm -23 \
    <(sed -n -E '/^◇ Test (case .*|run) started/d; s/^◇ Test (.*) started\.$/\1/p' "$log" | sort -u) \
    <(sed -n -E 's/^[✔✘] Test (.*) (passed|failed) after .*/\1/p' "$log" \
      | sed -E 's/ with [0-9]+ test cases?$//' | sort -u) \
    | sed 's/^/script\/test: still running when stopped: /' >&2
}

# Runs every test of one build in the four processes, the shared logger appending to the debug log $dir/debug.log;
# the output of each process is kept in $dir/<process>.log.
#   run_tests LABEL BUDGET_FACTOR [swift build options...]
# LABEL names the build in messages and logs (.build/test-logs/LABEL). The secrets suite joins the demo's
# process: it carries the trait that turns the log on, and checks the log again once the demo's login is in it.
run_tests() {
  local label=$1 factor=$2 status=0 code index name selection others=""
  shift 2
  local dir=.build/test-logs/$label
  local -a run_options=()
  # The serial ThreadSanitizer run; "tsan-parallel" keeps the suites in parallel, as the plain run does.
  [ "$label" != tsan ] || run_options=(--no-parallel)
  rm -rf "$dir" && mkdir -p "$dir"
  plan_tests "$dir" "$@"
  for index in "${!process_names[@]}"; do
    [ "$index" -eq 0 ] || others+="${others:+|}${process_filters[$index]}"
  done
  : >"$dir/debug.log"
  export NETWORKING_TEST_LOG_FILE="$PWD/$dir/debug.log"
  for index in "${!process_names[@]}"; do
    name=${process_names[$index]}
    if [ "$index" -eq 0 ]; then selection=(--skip "$others"); else selection=(--filter "${process_filters[$index]}"); fi
    echo "script/test: $label: the $name process ($(wc -l <"$dir/$name.expected") tests)"
    # Line-buffered (stdbuf), so that a process stopped by its budget leaves its output in the log.
    code=0
    # The heavy process runs its suites one at a time too: each measures the whole process's memory or time.
    local -a process_options=("${run_options[@]}")
    [ "$name" != reliability ] || process_options=(--no-parallel)
    bounded "$label: the $name tests" $((process_budgets[index] * factor)) \
      stdbuf -oL -eL swift test --skip-build "$@" "${process_options[@]}" "${selection[@]}" 2>&1 \
      | tee "$dir/$name.log" || code=$?
    if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
      report_unfinished "$dir/$name.log"
    fi
    [ "$code" -eq 0 ] || status=1
    check_count "$dir" "$name" || status=1
  done
  unset NETWORKING_TEST_LOG_FILE
  return "$status"
}
