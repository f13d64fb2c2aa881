// The map layout in headless Chromium, where users meet it: the core's
// layout through `window.judgepad.layout` (load + layout + JSON), and the
// page itself from picking a variant to its drawn regions on screen.
// Usage: node tests/browser/bench-layout.mjs [dist]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const { page, close } = await openPage(dist, root);
for (const name of ['standard', 'youngstown', 'imperial']) {
  const ms = await page.evaluate((n) => {
    const times = [];
    for (let i = 0; i < 7; i += 1) {
      const start = performance.now();
      window.judgepad.layout(`USE ${n}`);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return times[3];
  }, name);
  console.log(`  layout ${name.padEnd(11)} in Chromium (judgepad.layout: load, layout, JSON) ${ms.toFixed(1).padStart(7)} ms (median of 7)`);
}
for (const name of ['standard', 'youngstown', 'imperial']) {
  const ms = await page.evaluate((n) => {
    window.judgepad.bench.layout(`USE ${n}`);
    const times = [];
    for (let i = 0; i < 9; i += 1) {
      const start = performance.now();
      window.judgepad.bench.layout(`USE ${n}`);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return times[4];
  }, name);
  console.log(`  layout ${name.padEnd(11)} in Chromium (the layout alone, judgepad.bench.layout)   ${ms.toFixed(1).padStart(7)} ms (median of 9)`);
}
for (const [name, count] of [['imperial', 356], ['standard', 76]]) {
  const start = Date.now();
  await page.getByTestId('variant').selectOption(name);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="map"] [data-province]').length === n, count);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  console.log(`  page: pick ${name.padEnd(9)} → drawn map on screen (load, layout, SVG, a frame) ${String(Date.now() - start).padStart(5)} ms`);
}
await close();
