# The --thorough runs of script/test (sourced by it; needs script/lib/test-common.sh and
# script/lib/test-processes.sh): every test under ThreadSanitizer, under AddressSanitizer, from a release
# build, and a short run of each fuzz target.

# Fails when any log of the run in $1 holds a ThreadSanitizer report, whatever the processes' exit status.
check_tsan_logs() {
  local dir=$1
  if search -q -e "WARNING: ThreadSanitizer" -e "ERROR: ThreadSanitizer" "$dir"/*.log; then
    search -n -e "WARNING: ThreadSanitizer" -e "SUMMARY: ThreadSanitizer" "$dir"/*.log | head -20 >&2
    fail "ThreadSanitizer reported (see $dir)"
  fi
}

run_thorough() {
  bounded "the ThreadSanitizer build" "$build_budget" \
    swift build --build-tests --sanitize=thread --scratch-path .build/tsan
  # halt_on_error=0 reports every race, not only the first; check_tsan_logs fails the run on any report.
  # Sanitized code runs several times slower: tests stretch their time bounds by NETWORKING_TEST_TIME_SCALE.
  local tsan_options="halt_on_error=0 second_deadlock_stack=1"
  # First one suite at a time (run_tests gives the "tsan" label --no-parallel), so that sub-second bounds hold.
  NETWORKING_TEST_TIME_SCALE=3 TSAN_OPTIONS=$tsan_options \
    run_tests tsan 2 --sanitize=thread --scratch-path .build/tsan \
    || fail "tests failed under ThreadSanitizer (logs in .build/test-logs/tsan)"
  check_tsan_logs .build/test-logs/tsan
  check_debug_log .build/test-logs/tsan/debug.log
  # A second pass with the suites in parallel (NETWORKING_TEST_TIME_SCALE=6, run_tests tsan-parallel 3) passes every
  # test but still has ThreadSanitizer report 4 races on main (a transfer's response handed from the loop thread
  # to the awaiting task through an unsafe continuation: ReceivedHeaderLines, the continuation's frame). It joins
  # CI once they are fixed: issue 27, item 6.

  # Leak detection stays off: LeakSanitizer cannot see the storage pointer inside a Swift Data held by a
  # global (a static fixture, a cache), so it reports those as leaked; the load test's memory bound covers
  # real leaks. Any memory error still fails the run.
  bounded "the AddressSanitizer build" "$build_budget" \
    swift build --build-tests --sanitize=address --scratch-path .build/asan
  NETWORKING_TEST_TIME_SCALE=3 ASAN_OPTIONS=detect_leaks=0 run_tests asan 2 --sanitize=address --scratch-path .build/asan \
    || fail "tests failed under AddressSanitizer (logs in .build/test-logs/asan)"
  check_debug_log .build/test-logs/asan/debug.log

  # Optimised builds run concurrent code differently (Swift 6.3.1 release task groups have crashed where
  # debug ones did not), so the whole suite runs once more from a release build.
  local -a release=(-c release -Xswiftc -enable-testing --scratch-path .build/release-tests)
  bounded "the release build" "$build_budget" swift build --build-tests "${release[@]}"
  run_tests release 1 "${release[@]}" || fail "tests failed in the release build (logs in .build/test-logs/release)"
  check_debug_log .build/test-logs/release/debug.log

  # A short libFuzzer run of each target (script/fuzz fails on any crash and keeps the input).
  bounded "the fuzz smoke run" "$build_budget" script/fuzz 30 || fail "fuzzing failed (see .build/fuzz)"
}
