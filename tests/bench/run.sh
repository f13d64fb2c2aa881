#!/usr/bin/env bash
# judgepad's adjudication benchmark, in one run on the same standard-map
# movement phases: the `diplomacy` crate in process, judgepad's engine,
# `judgepad adjudicate` end to end (process, JSON in and out), and judgepad
# in Chromium through `window.judgepad.adjudicate` (needs a release build in
# dist/: `trunk build --release --offline`); then judgepad alone natively and
# in wasm (wasm32-wasip1 under Node) on three maps. Also the map layout,
# native (`judgepad bench`) and in Chromium (bench-layout.mjs), and the
# editor's keystroke latency in Chromium (bench-editor.mjs), Adjudicate
# clicked to the next phase drawn (bench-play.mjs), nJudge and Xconq
# files dropped to their panel drawn (bench-formats.mjs), and big maps
# pasted (bench-paste.mjs: the longest main-thread task, counts, map).
set -euo pipefail
cd "$(dirname "$0")"
source ../../.ci/env
# The CLI a user installs (release profile), for the end-to-end figure.
(cd ../.. && cargo build --quiet --release -p judgepad-cli)
phases=../../target/bench-phases.jsonl
JUDGEPAD_BENCH_JSONL=$phases cargo bench --quiet --bench vs_diplomacy 2>/dev/null
if [ -f ../../dist/index.html ]; then
  node ../browser/bench.mjs ../../dist "$phases" "$(cat "$phases.crate")"
  node ../browser/bench.mjs ../../dist "$phases.played" "$(cat "$phases.played.crate")"
  (cd ../.. && target/release/judgepad bench | grep '^layout')
  node ../browser/bench-layout.mjs ../../dist
  node ../browser/bench-editor.mjs ../../dist
  node ../browser/bench-play.mjs ../../dist
  node ../browser/bench-formats.mjs ../../dist
  node ../browser/bench-paste.mjs ../../dist
else
  echo "  (no dist/: run \`trunk build --release --offline\` for the Chromium figure)"
fi
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
cargo build --quiet --release --bin judgepad-adjudicate-bench
cargo build --quiet --release --target wasm32-wasip1 --bin judgepad-adjudicate-bench
for map in pure standard imperial; do
  echo "native: $(target/release/judgepad-adjudicate-bench $map 200)"
  echo "wasm:   $(node --no-warnings wasi.mjs target/wasm32-wasip1/release/judgepad-adjudicate-bench.wasm $map 200)"
done
