// Play, where users meet it: Adjudicate clicked in headless Chromium with a
// full set of orders (every unit ordered: a move to its first neighbour,
// so there are bounces, supports are not needed), timed inside the page
// from the click to the end of the frame that shows the next phase (the
// phase replayed from the log, the results listed, the arrows and units
// redrawn). Undo between runs. Budget (issue 13): standard < 16 ms,
// imperial < 50 ms. Also Chromium's counters of the main thread's script,
// style and layout time per click.
// Usage: node tests/browser/bench-play.mjs [dist]
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openPage } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const cli = path.join(root, 'target', 'release', 'judgepad');
const { page, close } = await openPage(dist, root);

// Orders for every unit of the variant's first phase: a move to the
// first place it may go (from `judgepad dump --json`).
function ordersFor(variant) {
  const dump = JSON.parse(execFileSync(cli, ['dump', variant, '--json'], { encoding: 'utf8' }));
  const locs = new Map(dump.locations.map((l) => [l.abbr, l]));
  const lines = [];
  for (const power of dump.powers) {
    for (const unit of power.units) {
      const [kind, at] = unit.split(' ');
      const to = (kind === 'A' ? locs.get(at)?.army : locs.get(at)?.fleet) ?? [];
      lines.push(to.length ? `${power.name}: ${unit} - ${to[0]}` : `${power.name}: ${unit} H`);
    }
  }
  return lines.join('\n') + '\n';
}

// Chromium's own counters of main-thread time (seconds).
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
async function metrics() {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

async function measure(variant, runs) {
  await page.getByTestId('variant').selectOption(variant);
  await page.getByTestId('orders').fill(ordersFor(variant));
  await page.waitForTimeout(300);
  const times = [];
  const work = {};
  for (let i = 0; i < runs; i += 1) {
    const before = await metrics();
    times.push(await page.evaluate(() => new Promise((resolve) => {
      const start = performance.now();
      document.querySelector('[data-testid="adjudicate"]').click();
      // The frame callback runs at the next frame (after the click's
      // effects); that frame's rendering ends when the message posted
      // from it is handled.
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - start);
        channel.port2.postMessage(0);
      });
    })));
    const after = await metrics();
    for (const key of ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration']) {
      work[key] = (work[key] ?? 0) + (after[key] - before[key]) * 1000 / runs;
    }
    await page.getByTestId('undo').click();
    await page.waitForTimeout(50);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const worst = times[times.length - 1];
  const budget = variant === 'imperial' ? 50 : 16;
  const f = (x) => x.toFixed(1);
  console.log(`  play   ${variant.padEnd(9)} Adjudicate → next phase drawn: median ${f(median).padStart(5)} ms, worst ${f(worst).padStart(5)} ms (${runs} runs; budget ${budget} ms); main-thread work per click: script ${f(work.ScriptDuration)} ms, style ${f(work.RecalcStyleDuration)} ms, layout ${f(work.LayoutDuration)} ms (the rest is the wait for the frame and paint)`);
}

await measure('standard', 20);
await measure('imperial', 20);
await close();
