// Typing latency in the editor, where users meet it: real key presses in
// headless Chromium, timed inside the page from the keydown event to the
// end of the frame that shows the new error count (the check ran and the
// page was rendered: when the count changes, a frame callback posts a
// message, which is handled after that frame's rendering steps).
// Each key toggles an error: `#` comments out a name line, Backspace
// restores it. Budget (issue 12): median < 16 ms, worst < 50 ms.
// Usage: node tests/browser/bench-editor.mjs [dist]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const { page, close } = await openPage(dist, root);

async function measure(variant, file, line, presses) {
  await page.getByTestId('variant').selectOption(variant);
  await page.locator(`[data-file="${file}"]`).click();
  const editor = page.getByTestId('editor');
  await editor.click();
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < line; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.evaluate(() => {
    const count = document.querySelector('[data-testid="error-count"]');
    window.__lat = [];
    window.__down = 0;
    document.querySelector('[data-testid="editor"]').addEventListener('keydown', () => {
      window.__down = performance.now();
    }, { capture: true });
    const channel = new MessageChannel();
    channel.port1.onmessage = (ev) => window.__lat.push(performance.now() - ev.data);
    new MutationObserver(() => {
      const start = window.__down;
      requestAnimationFrame(() => channel.port2.postMessage(start));
    }).observe(count, { childList: true, characterData: true, subtree: true });
  });
  for (let i = 0; i < presses; i += 1) {
    const before = await page.evaluate(() => window.__lat.length);
    await page.keyboard.press(i % 2 === 0 ? '#' : 'Backspace');
    await page.waitForFunction((n) => window.__lat.length > n, before, { timeout: 5000 });
  }
  const times = await page.evaluate(() => window.__lat);
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const worst = times[times.length - 1];
  console.log(`  editor ${variant.padEnd(9)} keystroke → squiggles and counts redrawn: median ${median.toFixed(1).padStart(5)} ms, worst ${worst.toFixed(1).padStart(5)} ms (${times.length} keys; budget 16 / 50 ms)`);
}

await measure('standard', 'standard.geography', 10, 40);
await measure('imperial', 'imperial.locations', 3, 40);
await close();
