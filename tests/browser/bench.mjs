// Browser benchmark: the batch lines of tests/bench (the same standard-map
// movement phases the `diplomacy` crate adjudicates in process) through
// `window.judgepad.adjudicate`, JSON text in and out, in headless Chromium.
//
// Usage: node bench.mjs DIST_DIR PHASES.jsonl [CRATE_PHASES_PER_SECOND]
// (tests/bench/run.sh passes the crate's rate from the same run).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const [distArg, linesArg, crateArg] = process.argv.slice(2);
const dist = path.resolve(distArg ?? path.join(root, 'dist'));
const lines = fs.readFileSync(linesArg, 'utf8').trimEnd().split('\n');

const { page, close } = await openPage(dist, root);
const result = await page.evaluate((lines) => {
  const run = () => {
    let errors = 0;
    for (const line of lines) {
      if (window.judgepad.adjudicate(line).startsWith('{"error"')) errors += 1;
    }
    return errors;
  };
  const errors = run(); // warm-up: loads the map once
  let best = Infinity;
  for (let round = 0; round < 5; round += 1) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return { errors, ms: best };
}, lines);
await close();
if (result.errors) throw new Error(`${result.errors} lines were refused`);
const rate = lines.length / (result.ms / 1000);
let text = `  judgepad in Chromium (window.judgepad.adjudicate, JSON text) ${rate.toFixed(0).padStart(7)} phases/s`;
if (crateArg) text += ` = ${(rate / Number(crateArg)).toFixed(2)}x the crate in process`;
console.log(text);
