// Trunk post-build hook: Trunk starts the wasm with an inline module
// script; a Content-Security-Policy without 'unsafe-inline' forbids that.
// This moves the script into its own file (named by a hash of its text)
// and points the page at it, so the page's CSP can say script-src 'self'.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('boot-hook: TRUNK_STAGING_DIR is not set (run by Trunk only)');
  process.exit(1);
}
const file = path.join(dir, 'index.html');
const html = fs.readFileSync(file, 'utf8');
const inline = /<script type=(?:"module"|module)>([\s\S]*?)<\/script>/;
const found = html.match(inline);
if (!found) {
  console.error('boot-hook: no inline module script in index.html');
  process.exit(1);
}
const code = found[1];
const hash = crypto.createHash('sha256').update(code).digest('hex').slice(0, 16);
const name = `boot-${hash}.js`;
fs.writeFileSync(path.join(dir, name), code);
fs.writeFileSync(file, html.replace(inline, `<script type="module" src="./${name}"></script>`));
