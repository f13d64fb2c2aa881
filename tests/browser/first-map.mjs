// Writes www/first-map.html: the default variant's drawing as the release
// build in `dist` draws it (web/src/bridge/first_map.rs). Run it after a
// change to the layout, the drawing's markup or standard.map; the browser
// test "the drawing made ahead is the page's own" says when.
// Usage: node tests/browser/first-map.mjs [dist]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from './serve.mjs';
import { capture } from './first-map-lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const { page, close } = await openPage(dist, root);
const file = await capture(page, 'standard.map');
await close();
fs.writeFileSync(path.join(root, 'www', 'first-map.html'), file);
console.log(`www/first-map.html: ${file.length} bytes`);
