// The static server and the browser shared by the browser tests (run.mjs)
// and the browser benchmark (bench.mjs): dist/ served under a sub-path, as
// GitHub Pages serves it, and Debian's headless Chromium with a fresh
// --user-data-dir.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gz': 'application/gzip',
};

// A static server that serves dist/ only under `base`, like GitHub Pages;
// with `pages`, also compressed when the browser accepts it and fresh for
// ten minutes, as Pages serves it (`cache-control: max-age=600`).
// `sent`, if given, is called with each answer's path and size in bytes.
// `link` ({ rtt, kbps }) makes the server a slow link for everything the
// browser asks (the page, its workers and its service worker alike, which
// Chromium's own throttling does not reach): each answer starts a round
// trip late, and all answers share the bandwidth, 16 KiB at a time.
// `labelled` sends the build's `.gz` files as some servers do (Apache's
// AddEncoding): labelled `content-encoding: gzip`, so the browser decodes
// them before the page sees them. `validators` answers as Python's
// `http.server` does: a `last-modified` date (the file's) and 304 to a
// request that has it already (no compression, no cache-control).
export function serve(dist, base, { pages = false, sent = null, link = null, labelled = false, validators = false } = {}) {
  let free = 0; // when the shared link is next free (ms)
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const through = async (res, body) => {
    if (!link) return res.end(body);
    for (let at = 0; at < body.length; at += 16384) {
      const chunk = body.subarray(at, at + 16384);
      const start = Math.max(performance.now(), free);
      free = start + (chunk.length * 8) / link.kbps;
      await sleep(free - performance.now());
      res.write(chunk);
    }
    res.end();
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (!url.pathname.startsWith(base)) {
      res.writeHead(404).end('outside the site');
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(base.length)) || 'index.html';
    const file = path.join(dist, rel);
    if (link) await sleep(link.rtt);
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end('not found');
      return;
    }
    const headers = { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' };
    if (validators) {
      const modified = new Date(Math.floor(fs.statSync(file).mtimeMs / 1000) * 1000);
      headers['last-modified'] = modified.toUTCString();
      const since = Date.parse(req.headers['if-modified-since'] ?? '');
      if (!Number.isNaN(since) && since >= modified.getTime()) {
        res.on('finish', () => sent?.(rel, 0));
        res.writeHead(304, headers).end();
        return;
      }
    }
    if (pages) headers['cache-control'] = 'max-age=600';
    if (labelled && path.extname(file) === '.gz') {
      headers['content-type'] = types[path.extname(file.slice(0, -3))] ?? 'application/octet-stream';
      headers['content-encoding'] = 'gzip';
    }
    let body = fs.readFileSync(file);
    // Already compressed (images, the build's gzipped files) as sent.
    if (pages && !['.png', '.gz'].includes(path.extname(file)) && /gzip/.test(req.headers['accept-encoding'] ?? '')) {
      body = zlib.gzipSync(body, { level: 9 });
      headers['content-encoding'] = 'gzip';
    }
    res.on('finish', () => sent?.(rel, body.length));
    res.writeHead(200, headers);
    await through(res, body);
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
