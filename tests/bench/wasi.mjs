// Runs a wasm32-wasip1 program under Node's WASI: node wasi.mjs FILE.wasm ARGS...
import { readFile } from 'node:fs/promises';
import { WASI } from 'node:wasi';
const [file, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: [file, ...args], env: {}, preopens: {} });
const module = await WebAssembly.compile(await readFile(file));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
wasi.start(instance);
