// Other formats, where users meet them: files dropped on the page in
// headless Chromium, timed inside the page from the drop to the end of the
// frame that shows the result — an nJudge map and seed read into the import
// panel (colonial: 127 areas), and Xconq maps drawn as hexes (earth1: 360×122
// = 43,920 hexes, the corpus's largest). The real files come from
// ../shared/corpus (test input only); without them our own fixtures are timed.
// Usage: node tests/browser/bench-formats.mjs [dist]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const shared = [path.join(root, '..', 'shared', 'corpus'), '/work/shared/corpus'].find((dir) => fs.existsSync(dir));
const { page, close } = await openPage(dist, root);

function read(...parts) {
  return fs.readFileSync(path.join(...parts), 'latin1');
}

// Drop `files`, wait for `selector`, end at the next frame; milliseconds.
async function timeDrop(files, selector) {
  return page.evaluate(([files, selector]) => new Promise((resolve) => {
    const dt = new DataTransfer();
    for (const [name, text] of files) dt.items.add(new File([text], name, { type: 'text/plain' }));
    const start = performance.now();
    document.querySelector('.editing').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    const poll = () => {
      if (!document.querySelector(selector)) return requestAnimationFrame(poll);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - start);
        channel.port2.postMessage(0);
      });
    };
    poll();
  }), [files, selector]);
}

async function measure(label, files, selector, runs) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    times.push(await timeDrop(files, selector));
    await page.getByTestId('foreign-close').click();
    await page.waitForSelector('[data-testid="foreign"]', { state: 'detached' });
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`  formats ${label.padEnd(34)} drop → drawn: median ${median.toFixed(1).padStart(6)} ms, worst ${times[times.length - 1].toFixed(1).padStart(6)} ms (${runs} runs)`);
}

await page.waitForSelector('[data-testid="map"] [data-province="PAR"]');
if (shared) {
  const nj = path.join(shared, 'njudge');
  const xq = path.join(shared, 'xconq');
  await measure('nJudge colonial (map + seed)', [['map.colonial', read(nj, 'map.colonial')], ['seed.colonial', read(nj, 'seed.colonial')]], '[data-testid="import-summary"]', 10);
  await measure('Xconq europe (240×200 hexes)', [['europe.map', read(xq, 'europe.map')]], 'svg.hexes.drawn path', 5);
  await measure('Xconq earth1 (360×122 hexes)', [['earth1.map', read(xq, 'earth1.map')]], 'svg.hexes.drawn path', 5);
  await measure('Xconq beirut (scenario + 2 includes)', [['beirut.scn', read(xq, 'beirut.scn')], ['beirut.per', read(xq, 'beirut.per')], ['beirut.map', read(xq, 'beirut.map')]], 'svg.hexes.drawn path', 10);
} else {
  const data = path.join(root, 'tests', 'data');
  console.log('  (../shared/corpus absent: timing our own small fixtures)');
  await measure('nJudge tiny (map + seed)', [['map.tiny', read(data, 'njudge', 'map.tiny')], ['seed.tiny', read(data, 'njudge', 'seed.tiny')]], '[data-testid="import-summary"]', 10);
  await measure('Xconq tiny (scenario + 2 includes)', [['tiny.scn', read(data, 'xconq', 'tiny.scn')], ['tiny.map', read(data, 'xconq', 'tiny.map')], ['tiny.per', read(data, 'xconq', 'tiny.per')]], 'svg.hexes.drawn path', 10);
}
await close();
