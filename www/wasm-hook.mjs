// Trunk post-build hook: builds the page's wasm, split into the part the
// first page needs and parts loaded when first used (`#[lazy]` functions in
// web/), and starts it from a file of its own (the page's CSP has no
// 'unsafe-inline'). Trunk 0.21 has no step between cargo and wasm-bindgen,
// where the split must happen, so this hook runs the whole chain:
//
//   cargo build (wasm32, relocations kept: .cargo/config.toml; a release
//     with a pinned nightly: std rebuilt, panics as traps)
//   → wasm-split-cli (main module + one module per lazy part + loader JS)
//   → wasm-bindgen --target web --keep-lld-exports (the main module; the
//     lazy parts share its function table, which must stay exported)
//   → wasm-opt -Oz (every module; release builds only)
//
// The wasm files and the bundled maps are shipped gzipped (`.gz`) and
// unpacked in the browser (`unpack-<hash>.js`, a DecompressionStream),
// unless the server already decoded them: a server that does not compress
// (a designer's `python3 -m http.server`) still sends a fifth of the bytes,
// and one that does (GitHub Pages) sends the same. The first part's bytes
// received are shown on the first paint while it arrives.
//
// Every output file carries one hash of the whole build, so the service
// worker's cache-first rule never mixes parts of two builds. The app asks
// for the lazy parts as soon as it is mounted; they are also named in the
// page as `rel=judgepad-later` links (which fetch nothing), which is how
// the service worker (it reads the page's links) knows to cache them for
// offline use.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const staging = process.env.TRUNK_STAGING_DIR;
const source = process.env.TRUNK_SOURCE_DIR;
if (!staging || !source) {
  console.error('wasm-hook: TRUNK_STAGING_DIR is not set (run by Trunk only)');
  process.exit(1);
}
const release = process.env.TRUNK_PROFILE === 'release';
const root = path.resolve(source, '..');
const profile = release ? 'wasm-release' : 'dev';
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

