// Browser benchmark (issue 31): 1,000 bot games of 20 years on standard in
// the page's Bot games panel (chunks between frames), release build, until
// the progress says all are played. Goal: 20 s (native: `judgepad bench`).
// Usage: node tests/browser/bench-playout.mjs [dist]
import path from 'node:path';
import { openPage } from './serve.mjs';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const { page, close } = await openPage(path.resolve(process.argv[2] ?? path.join(root, "dist")), root);
await page.getByTestId('balance').locator('summary').click();
const set = async (id, v) => { await page.getByTestId(id).fill(v); await page.getByTestId(id).dispatchEvent('change'); };
await set('playout-games', '1000');
await set('playout-years', '20');
const t0 = Date.now();
await page.getByTestId('playout-run').click();
await page.waitForFunction(() => document.querySelector('[data-testid="playout-progress"]')?.textContent.trim() === '1000 of 1000 games', null, { timeout: 120000, polling: 100 });
console.log(`1000 games of 20 years in Chromium: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
await close();
