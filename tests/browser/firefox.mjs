// The smoke journey in Firefox ESR (Debian's), driven by puppeteer-core over
// WebDriver BiDi: the release build served under /judgepad/ as GitHub Pages
// serves it; load, type, a diagnostic, the map drawn, orders adjudicated,
// a step back, a share link opened in a fresh context, the header at four
// widths, a phone's too (screenshots under target/browser/). Any console
// error fails it.
//
// Usage: node firefox.mjs [DIST_DIR]   (FIREFOX=path overrides the binary)

import { headerFit } from './header-fit.mjs';
import { editorRows, rowsAgree } from './editor-rows.mjs';
import puppeteer from 'puppeteer-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const shots = path.join(root, 'target', 'browser');
const base = '/judgepad/';
const executablePath = process.env.FIREFOX ?? '/usr/bin/firefox-esr';

// Waits until `testid`'s text is `want`.
async function expectText(page, testid, want, timeout = 15000) {
  await page.waitForFunction(
    (id, text) => document.querySelector(`[data-testid="${id}"]`)?.textContent.trim() === text,
    { timeout },
    testid,
    String(want),
  ).catch(async () => {
    const got = await page.$eval(`[data-testid="${testid}"]`, (el) => el.textContent.trim()).catch(() => null);
    throw new Error(`${testid}: expected ${want}, got ${got}`);
  });
}

const steps = [];
function step(name, body) {
  steps.push({ name, body });
}

step('loads standard and shows its counts', async ({ page }) => {
  await expectText(page, 'locations', 82);
  await expectText(page, 'powers', 7);
  await expectText(page, 'error-count', 0);
});

step('typing: counts and a diagnostic at its line', async ({ page }) => {
  await page.click('[data-testid="editor"]');
  await page.keyboard.down('Control');
  await page.keyboard.press('End');
  await page.keyboard.up('Control');
  await page.keyboard.type('\nNowhere = now\nLAND NOW\nLAMD PAR');
  await expectText(page, 'locations', 83);
  const where = await page.waitForSelector('[data-code="unknown-directive"] .where', { timeout: 10000 });
  const text = (await where.evaluate((el) => el.textContent)).trim();
  if (text !== '[Ln 7, Col 1]') throw new Error(`diagnostic at ${text}`);
  // Backspace takes the typo away, and its diagnostics with it.
  for (let i = 0; i < 'LAMD PAR'.length; i++) await page.keyboard.press('Backspace');
  await expectText(page, 'error-count', 0);
  await expectText(page, 'powers', 7);
});

step('soft wrap: the rows counted are the text area\'s, in a file with tabs (Firefox wraps a tab that does not fit)', async ({ page }) => {
  const tab = await page.waitForSelector('.tab ::-p-text(standard.geography)');
  await tab.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="editor"]').value.startsWith('#'));
  await new Promise((r) => setTimeout(r, 300));
  const got = rowsAgree(await page.evaluate(editorRows));
  if (got.rows < 300) throw new Error(`${got.rows} rows`);
  await (await page.waitForSelector('.tab ::-p-text(standard.map)')).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="editor"]').value.startsWith('USE'));
});

step('the map is drawn: a region per province, the units', async ({ page }) => {
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="map"] [data-province]').length === 77,
    { timeout: 20000 },
  );
  await page.waitForSelector('[data-testid="map"] [data-unit="A PAR"]', { timeout: 10000 });
});

step('orders adjudicated with reasons; a step back and forward', async ({ page }) => {
  await page.click('[data-testid="orders"]');
  await page.keyboard.type('FRANCE: A PAR - BUR\nGERMANY: A MUN - BUR\nA KIE - HOL\n');
  await page.click('[data-testid="adjudicate"]');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="phase"]')?.textContent.startsWith('F1901M'),
    { timeout: 10000 },
  );
  const par = await page.$eval('[data-testid="results"] [data-unit="A PAR"]', (el) => el.textContent);
  if (!par.includes('fails') || !par.includes('A MUN')) throw new Error(`A PAR: ${par}`);
  await page.click('[data-testid="step-back"]');
  await page.waitForSelector('[data-testid="shown-phase"]', { timeout: 5000 });
  await page.click('[data-testid="step-forward"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="shown-phase"]'), { timeout: 5000 });
});

