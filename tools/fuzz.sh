#!/bin/sh
# Fuzzes every parser with libFuzzer under AddressSanitizer: a fixed number of runs per target from a
# fixed seed, starting from the seed inputs in Fuzz/Corpus. What a run finds (a crashing input) is left
# in artifacts/fuzz/TARGET; the script then fails. Usage: tools/fuzz.sh [RUNS], default 200000.
set -eu
runs=${1:-200000}
cd "$(dirname "$0")/.."
targets="geojson library profile worldmap citylist vectortile"
for target in $targets; do
  PLACES_FUZZ=1 swift build -c release --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -use-ld=lld --product "fuzz-$target" 2>&1 | grep -E "error|Compiling fuzz" || true
done
status=0
for target in $targets; do
  work=artifacts/fuzz/$target
  rm -rf "$work" && mkdir -p "$work/corpus"
  cp Fuzz/Corpus/$target/* "$work/corpus/"
  # -max_len 64 kB: room for whole documents; -timeout 10 s: a slow input is a finding too.
  # Swift's own crash reporter would run inside AddressSanitizer's report; libFuzzer's is enough.
  if SWIFT_BACKTRACE=enable=no .build/fuzz/release/fuzz-$target -runs="$runs" -seed=1 -max_len=65536 -timeout=10 \
       -artifact_prefix="$work/" "$work/corpus" > "$work/log.txt" 2>&1; then
    echo "fuzz-$target: $runs runs, no finding ($(ls "$work/corpus" | wc -l) inputs in the corpus, $(grep -o 'cov: [0-9]*' "$work/log.txt" | tail -1))"
  else
    echo "fuzz-$target: FOUND a problem; see $work/log.txt and the input saved beside it"
    tail -30 "$work/log.txt"
    status=1
  fi
done
exit $status
