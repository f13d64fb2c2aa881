// Browser benchmark (issue 29): Lighthouse's mobile audit of the release
// site, served gzipped as GitHub Pages serves it, RUNS times (its score
// moves from run to run: it replays what one fast load did, so each run's
// own timings decide what it counts). Prints each run and the median:
// performance, accessibility, best practices, and the metrics behind the
// score (first and largest contentful paint, speed index, total blocking
// time, layout shift).
//
// Lighthouse is not a dependency of the tests: LIGHTHOUSE names its CLI,
// or npx fetches lighthouse@13.5.0 from npm. Chromium: CHROME_PATH, or
// /usr/bin/chromium.
//
// Usage: node bench-lighthouse.mjs [DIST_DIR] [RUNS]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const runs = Number(process.argv[3] ?? 5);
const [command, ...prefix] = process.env.LIGHTHOUSE ? [process.env.LIGHTHOUSE] : ['npx', '--yes', 'lighthouse@13.5.0'];

// The server runs in this process, so Lighthouse must not block it: a
// synchronous child (execFileSync) leaves every request unanswered, and
// Lighthouse then reports protocol timeouts and no paint.
const audit = (url, out) => new Promise((resolve, reject) => {
  const child = spawn(command, [...prefix, url, '--only-categories=performance,accessibility,best-practices', '--output=json', `--output-path=${out}`, '--quiet', '--chrome-flags=--headless --no-sandbox'], {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('error', reject);
  child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited with ${code}`))));
});

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'judgepad-lighthouse-'));
const rows = [];
try {
  for (let i = 0; i < runs; i += 1) {
    const server = await serve(dist, '/judgepad/', { pages: true });
    const out = path.join(dir, `run-${i}.json`);
    try {
      await audit(`http://127.0.0.1:${server.address().port}/judgepad/`, out);
    } finally {
      server.close();
    }
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const a = report.audits;
    const score = (name) => Math.round(report.categories[name].score * 100);
    const row = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      si: a['speed-index'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
    };
    rows.push(row);
    console.log(`run ${i + 1}: ${line(row)}`);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const median = (key) => {
  const sorted = rows.map((r) => r[key]).sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
};
const medians = Object.fromEntries(Object.keys(rows[0]).map((k) => [k, median(k)]));
console.log(`Lighthouse ${prefix.at(-1) ?? command}, mobile (simulated Slow 4G, 4× CPU), gzip, median of ${runs}: ${line(medians)}`);
console.log(`  performance over the runs: ${rows.map((r) => r.performance).join(', ')} (goal: 95)`);

function line(r) {
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  return `performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices} | FCP ${s(r.fcp)}, LCP ${s(r.lcp)}, SI ${s(r.si)}, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)}`;
}
