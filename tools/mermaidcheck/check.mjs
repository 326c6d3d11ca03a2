// Parses Mermaid files with Mermaid itself (npm mermaid under jsdom): the
// check behind graph/core/render's TestMermaidParses, run by
// scripts/mermaid-check.sh. Usage: ORBIT_MERMAID=<dir with node_modules>
// node check.mjs FILE...; exits 1 when a file does not parse, or when a
// broken diagram does (the check would then prove nothing).
import { createRequire } from 'module';
import { pathToFileURL } from 'url';
import fs from 'fs';
import path from 'path';

const dir = process.env.ORBIT_MERMAID;
const require = createRequire(path.join(dir, 'noop.js'));
const { JSDOM } = require('jsdom');
const dom = new JSDOM('<!DOCTYPE html><body></body>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
globalThis.DOMParser = dom.window.DOMParser;
const core = path.join(dir, 'node_modules', 'mermaid', 'dist', 'mermaid.core.mjs');
const mermaid = (await import(pathToFileURL(core).href)).default;
mermaid.initialize({ startOnLoad: false });

let bad = 0;
for (const f of process.argv.slice(2)) {
  try {
    await mermaid.parse(fs.readFileSync(f, 'utf8'));
  } catch (e) {
    bad++;
    console.log(`${f}: ${String(e).slice(0, 500)}`);
  }
}
try {
  await mermaid.parse('flowchart LR\n  n0["a"b"]\n');
  console.log('a broken diagram parsed: the check is not working');
  bad++;
} catch {}
console.log(`${process.argv.length - 2 - bad} of ${process.argv.length - 2} parsed`);
process.exit(bad ? 1 : 0);
