// Pasting a big map, where users meet it: a ring of n provinces (each
// adjacent to the one before and after, as the stress test) put on
// the clipboard and pasted into the editor with Ctrl+A, Ctrl+V (real key
// events; Playwright's insertText is typed insertion, which Chromium's
// textarea handles in time quadratic in the lines: 6 s for 1,200 lines in
// an empty page, against 0.1 s pasted), in headless Chromium.
// Printed per size: the longest main-thread task from the paste until the
// map is drawn (PerformanceObserver long tasks, 50 ms and more, plus a
// frame probe that catches shorter ones) and the longest after the paste's
// own task, the time until the province
// count shows n, until the map shows n regions (a big map's quick
// sketch first), and until they are all its drawing's; and the longest
// script after the paste's (Long Animation Frames: a long task is as
// often the browser's rendering). Budget (issue 28): no
// task over 50 ms; counts within 1 s for 10,000 provinces.
// Usage: node tests/browser/bench-paste.mjs [dist] [sizes, comma-separated]
// (SCRIPTS=1 lists every script of a long frame: start, duration, forced
// layout, what ran it.)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './serve.mjs';
import { ring } from './bench-paste-lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const sizes = (process.argv[3] ?? '1000,3000,10000').split(',').map(Number);

for (const n of sizes) {
  const { page, close } = await openPage(dist, root);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('[data-testid="map"] [data-province]').first().waitFor();
  const text = ring(n);
  await page.evaluate((it) => navigator.clipboard.writeText(it), text);
  const editor = page.getByTestId('editor');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.evaluate(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask' });
    // The scripts of long frames (Chromium's Long Animation Frames): a
    // long task is the browser's rendering as often as our script; these
    // say which script ran how long (its forced layout included).
    window.__scripts = [];
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
      new PerformanceObserver((list) => {
        for (const frame of list.getEntries()) {
          for (const s of frame.scripts) window.__scripts.push([s.startTime, s.duration, s.forcedStyleAndLayoutDuration, `${s.invokerType} ${s.invoker}`]);
        }
      }).observe({ type: 'long-animation-frame' });
    }
    window.__start = performance.now();
  });
  const sent = Date.now();
  await page.keyboard.press('Control+V');
  let counts = null;
  let drawn = null;
  let first = null;
  try {
    await page.waitForFunction((want) => document.querySelector('[data-testid="provinces"]')?.textContent === String(want), n, { timeout: 180000, polling: 50 });
    counts = await page.evaluate(() => performance.now() - window.__start);
    // The first picture of n regions (a big map's sketch, or its drawing),
    // then the drawing itself (no longer marked as a sketch).
    await page.waitForFunction((want) => document.querySelectorAll('[data-testid="map"] [data-province]').length >= want, n, { timeout: 180000, polling: 50 });
    first = await page.evaluate(() => performance.now() - window.__start);
    await page.waitForFunction((want) => document.querySelectorAll('[data-testid="map"] [data-province]').length >= want
      && !document.querySelector('[data-testid="map"][data-sketch], [data-testid="map"] [data-filling]'), n, { timeout: 180000, polling: 100 });
    drawn = await page.evaluate(() => performance.now() - window.__start);
  } catch (err) {
    console.log(`  paste ${n}: ${err.message.split('\n')[0]} after ${Date.now() - sent} ms`);
  }
  await page.waitForTimeout(500);
  const tasks = (await page.evaluate(() => window.__tasks)).sort((a, b) => a[0] - b[0]).map(([, ms]) => ms);
  const longest = tasks.length ? Math.max(...tasks) : 0;
  // The paste's own task is the text area taking the text (Chromium's:
  // ARCHITECTURE, "the worker"); the rest are ours.
  const after = tasks.length > 1 ? Math.max(...tasks.slice(1)) : 0;
  // The paste's own script (its handler: the text area taking the text,
  // with the layout that forces) first, then ours.
  const scripts = (await page.evaluate(() => window.__scripts)).sort((a, b) => a[0] - b[0]);
  if (process.env.SCRIPTS) console.log(scripts.map((x) => `${x[0].toFixed(0)} ${x[1].toFixed(0)} (layout ${x[2].toFixed(0)}) ${x[3]}`).join("\n"));
  const script = scripts.length > 1 ? Math.max(...scripts.slice(1).map(([, ms]) => ms)) : 0;
  const fmt = (ms) => (ms === null ? '   —' : `${ms.toFixed(0).padStart(6)} ms`);
  console.log(`  paste ${String(n).padStart(6)}-province ring (${(text.length / 1024).toFixed(0)} KB): longest main-thread task ${longest.toFixed(0).padStart(6)} ms, after the paste's own ${after.toFixed(0).padStart(4)} ms (${tasks.length} over 50 ms; the longest script of ours in a long frame ${script.toFixed(0).padStart(3)} ms); counts ${fmt(counts)}; first picture ${fmt(first)}; map drawn ${fmt(drawn)}`);
  await close();
}
