// The static server and the browser shared by the browser tests (run.mjs)
// and the browser benchmark (bench.mjs): dist/ served under a sub-path, as
// GitHub Pages serves it, and Debian's headless Chromium with a fresh
// --user-data-dir.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

// A static server that serves dist/ only under `base`, like GitHub Pages.
export function serve(dist, base) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (!url.pathname.startsWith(base)) {
      res.writeHead(404).end('outside the site');
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(base.length)) || 'index.html';
    const file = path.join(dist, rel);
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}


// Chromium as the probe starts it, in a persistent context of our own.
export async function launch(userDataDir) {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

// The built page served under /judgepad/ in a fresh Chromium, with
// window.judgepad ready: { page, close } (for the benchmarks).
export async function openPage(dist, root) {
  const base = '/judgepad/';
  const server = await serve(dist, base);
  const userDataDir = fs.mkdtempSync(path.join(root, 'target', 'chromium-'));
  const browser = await launch(userDataDir);
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}${base}`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.judgepad !== undefined);
  const close = async () => {
    await browser.close();
    server.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  };
  return { page, close };
}
