#!/usr/bin/env bash
# judgepad's adjudication benchmark: against the `diplomacy` crate (native),
# then alone natively and in wasm (wasm32-wasip1 under Node) on three maps.
set -euo pipefail
cd "$(dirname "$0")"
# The CLI a user installs (release profile), for the end-to-end figure.
(cd ../.. && cargo build --quiet --release -p judgepad-cli)
cargo bench --quiet --bench vs_diplomacy 2>/dev/null
rustup target list --installed | grep -qx wasm32-wasip1 || rustup target add wasm32-wasip1
cargo build --quiet --release --bin judgepad-adjudicate-bench
cargo build --quiet --release --target wasm32-wasip1 --bin judgepad-adjudicate-bench
for map in pure standard imperial; do
  echo "native: $(target/release/judgepad-adjudicate-bench $map 200)"
  echo "wasm:   $(node --no-warnings wasi.mjs target/wasm32-wasip1/release/judgepad-adjudicate-bench.wasm $map 200)"
done