step('share: the link opens the same text and game in a fresh context', async ({ page, browser }) => {
  await page.click('[data-testid="orders"]');
  await page.keyboard.type('A BUR - MAR');
  await page.click('[data-testid="share"]');
  const link = await page.$eval('[data-testid="share-link"]', (el) => el.value);
  if (!/#v1[A-Za-z0-9+$-]+$/.test(link)) throw new Error(`link ${link}`);
  const text = await page.$eval('[data-testid="editor"]', (el) => el.value);
  const context = await browser.createBrowserContext();
  const fresh = await context.newPage();
  await fresh.goto(link, { waitUntil: 'load' });
  await fresh.waitForFunction(
    () => document.querySelector('[data-testid="phase"]')?.textContent.startsWith('F1901M'),
    { timeout: 15000 },
  );
  const got = await fresh.$eval('[data-testid="editor"]', (el) => el.value);
  if (got !== text) throw new Error('the text differs after the link');
  const orders = await fresh.$eval('[data-testid="orders"]', (el) => el.value);
  if (orders !== 'A BUR - MAR') throw new Error(`orders ${JSON.stringify(orders)}`);
  await context.close();
});

step('the header fits at 1024, 1280, 1440 px and on a phone: nothing cut off, nothing overlapping, one row on a desktop (screenshots)', async ({ page }) => {
  for (const width of [1024, 1280, 1440, 390]) {
    await page.setViewport({ width, height: width < 800 ? 844 : 800 });
    await new Promise((r) => setTimeout(r, 300));
    const fit = await page.evaluate(headerFit);
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `firefox-header-${width}.png`), clip: { x: 0, y: 0, width, height: width < 800 ? 160 : 120 } });
    if (fit.overflow > 1) throw new Error(`${width} px: the header runs ${fit.overflow} px past the window`);
    if (width >= 800 && fit.wraps) throw new Error(`${width} px: the header wraps`);
    if (fit.overlaps.length) throw new Error(`${width} px: overlapping: ${fit.overlaps.join('; ')}`);
    if (fit.cut.length) throw new Error(`${width} px: cut off: ${fit.cut.join('; ')}`);
  }
});

async function main() {
  if (!fs.existsSync(executablePath)) {
    console.log(`SKIP Firefox journey: no Firefox at ${executablePath} (install firefox-esr)`);
    return;
  }
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error(`no build in ${dist}: run trunk build first`);
    process.exit(2);
  }
  const server = await serve(dist, base);
  const url = `http://127.0.0.1:${server.address().port}${base}`;
  const profile = fs.mkdtempSync(path.join(root, 'target', 'firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    userDataDir: profile,
    extraPrefsFirefox: { 'browser.shell.checkDefaultBrowser': false },
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1440, height: 900 });
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  let failed = 0;
  const started = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  const version = await browser.version();
  for (const { name, body } of steps) {
    const t = Date.now();
    try {
      await body({ page, browser });
      if (problems.length) throw new Error(problems.splice(0).join('\n'));
      console.log(`ok   firefox: ${name} (${Date.now() - t} ms)`);
    } catch (err) {
      failed += 1;
      fs.mkdirSync(shots, { recursive: true });
      const shot = path.join(shots, `firefox-${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
      await page.screenshot({ path: shot, fullPage: true }).catch(() => {});
      console.log(`FAIL firefox: ${name}\n     ${String(err.message).split('\n').join('\n     ')}\n     screenshot: ${shot}`);
      break;
    }
  }
  await browser.close();
  server.close();
  fs.rmSync(profile, { recursive: true, force: true });
  console.log(`${failed ? 'FAILED' : 'passed'}: the Firefox journey in ${version}, ${Date.now() - started} ms`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