// A release build uses the pinned nightly of `.ci/wasm-toolchain` (`.ci/setup`
// installs it with its `rust-src` and wasm32 target): the standard library
// is rebuilt with the page's profile (`-Zbuild-std`; core, alloc and std at
// `s`, the hot path's level, so adjudication is as fast) and panics are
// plain traps (`-Cpanic=immediate-abort`: no panic messages, locations or
// formatting machinery in the wasm). 40 KB gzipped off the first part (28
// KB of it the same options on stable 1.95, the rest the newer LLVM).
// Without that toolchain, if its build fails, or with JUDGEPAD_WASM_PLAIN=1:
// the plain build with stable, as a dev build always is.
const cargoBuild = ['build', '--quiet', '-p', 'judgepad-web', '--target', 'wasm32-unknown-unknown', '--profile', profile];
const plainBuild = () => run('cargo', cargoBuild);
const nightly = fs.readFileSync(path.join(root, '.ci', 'wasm-toolchain'), 'utf8').trim();
// Asked only for a release build (a dev rebuild spawns no rustup).
const hasNightly = () => {
  try {
    const sysroot = execFileSync('rustup', ['run', nightly, 'rustc', '--print', 'sysroot'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return fs.existsSync(path.join(sysroot, 'lib', 'rustlib', 'src', 'rust', 'library', 'std', 'Cargo.toml'))
      && fs.existsSync(path.join(sysroot, 'lib', 'rustlib', 'wasm32-unknown-unknown'));
  } catch {
    return false;
  }
};
if (!release || process.env.JUDGEPAD_WASM_PLAIN) {
  plainBuild();
} else if (!hasNightly()) {
  console.warn(`wasm-hook: ${nightly} with rust-src and wasm32 is not installed (.ci/setup installs it): the plain build, the first part 40 KB larger`);
  plainBuild();
} else {
  const std = ['core', 'alloc', 'std'].flatMap((c) => ['--config', `profile.wasm-release.package.${c}.opt-level="s"`]);
  try {
    execFileSync('cargo', [`+${nightly}`, ...cargoBuild, '-Zbuild-std=std,panic_abort', ...std], {
      cwd: root,
      stdio: 'inherit',
      // RUSTFLAGS replaces .cargo/config.toml's flags for the target: its
      // relocations are kept here too.
      env: { ...process.env, RUSTFLAGS: '-C link-args=--emit-relocs -Zunstable-options -Cpanic=immediate-abort --cfg judgepad_size' },
    });
  } catch {
    console.warn(`wasm-hook: the build with ${nightly} failed (above): the plain build, the first part 40 KB larger`);
    plainBuild();
  }
}
const targetDir = process.env.CARGO_TARGET_DIR || path.join(root, 'target');
const raw = path.join(targetDir, 'wasm32-unknown-unknown', release ? 'wasm-release' : 'debug', 'judgepad-web.wasm');

const work = path.join(targetDir, 'wasm-split');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(path.join(work, 'bindgen'), { recursive: true });
run('wasm-split-cli', [raw, work, '--target', 'web', '--out-name', 'judgepad-web']);
run('wasm-bindgen', ['--target', 'web', '--no-typescript', '--keep-lld-exports', '--out-dir', path.join(work, 'bindgen'), '--out-name', 'judgepad-web', path.join(work, 'judgepad-web.wasm')]);

// The files: the glue, the main wasm, the loader and the lazy parts.
const parts = fs.readdirSync(work).filter((f) => f.endsWith('.wasm') && f !== 'judgepad-web.wasm').sort();
const wasmFiles = [path.join(work, 'bindgen', 'judgepad-web_bg.wasm'), ...parts.map((f) => path.join(work, f))];
// wasm-streams' three classes (leptos' server functions pull it in;
// this page has none) are exported for JS to use and never used: dropped
// from the module (wasm-opt then drops their code) and from the glue.
const dropped = /^(__wbg_)?intounderlying/;
let streamless = null;
if (release) streamless = dropExports(wasmFiles[0], dropped);
if (release) {
  const features = ['--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue'];
  // JUDGEPAD_WASM_NAMES=1 keeps the functions' names (for a profile).
  const names = process.env.JUDGEPAD_WASM_NAMES ? ['-g'] : [];
  for (const file of wasmFiles) run('wasm-opt', ['-Oz', ...names, ...features, file, '-o', file]);
}
let glue = fs.readFileSync(path.join(work, 'bindgen', 'judgepad-web.js'), 'utf8');
let loader = fs.readFileSync(path.join(work, '__wasm_split.js'), 'utf8');
if (release) glue = shortImports(wasmFiles[0], glue);
if (streamless) glue = dropClasses(glue, streamless);
// The bundled maps (web/src/library.rs): one file, each map as
// `NAME LENGTH\n` and its bytes, fetched when the page needs one.
const mapsDir = path.join(root, 'maps');
const mapFiles = fs.readdirSync(mapsDir).filter((f) => !f.endsWith('.md')).sort();
const bundle = Buffer.concat(mapFiles.flatMap((f) => {
  const bytes = fs.readFileSync(path.join(mapsDir, f));
  return [Buffer.from(`${f} ${bytes.length}\n`), bytes];
}));
const hash = crypto.createHash('sha256');
for (const file of wasmFiles) hash.update(fs.readFileSync(file));
hash.update(bundle);
hash.update(glue).update(loader);
// And this hook: the scripts it writes (boot, unpack, the worker's) change
// with it, and a file name must never stand for two contents.
hash.update(fs.readFileSync(new URL(import.meta.url)));
const h = hash.digest('hex').slice(0, 16);
const names = {
  glue: `judgepad-web-${h}.js`,
  wasm: `judgepad-web-${h}_bg.wasm.gz`,
  loader: `wasm-split-${h}.js`,
  unpack: `unpack-${h}.js`,
};
// A release build compresses with Zopfli (npm `@gfx/zopfli`, installed with
// the browser tests' packages by `.ci/setup`): gzip that any
// DecompressionStream reads, 4 % smaller than gzip -9 (12 KB off the first
// part), a few seconds a build. Otherwise GNU gzip -9 where there is one (5
// KB smaller than zlib's level 9 on the first part), no name or time in the
// header (the same bytes each build).
// A build tool from the browser tests' packages (a release build only);
// null, with a warning, where it is not installed.
const buildTool = async (file, without) => {
  if (!release) return null;
  try {
    const m = await import(pathToFileURL(path.join(root, 'tests', 'browser', 'node_modules', ...file.split('/'))).href);
    return m.default ?? m;
  } catch {
    console.warn(`wasm-hook: no ${file.split('/').slice(0, -1).join('/')} (.ci/setup installs it): ${without}`);
    return null;
  }
};
const zopfli = await buildTool('@gfx/zopfli/dist/index.js', 'gzip -9, the first part 12 KB larger');
const gzip = async (bytes) => {
  if (zopfli) return Buffer.from(await zopfli.gzipAsync(bytes, { numiterations: 15, blocksplittingmax: 0 }));
  try {
    return execFileSync('gzip', ['-9', '-n', '-c'], { input: bytes, maxBuffer: 1 << 28 });
  } catch {
    return zlib.gzipSync(bytes, { level: 9 });
  }
};
// A release build minifies the scripts it writes and the page's own
// (npm `terser`, installed with the browser tests' packages like Zopfli):
// the glue 62.7 → 28.4 KB, 9.6 → 7.7 KB gzipped; on a server that does not
// compress, 41 KB less. Names other files import stay (terser keeps a
// module's exports, a classic script's top-level names and every property
// name). Without terser, as written.
const terser = await buildTool('terser/main.js', 'the scripts unminified, 4 KB more in the first part');
const script = async (code, module = true) => {
  if (!terser) return code;
  const out = await terser.minify(code, { module, ecma: 2020, compress: { passes: 2 }, mangle: true });
  return out.code;
};
// The import statement only: the wasm's own import name stays as it is.
glue = glue.replaceAll('from "./__wasm_split.js"', `from "./${names.loader}"`);
if (!glue.includes(names.loader)) {
  console.error('wasm-hook: the glue does not import the split loader');
  process.exit(1);
}
loader = loader.replaceAll('from "./judgepad-web.js"', `from "./${names.glue}"`);
const partNames = parts.map((f) => f.replace(/\.wasm$/, `-${h}.wasm.gz`));
parts.forEach((f, i) => { loader = loader.replaceAll(`"./${f}"`, `"./${partNames[i]}"`); });
// The lazy parts arrive gzipped, unpacked as they stream in.
const fetches = (loader.match(/fetch\(new URL\(/g) ?? []).length;
if (fetches !== parts.length) {
  console.error(`wasm-hook: the loader fetches ${fetches} parts, not ${parts.length}`);
  process.exit(1);
}
// Each part compiled as it streams in, and only instantiated once the
// chunks it needs are (the loader instantiated it streaming only after
// them, so a part that had arrived early was compiled late); the same
// compile as the boot script's, started once the first part has arrived.
const instantiations = (loader.match(/WebAssembly\.instantiateStreaming\(src, imports\)/g) ?? []).length;
if (instantiations !== parts.length) {
  console.error(`wasm-hook: the loader instantiates ${instantiations} parts, not ${parts.length}`);
  process.exit(1);
}
loader = `import { compiled } from "./${names.unpack}";\n${loader
  .replaceAll('fetch(new URL(', 'compiled(new URL(')
  .replaceAll('WebAssembly.instantiateStreaming(src, imports)', '{ module: await src, instance: await WebAssembly.instantiate(await src, imports) }')}`;
for (const [i, f] of parts.entries()) {
  if (!loader.includes(partNames[i])) {
    console.error(`wasm-hook: the loader does not name ${f}`);
    process.exit(1);
  }
}
// The files the map's part needs (its own and the chunks it shares),
// read from the loader: the boot script compiles them once the first part
// has arrived.
const loads = {};
for (const m of loader.matchAll(/const (__chunk_\d+) = makeLoad\(\(\) => \{\s*const src = compiled\(new URL\("\.\/([^"]+)"[\s\S]*?\n, \[([^\]]*)\]\);/g)) {
  loads[m[1]] = { file: m[2], deps: m[3] };
}
const mapLoad = loader.match(/export const __wasm_split_load_map_parts_\w+ = wrapAsyncCb\(makeLoad\(\(\) => \{\s*const src = compiled\(new URL\("\.\/([^"]+)"[\s\S]*?\n, \[([^\]]*)\]\)\);/);
if (!mapLoad) {
  console.error("wasm-hook: the loader does not load the map's part as expected");
  process.exit(1);
}
const mapPartFiles = [];
const need = (deps) => {
  for (const dep of deps.split(',').map((d) => d.trim()).filter(Boolean)) {
    if (!loads[dep]) {
      console.error(`wasm-hook: the map's part needs ${dep}, which the loader does not define`);
      process.exit(1);
    }
    need(loads[dep].deps);
    if (!mapPartFiles.includes(loads[dep].file)) mapPartFiles.push(loads[dep].file);
  }
};
need(mapLoad[2]);
mapPartFiles.push(mapLoad[1]);
// The default variant's drawing made ahead (web/src/bridge/first_map.rs;
// www/first-map.html, captured from the page by tests/browser/
// first-map.mjs): fetched once the first part has arrived, shown until the
// map's part has drawn its own.
const firstMapSource = path.join(source, 'first-map.html');
const firstMapName = fs.existsSync(firstMapSource) ? `first-map-${h}.html.gz` : null;
if (firstMapName) fs.writeFileSync(path.join(staging, firstMapName), await gzip(fs.readFileSync(firstMapSource)));
const mapsName = `maps-${h}.txt.gz`;
fs.writeFileSync(path.join(staging, mapsName), await gzip(bundle));
fs.writeFileSync(path.join(staging, names.glue), await script(glue));
fs.writeFileSync(path.join(staging, names.loader), await script(loader));
const firstPart = await gzip(fs.readFileSync(wasmFiles[0]));
fs.writeFileSync(path.join(staging, names.wasm), firstPart);
for (const [i, f] of parts.entries()) fs.writeFileSync(path.join(staging, partNames[i]), await gzip(fs.readFileSync(path.join(work, f))));

// Fetches a file of the build as a Response of its bytes: gunzipped in
// the browser unless the server already decoded it (then the bytes are
// not gzip's), counted as they arrive (onBytes), typed for
// WebAssembly.instantiateStreaming. Also globalThis.judgepadUnpacked, for
// the page's own fetches (web/src/library.rs).
// compiled(url): a later part of the wasm, compiled as it streams in,
// once per page (a failed one is tried afresh on the next call). The boot
// script asks for the map's part as soon as the first part has arrived,
// while the first part compiles and the page mounts (the link would idle
// meanwhile); the split loader's call then finds it compiled. onDone: the
// last byte has arrived.
fs.writeFileSync(path.join(staging, names.unpack), await script(`const modules = new Map();
export function compiled(url) {
  const key = new URL(url, location.href).href;
  let got = modules.get(key);
  if (!got) {
    got = WebAssembly.compileStreaming(unpacked(key));
    modules.set(key, got);
    got.catch(() => { if (modules.get(key) === got) modules.delete(key); });
  }
  return got;
}
export async function unpacked(url, onBytes, onDone) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(\`\${url}: HTTP \${response.status}\`);
  const reader = response.body.getReader();
  const first = await reader.read();
  let seen = 0;
  const counted = (chunk) => { seen += chunk.length; if (onBytes) onBytes(seen); return chunk; };
  // Bytes that are all there at once (a fast link, the cache) would be
  // unpacked and decoded in one long task: they go on in slices of 16 KB,
  // and past a few ms the next slice waits for a task of its own.
  let since = performance.now();
  let left = first.done ? null : first.value;
  const body = new ReadableStream({
    async pull(out) {
      if (performance.now() - since > 4) {
        await new Promise((resolve) => setTimeout(resolve));
        since = performance.now();
      }
      if (!left || left.length === 0) {
        const { done, value } = await reader.read();
        if (done) { out.close(); if (onDone) onDone(); return; }
        left = value;
      }
      const slice = left.subarray(0, 16384);
      left = left.subarray(slice.length);
      out.enqueue(counted(slice));
    },
    cancel(why) { return reader.cancel(why); },
  });
  const gzipped = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
  const type = /\\.wasm(\\.gz)?$/.test(new URL(url, location.href).pathname) ? 'application/wasm' : 'application/octet-stream';
  return new Response(gzipped ? body.pipeThrough(new DecompressionStream('gzip')) : body, { headers: { 'content-type': type } });
}
globalThis.judgepadUnpacked = unpacked;
`));

// The worker's boot script (web/src/worker.rs): the page's own glue and
// wasm (fetched once, then cached), whose main() sees it is in a worker
// and registers the engine.
const workerName = `judgepad-worker-${h}.js`;
// How long the page waits for the warming worker at most (ms).
const WARM_WAIT = 600;
// It holds the Web Lock of its name for its whole life, so the page hears
// it go however it ends. (The promise that holds the lock is
// kept on the global, so that nothing can collect it.)
fs.writeFileSync(path.join(staging, workerName), await script(`import init from './${names.glue}';
import { unpacked } from './${names.unpack}';
const name = self.name;
if (name && navigator.locks) {
  await new Promise((held) => navigator.locks.request(name, () => {
    held();
    globalThis.judgepadLock = new Promise((release) => { globalThis.judgepadRelease = release; });
    return globalThis.judgepadLock;
  }));
}
await init({ module_or_path: unpacked('./${names.wasm}') });
`));

// The warming worker's script (web/src/warm.rs): given the compiled first
// part by the page, it runs the first load on its own thread, so that the
// page's first load finds that code compiled (Chromium compiles wasm
// lazily, on the calling thread, and shares the code between threads).
const warmName = `warm-${h}.js`;
fs.writeFileSync(path.join(staging, warmName), await script(`import init from './${names.glue}';
self.onmessage = (event) => {
  self.onmessage = null;
  init({ module_or_path: event.data }).catch(() => self.postMessage('failed'));
};
`));

// The boot script (what Trunk would have written inline). gloo-worker
// hands out its bridge, not the Worker it makes: the one made last is
// kept as globalThis.judgepadWorker, so the page can hear it fail and stop
// it; and the name the page gives in the address's fragment becomes the
// worker's name (a fragment does not survive the service worker's answer)
// (web/src/worker/client.rs).
const boot = `const NativeWorker = globalThis.Worker;
globalThis.Worker = class extends NativeWorker {
  constructor(address, options = {}) {
    const url = new URL(address, location.href);
    const name = decodeURIComponent(url.hash.slice(1));
    url.hash = '';
    super(url.href, name ? { ...options, name } : options);
    globalThis.judgepadWorker = this;
  }
};
import init, * as bindings from './${names.glue}';
import { unpacked, compiled } from './${names.unpack}';
// Once the first part has arrived, the map's part is fetched and compiled
// (the link would idle while the first part compiles and the page mounts),
// and the worker's script is fetched into the cache beside it (1 KB: the
// worker starts as soon as the map's part is there, and its script would
// otherwise cross the link then).
const soon = ${JSON.stringify(mapPartFiles.map((f) => `./${f}`))};
const arrived = () => {
  ${firstMapName ? `globalThis.judgepadFirstMap = unpacked('./${firstMapName}').then((r) => r.text()).catch(() => '');` : ''}
  soon.forEach((file) => compiled(file).catch(() => {}));
  fetch('./${workerName}').catch(() => {});
};
// The first paint says how much of the first part has arrived: written
// once a frame at most, never between the bytes and the paint.
const status = document.querySelector('#loading .loading');
const total = ${firstPart.length};
let shown = 0;
let frame = 0;
const progress = (bytes) => {
  if (!status) return;
  shown = bytes;
  status.dataset.bytes = bytes;
  frame = frame || requestAnimationFrame(() => {
    frame = 0;
    status.textContent = \`Loading judgepad… \${Math.round(shown / 1024)} of \${Math.round(total / 1024)} KB\`;
  });
};
// The warming worker (web/src/warm.rs), handed the compiled first part:
// the page waits for it (at most WARM_WAIT ms) before its first load. Only
// where wasm is compiled lazily on the calling thread and its code shared
// between threads: Chromium's engine (navigator.userAgentData is
// Chromium's); Firefox compiles every function in the background as the
// module streams in.
// The worker is started at once, while the first part crosses the link
// (its script and the glue are small; the glue is in the cache by now), so
// that its start (a thread, an isolate, the scripts) is not between the
// compiled module and the page's first load: it is handed the module when
// it is compiled.
const warming = Boolean(navigator.userAgentData);
let warmer = null;
let warmerFailed = false;
if (warming) {
  try {
    warmer = new NativeWorker('./${warmName}', { type: 'module', name: 'judgepad-warm' });
    warmer.onerror = () => { warmerFailed = true; };
  } catch {
    warmerFailed = true;
  }
}
const warm = (module) => {
  if (!warming) return;
  // How it went (a test reads it): warmed, failed or timed out.
  let done;
  globalThis.judgepadWarmed = new Promise((resolve) => {
    done = (how) => { globalThis.judgepadWarm ??= how; resolve(); };
  });
  setTimeout(() => done('timed out'), ${WARM_WAIT});
  const end = (how) => { done(how); warmer?.terminate(); };
  if (warmerFailed || !warmer) return end('failed');
  warmer.onmessage = (event) => end(event.data === 'warmed' ? 'warmed' : 'failed');
  warmer.onerror = () => end('failed');
  warmer.postMessage(module);
};
let wasm;
try {
  const module = await WebAssembly.compileStreaming(unpacked('./${names.wasm}', progress, arrived));
  warm(module);
  // Instantiated and started in a task of its own, not in the one that
  // finished the compile (on a phone, each is long).
  await new Promise((resolve) => setTimeout(resolve));
  wasm = await init({ module_or_path: module });
} catch (error) {
  warmer?.terminate();
  if (status) {
    status.textContent = typeof WebAssembly === 'object'
      ? \`judgepad could not start: \${error && error.message ? error.message : error}. Reload the page; if it persists, this browser may block WebAssembly.\`
      : 'judgepad needs WebAssembly, which this browser does not provide.';
    status.classList.add('failed');
  }
  throw error;
}
window.wasmBindings = bindings;
dispatchEvent(new CustomEvent('TrunkApplicationStarted', { detail: { wasm } }));
`;
const bootName = `boot-${h}.js`;
fs.writeFileSync(path.join(staging, bootName), await script(boot));
const file = path.join(staging, 'index.html');
const html = fs.readFileSync(file, 'utf8');
const head = [
  `<script type="module" src="./${bootName}"></script>`,
  `<link rel="modulepreload" href="./${names.glue}">`,
  `<link rel="preload" href="./${names.wasm}" as="fetch" crossorigin>`,
  `<link rel="modulepreload" href="./${names.loader}">`,
  `<link rel="modulepreload" href="./${names.unpack}">`,
  // The later parts and the worker's script are named, not fetched: a
  // `rel` no browser knows fetches nothing, so they do not compete with the
  // first part on a slow link (a rel=prefetch did, from the first
  // millisecond); the app asks for them once it is running, and the
  // service worker (it reads every href of the page) caches them.
  ...partNames.map((f) => `<link rel="judgepad-later" href="./${f}">`),
  `<link rel="judgepad-maps" href="./${mapsName}">`,
  `<link rel="judgepad-later" href="./${workerName}" data-worker>`,
  `<link rel="judgepad-later" href="./${warmName}">`,
  ...(firstMapName ? [`<link rel="judgepad-later" href="./${firstMapName}">`] : []),
].join('');
if (!html.includes('</head>')) {
  console.error('wasm-hook: index.html has no </head>');
  process.exit(1);
}
fs.writeFileSync(file, inlineIcon(inlineStyle(html)).replace('</head>', `${head}</head>`));

// The stylesheet goes inside the page (`<style>`, allowed by its hash in the
// CSP's style-src, so still no 'unsafe-inline'): the first paint waits for
// the page alone, not for a second round trip (150 ms on a phone's Slow 4G).
// 24 KB, 5.5 KB gzipped.
function inlineStyle(page) {
  const link = page.match(/<link\b[^>]*\brel=(?:"stylesheet"|stylesheet)\b[^>]*>/);
  const href = link && link[0].match(/\bhref=(?:"([^"]+)"|([^\s>"]+))/);
  if (!href) return page;
  // The file is in the staging folder whatever the public URL before it.
  const name = path.basename(new URL(href[1] || href[2], 'http://x/').pathname);
  const at = path.join(staging, name);
  const css = fs.readFileSync(at, 'utf8');
  if (css.includes('</')) {
    console.error(`wasm-hook: ${name} holds "</", which cannot go inside <style>`);
    process.exit(1);
  }
  fs.unlinkSync(at);
  const digest = crypto.createHash('sha256').update(css).digest('base64');
  const withPolicy = page.replace(/style-src 'self'/, `style-src 'self' 'sha256-${digest}'`);
  if (withPolicy === page) {
    console.error("wasm-hook: the page's CSP has no style-src 'self' to extend");
    process.exit(1);
  }
  return withPolicy.replace(link[0], () => `<style>${css}</style>`);
}

// The page's icon goes inside it too, as a data: URL (the CSP's img-src
// allows them): the favicon and the manifest's icon check both fetched
// icon.svg at the same moment on a first visit, so it crossed the link
// twice. The file stays for the manifest and the service worker.
function inlineIcon(page) {
  const link = page.match(/<link\b[^>]*\brel=(?:"icon"|icon)\b[^>]*>/);
  const href = link && link[0].match(/\bhref=(?:"icon\.svg"|icon\.svg)(?=[\s>/])/);
  if (!href) {
    console.error('wasm-hook: index.html has no <link rel=icon href=icon.svg>');
    process.exit(1);
  }
  const svg = fs.readFileSync(path.join(root, 'www', 'icon.svg'), 'utf8').trim();
  // Attribute values in single quotes, then only what a URL must escape.
  const url = `data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[%#<>]/g, (c) => encodeURIComponent(c)).replace(/\s+/g, '%20')}`;
  return page.replace(link[0], () => link[0].replace(href[0], `href="${url}"`));
}

// The page's own classic scripts, copied by Trunk (the service worker and
// its registration).
for (const name of ['pwa.js', 'sw.js']) {
  const at = path.join(staging, name);
  if (fs.existsSync(at)) fs.writeFileSync(at, await script(fs.readFileSync(at, 'utf8'), false));
}

// The unsigned LEB128 number at `at` in `bytes`: [its value, where it ends].
function readLeb(bytes, at) {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return [value, at];
  }
}

// `value` as unsigned LEB128.
function writeLeb(value) {
  const out = [];
  do {
    let b = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) b |= 0x80;
    out.push(b);
  } while (value > 0);
  return Buffer.from(out);
}

// The section of `id` in the module `bytes`: where it starts (`at`, its id
// byte), where its content starts (`body`) and its `size`; null if none.
function findSection(bytes, id) {
  let at = 8;
  while (at < bytes.length) {
    const [size, body] = readLeb(bytes, at + 1);
    if (bytes[at] === id) return { id, at, body, size };
    at = body + size;
  }
  return null;
}

// The module `bytes` with the section `found` holding `content` instead.
function withSection(bytes, found, content) {
  const { id, at, body, size } = found;
  return Buffer.concat([bytes.subarray(0, at), Buffer.from([id]), writeLeb(content.length), content, bytes.subarray(body + size)]);
}

// The first module's imports (every JS function the wasm calls: the later
// modules call them through it) renamed `$0`, `$1` … in the module and in
// the glue's import object, in a release build. wasm-bindgen names each
// `__wbg_<name>_<16 hex digits>`: 230 names whose random hex digits gzip
// barely shrinks, written twice (the module's import section and the
// glue), all in the first load a phone waits for: 4.5 KB gzipped of it.
// Every name is replaced as a whole word; a glue that already holds a
// `$<digit>` word, or a name left over, fails the build.
function shortImports(file, glue) {
  const bytes = fs.readFileSync(file);
  const leb = (at) => readLeb(bytes, at);
  const name = (at) => {
    const [length, start] = leb(at);
    return [bytes.toString('utf8', start, start + length), start + length];
  };
  const wrote = (text) => Buffer.concat([writeLeb(Buffer.byteLength(text)), Buffer.from(text)]);
  if (/(?<![\w$])\$\d/.test(glue)) throw new Error('wasm-hook: the glue already holds a $<digit> name');
  const short = new Map();
  const imports = findSection(bytes, 2);
  if (imports) {
    const { body, size } = imports;
    // The import section: each entry's module, name and description (its
    // bytes copied as they are, their length read by kind).
    let [count, p] = leb(body);
    const entries = [writeLeb(count)];
    for (; count > 0; count -= 1) {
      const [module, afterModule] = name(p);
      const [field, afterField] = name(afterModule);
      const kind = bytes[afterField];
      let end = afterField + 1;
      const limits = () => {
        const flags = bytes[end++];
        [, end] = leb(end);
        if (flags & 1) [, end] = leb(end);
      };
      if (kind === 0) [, end] = leb(end);
      else if (kind === 1) { end += 1; limits(); }
      else if (kind === 2) limits();
      else if (kind === 3) end += 2;
      else if (kind === 4) [, end] = leb(end + 1);
      else throw new Error(`wasm-hook: an import of kind ${kind}`);
      let renamed = field;
      if (module === './judgepad-web_bg.js' && /^__wb(g|indgen)_/.test(field)) {
        if (!short.has(field)) short.set(field, `$${short.size.toString(36)}`);
        renamed = short.get(field);
      }
      entries.push(wrote(module), wrote(renamed), bytes.subarray(afterField, end));
      p = end;
    }
    if (p !== body + size) throw new Error('wasm-hook: the import section was misread');
    fs.writeFileSync(file, withSection(bytes, imports, Buffer.concat(entries)));
  }
  // The exports that call a closure (`wasm_bindgen_<hash>___convert__
  // closures_____invoke___<its argument types>`, 150 to 300 characters
  // each, the glue names each twice) become `$c0`, `$c1` …
  const exports = fs.readFileSync(file);
  const found = findSection(exports, 7);
  if (found) {
    const { body, size } = found;
    let [count, p] = readLeb(exports, body);
    const entries = [writeLeb(count)];
    for (; count > 0; count -= 1) {
      const [length, nameAt] = readLeb(exports, p);
      const field = exports.toString('utf8', nameAt, nameAt + length);
      const [, end] = readLeb(exports, nameAt + length + 1);
      let renamed = field;
      if (/^wasm_bindgen_[0-9a-f]+___convert__closures/.test(field)) {
        renamed = `$c${short.size.toString(36)}`;
        short.set(field, renamed);
      }
      entries.push(wrote(renamed), exports.subarray(nameAt + length, end));
      p = end;
    }
    if (p !== body + size) throw new Error('wasm-hook: the export section was misread');
    fs.writeFileSync(file, withSection(exports, found, Buffer.concat(entries)));
  }
  for (const [long, renamed] of short) {
    const word = new RegExp(`(?<![\\w$])${long.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
    const before = glue;
    glue = glue.replace(word, () => renamed);
    if (glue === before) throw new Error(`wasm-hook: the glue does not name the import ${long}`);
  }
  return glue;
}

// Drops the first module's exports whose names match `pattern`; returns
// their names.
function dropExports(file, pattern) {
  const bytes = fs.readFileSync(file);
  const names = [];
  const found = findSection(bytes, 7);
  if (found) {
    const { body, size } = found;
    let [count, p] = readLeb(bytes, body);
    const kept = [];
    for (; count > 0; count -= 1) {
      const start = p;
      const [length, nameAt] = readLeb(bytes, p);
      const name = bytes.toString('utf8', nameAt, nameAt + length);
      [, p] = readLeb(bytes, nameAt + length + 1);
      if (pattern.test(name)) names.push(name);
      else kept.push(bytes.subarray(start, p));
    }
    if (p !== body + size) throw new Error('wasm-hook: the export section was misread');
    fs.writeFileSync(file, withSection(bytes, found, Buffer.concat([writeLeb(kept.length), ...kept])));
  }
  return names;
}

// The glue without the classes whose exports `dropExports` took out (each
// class, its `Symbol.dispose` line and its finalization registry, as
// wasm-bindgen writes them); the build fails if any use of them is left.
function dropClasses(glue, exports) {
  const before = glue;
  glue = glue
    .replace(/^export class (IntoUnderlying\w+) \{[\s\S]*?^if \(Symbol\.dispose\) \1\.prototype\[Symbol\.dispose\] = \1\.prototype\.free;\n/gm, '')
    .replace(/^const IntoUnderlying\w+Finalization = [\s\S]*?\);\n/gm, '');
  const left = exports.filter((name) => glue.includes(name));
  if (before.length - glue.length < 1000 || left.length || /IntoUnderlying/.test(glue)) {
    throw new Error(`wasm-hook: the glue still uses the dropped exports (${left.join(', ')})`);
  }
  return glue;
}
