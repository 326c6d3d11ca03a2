#!/usr/bin/env node
// TypeScript oracle for Orbit Graph's accuracy bench: writes a truth file in
// the format of bench/accuracy/TRUTH.md from the `typescript` package's
// LanguageService.findReferences, each answer checked with the type checker.
//
//   node oracle.js CORPUS_DIR OUT.json [-n N] [-seed S]
//
// Deterministic: the same corpus, typescript version and seed give the same
// bytes. Progress goes to stderr.
'use strict';

const fs = require('fs');
const path = require('path');
const ts = require('typescript');

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const a = { n: 500, seed: 1, pos: [] };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i];
    if (v === '-n' || v === '--n') a.n = Number(argv[++i]);
    else if (v === '-seed' || v === '--seed') a.seed = Number(argv[++i]);
    else a.pos.push(v);
  }
  if (a.pos.length !== 2 || !Number.isInteger(a.n) || a.n < 0 || !Number.isInteger(a.seed)) {
    process.stderr.write('usage: oracle.js CORPUS_DIR OUT.json [-n N] [-seed S]\n');
    process.exit(2);
  }
  return a;
}

// ---------------------------------------------------------------- files

// Directories our indexer skips by default (graph/core/internal/indexer/
// ignore.go): left out of the truth too, so that both see the same tree.
const SKIP_DIRS = new Set(['node_modules', 'vendor', 'third_party', '.venv', 'venv', '__pycache__', '.tox', '.mypy_cache', 'site-packages']);
const SKIP_ROOT_DIRS = new Set(['dist', 'build', 'out', 'target', 'bin', 'obj']);
const SOURCE_EXT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const DECL_FILE = /\.d\.[mc]?ts$|\.d\.[^/]*\.ts$/;

function skippedRel(rel) {
  const parts = rel.split('/');
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i];
    if (p.startsWith('.') || SKIP_DIRS.has(p) || (i === 0 && SKIP_ROOT_DIRS.has(p))) return true;
  }
  return false;
}

function walk(root) {
  const out = [];
  const rec = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((x, y) => cmp(x.name, y.name))) {
      const abs = path.join(dir, e.name);
      const rel = path.relative(root, abs).split(path.sep).join('/');
      if (e.isDirectory()) {
        if (!skippedRel(rel + '/x')) rec(abs);
      } else if (e.isFile() && SOURCE_EXT.test(e.name)) {
        out.push(abs);
      }
    }
  };
  rec(root);
  return out;
}

function cmp(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

const DEFAULT_OPTIONS = {
  allowJs: true,
  checkJs: false,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.Preserve,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  resolveJsonModule: true,
  esModuleInterop: true,
  allowImportingTsExtensions: true,
};

// program options and root files: the corpus's tsconfig.json when it has
// one, else every source file with the default options.
function loadConfig(root) {
  const cfgPath = path.join(root, 'tsconfig.json');
  if (fs.existsSync(cfgPath)) {
    const read = ts.readConfigFile(cfgPath, ts.sys.readFile);
    if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, cfgPath);
    const options = Object.assign({}, parsed.options, { noEmit: true });
    return { options, rootNames: parsed.fileNames.slice().sort(cmp), config: 'tsconfig.json' };
  }
  return { options: DEFAULT_OPTIONS, rootNames: walk(root), config: 'default (allowJs)' };
}

// ---------------------------------------------------------------- positions

// col1 is the 1-based UTF-8 byte column of a UTF-16 position.
function lineCol(sf, pos) {
  const lc = sf.getLineAndCharacterOfPosition(pos);
  const lineStart = sf.getPositionOfLineAndCharacter(lc.line, 0);
  let col = Buffer.byteLength(sf.text.slice(lineStart, pos), 'utf8') + 1;
  if (lc.line === 0 && sf.__bom) col += 3; // ts.sys.readFile drops a UTF-8 BOM
  return { line: lc.line + 1, col };
}

// ---------------------------------------------------------------- targets

function nameText(name) {
  if (!name) return '';
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return ''; // computed
}

function isFuncValue(e) {
  return !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e));
}

// collectTargets finds the functions and methods declared with a body, as
// our TypeScript extractor names them: a function declaration, a const/let/
// var initialised with a function or arrow (any level), a method of a named
// class, a class field initialised with a function. container is the chain
// of enclosing named classes, namespaces and functions (a selector's
// prefix). Members of anonymous classes and of object literals have no
// selector and are left out; so are constructors and accessors.
function collectTargets(sf, rel) {
  const out = [];
  const add = (decl, nameNode, name, chain, method) => {
    const p = lineCol(sf, nameNode.getStart(sf));
    out.push({ decl, nameNode, name, container: chain.join('.'), file: rel, line: p.line, col: p.col, method, sf });
  };
  const visit = (node, chain) => {
    if (ts.isFunctionDeclaration(node)) {
      const name = nameText(node.name);
      if (name && node.body) add(node, node.name, name, chain, false);
      return ts.forEachChild(node, (c) => visit(c, name ? chain.concat(name) : chain));
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isFuncValue(node.initializer)) {
      const name = node.name.text;
      add(node, node.name, name, chain, false);
      return ts.forEachChild(node, (c) => visit(c, chain.concat(name)));
    }
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      let cname = nameText(node.name);
      if (!cname && ts.isClassExpression(node) && ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) {
        cname = node.parent.name.text;
      }
      if (!cname) {
        // anonymous: its members are no symbols; what they contain is walked
        // under the enclosing prefix.
        return ts.forEachChild(node, (c) => visitAnon(c, chain));
      }
      const cchain = chain.concat(cname);
      for (const m of node.members) {
        const name = nameText(m.name);
        if (ts.isMethodDeclaration(m)) {
          if (name && m.body) add(m, m.name, name, cchain, true);
          ts.forEachChild(m, (c) => visit(c, name ? cchain.concat(name) : cchain));
        } else if (ts.isPropertyDeclaration(m) && isFuncValue(m.initializer)) {
          if (name) add(m, m.name, name, cchain, true);
          ts.forEachChild(m, (c) => visit(c, name ? cchain.concat(name) : cchain));
        } else if (ts.isConstructorDeclaration(m) || ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m)) {
          ts.forEachChild(m, (c) => visit(c, name ? cchain.concat(name) : cchain.concat(ts.isConstructorDeclaration(m) ? 'constructor' : [])));
        } else {
          ts.forEachChild(m, (c) => visit(c, cchain));
        }
      }
      // decorators, heritage clauses
      if (node.heritageClauses) node.heritageClauses.forEach((h) => visit(h, chain));
      return;
    }
    if (ts.isModuleDeclaration(node) && node.name && ts.isIdentifier(node.name)) {
      return ts.forEachChild(node, (c) => visit(c, chain.concat(node.name.text)));
    }
    return ts.forEachChild(node, (c) => visit(c, chain));
  };
  const visitAnon = (node, chain) => {
    if (ts.isMethodDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
      return ts.forEachChild(node, (c) => visit(c, chain));
    }
    return visit(node, chain);
  };
  ts.forEachChild(sf, (c) => visit(c, []));
  return out;
}

// ---------------------------------------------------------------- sampling

// A small seeded PRNG (mulberry32): the draw is stable for a seed, not the
// same as the Go oracle's PCG.
function rng(seed) {
  let a = (seed ^ 0x6f726269) >>> 0; // "orbi"
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(arr, rand) {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [arr[i], arr[j]] = [arr[j], arr[i]];
  }
}

function byPos(a, b) { return cmp(a.file, b.file) || a.line - b.line || a.col - b.col; }

// sample draws n targets, half of them (when there are enough) among short
// names declared more than once, the rest among the others (as
// bench/accuracy/sample.go).
function sample(targets, n, seed) {
  const count = new Map();
  for (const t of targets) count.set(t.name, (count.get(t.name) || 0) + 1);
  const dup = [], uniq = [];
  for (const t of targets.slice().sort(byPos)) {
    if (count.get(t.name) > 1) { t.stratum = 'ambiguous'; dup.push(t); }
    else { t.stratum = t.method ? 'unique_method' : 'unique_function'; uniq.push(t); }
  }
  const rand = rng(seed);
  shuffle(dup, rand);
  shuffle(uniq, rand);
  let nd = Math.min(Math.floor(n / 2), dup.length);
  const nu = Math.min(n - nd, uniq.length);
  nd = Math.min(n - nu, dup.length);
  return dup.slice(0, nd).concat(uniq.slice(0, nu)).sort(byPos);
}

// ---------------------------------------------------------------- sites

function findNode(sf, pos) {
  // the innermost node whose span starts at pos (an identifier, a private
  // name or a string literal)
  let found;
  const rec = (n) => {
    if (pos < n.getStart(sf) || pos >= n.getEnd()) return;
    if (n.getStart(sf) === pos) found = n;
    ts.forEachChild(n, rec);
  };
  rec(sf);
  return found;
}

// resolve is the symbol a reference denotes, aliases followed.
function resolve(checker, node) {
  const p = node.parent;
  let s;
  if (p && ts.isShorthandPropertyAssignment(p) && p.name === node) s = checker.getShorthandAssignmentValueSymbol(p);
  else if (p && ts.isExportSpecifier(p) && !p.parent.parent.moduleSpecifier) {
    s = checker.getExportSpecifierLocalTargetSymbol(p);
  }
  if (!s) s = checker.getSymbolAtLocation(node);
  for (let i = 0; s && (s.flags & ts.SymbolFlags.Alias) && i < 16; i++) {
    const t = checker.getAliasedSymbol(s);
    if (!t || t === s) break;
    s = t;
  }
  return s;
}

function skipOuter(n) {
  // climb from a name to the expression that uses it: a.b.NAME, a[NAME],
  // (NAME), NAME!, NAME as T, NAME<T>
  for (;;) {
    const p = n.parent;
    if (!p) return n;
    if ((ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isElementAccessExpression(p) && p.argumentExpression === n) ||
        ts.isParenthesizedExpression(p) || ts.isNonNullExpression(p) || ts.isExpressionWithTypeArguments(p) ||
        (ts.isQualifiedName(p) && p.right === n)) {
      n = p;
      continue;
    }
    return n;
  }
}

function isDynamicImport(e) {
  while (e && (ts.isAwaitExpression(e) || ts.isParenthesizedExpression(e))) e = e.expression;
  return !!e && ts.isCallExpression(e) && e.expression.kind === ts.SyntaxKind.ImportKeyword;
}

// classify is a site's kind (call, import, value) and an optional note.
function classify(node) {
  const p = node.parent;
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isImportEqualsDeclaration(p) || ts.isExportSpecifier(p)) {
    return { kind: 'import' };
  }
  if (ts.isBindingElement(p)) {
    // const { NAME } = await import('./m')
    let d = p.parent;
    while (d && !ts.isVariableDeclaration(d) && !ts.isParameter(d)) d = d.parent;
    if (d && ts.isVariableDeclaration(d) && isDynamicImport(d.initializer)) return { kind: 'import', note: 'dynamic import' };
    return { kind: 'value', note: 'destructuring' };
  }
  if (ts.isJsxOpeningElement(p) || ts.isJsxSelfClosingElement(p)) return { kind: 'call', note: 'jsx' };
  if (ts.isJsxClosingElement(p)) return { kind: 'value', note: 'jsx closing tag' };
  const e = skipOuter(node);
  const q = e.parent;
  if (q && ts.isExportAssignment(q)) return { kind: 'import', note: 'export default' };
  if (q && (ts.isCallExpression(q) || ts.isNewExpression(q)) && q.expression === e) {
    return ts.isElementAccessExpression(e) && e.argumentExpression === node ? { kind: 'call', note: 'element access' } : { kind: 'call' };
  }
  if (q && ts.isTaggedTemplateExpression(q) && q.tag === e) return { kind: 'call', note: 'tagged template' };
  if (q && ts.isDecorator(q)) return { kind: 'value', note: 'decorator' };
  if (q && ts.isBinaryExpression(q) && q.left === e && q.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    return { kind: 'value', note: 'write' }; // this.m = this.m.bind(this)
  }
  if (q && ts.isTypeQueryNode(q)) return { kind: 'value', note: 'typeof' };
  if (q && ts.isLiteralTypeNode(q)) return { kind: 'value', note: 'type' };
  if (q && ts.isShorthandPropertyAssignment(q)) return { kind: 'value', note: 'shorthand property' };
  if (p && ts.isPropertyAssignment(p) && p.name === node) return { kind: 'value', note: 'property name' };
  return { kind: 'value' };
}

function isDeclName(node, sym) {
  const p = node.parent;
  if (!p || p.name !== node) return false;
  return (sym && sym.declarations || []).includes(p) || ts.isFunctionLike(p) && !p.body;
}

// ---------------------------------------------------------------- calls

// defOf is the declaration a call's callee resolves to when it is a function
// or method of the analysed files (interface and abstract members
// included, as in Go): the one with a body among overloads, else the first.
// A property of a union with several bodies is left out.
function defOf(checker, sym, inFiles) {
  const decls = ((sym && sym.declarations) || []).filter((d) => {
    if (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d) || ts.isMethodSignature(d)) return true;
    return (ts.isVariableDeclaration(d) || ts.isPropertyDeclaration(d)) && isFuncValue(d.initializer);
  });
  if (decls.length === 0) return undefined;
  const bodies = decls.filter((d) => d.body || d.initializer);
  if (bodies.length > 1) return undefined;
  const d = bodies[0] || decls[0];
  if (!inFiles.has(d.getSourceFile().fileName) || !d.name) return undefined;
  return d;
}

// collectCalls lists the calls a target's body makes (everything inside it:
// closures and nested functions included, as our index attributes them)
// whose callee is a function or method of the analysed files.
function collectCalls(checker, t, inFiles) {
  const out = [];
  const sf = t.sf;
  const body = ts.isVariableDeclaration(t.decl) || ts.isPropertyDeclaration(t.decl) ? t.decl.initializer : t.decl;
  const visit = (n) => {
    if (ts.isCallExpression(n) || ts.isTaggedTemplateExpression(n)) {
      let callee = ts.isCallExpression(n) ? n.expression : n.tag;
      while (ts.isParenthesizedExpression(callee) || ts.isNonNullExpression(callee)) callee = callee.expression;
      let nameNode;
      if (ts.isIdentifier(callee)) nameNode = callee;
      else if (ts.isPropertyAccessExpression(callee)) nameNode = callee.name;
      else if (ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)) nameNode = callee.argumentExpression;
      if (nameNode) {
        const d = defOf(checker, resolve(checker, nameNode), inFiles);
        if (d) {
          const p = lineCol(sf, nameNode.getStart(sf));
          const dsf = d.getSourceFile();
          const dp = lineCol(dsf, d.name.getStart(dsf));
          out.push({ line: p.line, col: p.col, name: nameText(d.name), def: { file: inFiles.get(dsf.fileName), line: dp.line } });
        }
      }
    }
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(body, visit);
  out.sort((a, b) => a.line - b.line || a.col - b.col);
  return out;
}

// ---------------------------------------------------------------- main

function main() {
  const args = parseArgs(process.argv.slice(2));
  const root = path.resolve(args.pos[0]);
  const outPath = args.pos[1];
  const { options, rootNames, config } = loadConfig(root);
  const bom = new Set();
  const host = {
    getScriptFileNames: () => rootNames,
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => {
      if (!fs.existsSync(f)) return undefined;
      const text = ts.sys.readFile(f);
      if (text === undefined) return undefined;
      if (fs.readFileSync(f).subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))) bom.add(f);
      return ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
    useCaseSensitiveFileNames: () => true,
  };
  const ls = ts.createLanguageService(host, ts.createDocumentRegistry());
  const t0 = Date.now();
  const program = ls.getProgram();
  const checker = program.getTypeChecker();
  const relOf = (f) => path.relative(root, f).split(path.sep).join('/');
  const inFiles = new Map(); // abs file name -> rel
  for (const sf of program.getSourceFiles()) {
    const f = sf.fileName;
    const rel = relOf(f);
    if (rel.startsWith('..') || path.isAbsolute(rel) || DECL_FILE.test(f) || !SOURCE_EXT.test(f) || skippedRel(rel)) continue;
    if (bom.has(f)) sf.__bom = true;
    inFiles.set(f, rel);
  }
  const files = [...inFiles.values()].sort(cmp);
  process.stderr.write(`oracle: ${files.length} files (${config}), program in ${Date.now() - t0} ms\n`);

  let all = [];
  for (const [f, rel] of [...inFiles].sort((a, b) => cmp(a[1], b[1]))) {
    all = all.concat(collectTargets(program.getSourceFile(f), rel));
  }
  const picked = sample(all, args.n, args.seed);
  process.stderr.write(`oracle: ${all.length} targets, ${picked.length} sampled\n`);

  const dropped = {};
  const debug = process.env.ORACLE_DEBUG === '1';
  let cur = null, curRef = null;
  const drop = (why) => {
    dropped[why] = (dropped[why] || 0) + 1;
    if (debug && curRef) {
      const sf = program.getSourceFile(curRef.fileName);
      const lc = sf.getLineAndCharacterOfPosition(curRef.textSpan.start);
      process.stderr.write(`drop ${why}: ${relOf(curRef.fileName)}:${lc.line + 1}:${lc.character + 1} for ${cur.file}:${cur.line} ${cur.container}.${cur.name}\n`);
    }
  };
  const targets = [];
  let nSites = 0, nCalls = 0;
  const t1 = Date.now();
  for (const [k, t] of picked.entries()) {
    const fileName = t.sf.fileName;
    const seen = new Set();
    const sites = [];
    const groups = ls.findReferences(fileName, t.nameNode.getStart(t.sf)) || [];
    for (const g of groups) {
      for (const r of g.references) {
        cur = t; curRef = r;
        const rel = inFiles.get(r.fileName);
        if (r.isDefinition) { drop('definition'); continue; }
        if (rel === undefined) { drop('outside files'); continue; }
        const sf = program.getSourceFile(r.fileName);
        let node = findNode(sf, r.textSpan.start);
        if (!node || !(ts.isIdentifier(node) || ts.isPrivateIdentifier(node))) {
          // obj["name"]: the span is the string's text, after its quote
          const lit = findNode(sf, r.textSpan.start - 1);
          if (lit && ts.isStringLiteralLike(lit)) node = lit;
        }
        if (!node) { drop('no AST node (a JSDoc {@link})'); continue; }
        const sym = resolve(checker, node);
        if (isDeclName(node, sym)) { drop('declaration'); continue; }
        if (node.parent && (ts.isImportSpecifier(node.parent) || ts.isExportSpecifier(node.parent)) &&
            node.parent.propertyName && node.parent.name === node) {
          drop('alias name of a renaming specifier'); continue; // `x as NAME`: declares NAME; `x` is the site
        }
        const decls = (sym && sym.declarations) || [];
        if (!decls.includes(t.decl)) { drop('other symbol (base/interface member, related)'); continue; }
        const p = lineCol(sf, node.getStart(sf));
        const key = `${rel}:${p.line}:${p.col}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const c = classify(node);
        const site = { file: rel, line: p.line, col: p.col, kind: c.kind };
        let note = c.note;
        if (decls.length > 1 && decls.some((d) => d !== t.decl && ts.isFunctionLike(d) && d.body)) {
          note = note ? note + ', union' : 'union'; // a property of a union of types: several bodies
        }
        if (note) site.note = note;
        sites.push(site);
      }
    }
    sites.sort(byPos);
    nSites += sites.length;
    const calls = collectCalls(checker, t, inFiles);
    nCalls += calls.length;
    const o = { name: t.name, container: t.container, file: t.file, line: t.line, col: t.col, method: t.method, stratum: t.stratum, sites, calls };
    targets.push(o);
    if ((k + 1) % 50 === 0) process.stderr.write(`oracle: ${k + 1}/${picked.length} targets, ${nSites} sites, ${Date.now() - t1} ms\n`);
  }
  process.stderr.write(`oracle: ${targets.length} targets, ${nSites} sites, ${nCalls} calls in ${Date.now() - t1} ms; left out: ${JSON.stringify(dropped)}\n`);

  const corpus = corpusName(root);
  fs.writeFileSync(outPath, render({
    language: 'typescript',
    oracle: `typescript ${ts.version} LanguageService.findReferences`,
    corpus,
    seed: args.seed,
    all_targets: all.length,
    files,
    targets,
  }));
}

function corpusName(root) {
  try {
    const p = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    if (p.name && p.version) return `${p.name}@${p.version}`;
  } catch (e) { /* none */ }
  return path.basename(root);
}

// render writes the truth file: one line per file name and per site.
function render(t) {
  const j = JSON.stringify;
  const L = [];
  L.push('{');
  for (const k of ['language', 'oracle', 'corpus', 'seed', 'all_targets']) L.push(`  ${j(k)}: ${j(t[k])},`);
  L.push('  "files": [');
  t.files.forEach((f, i) => L.push(`    ${j(f)}${i < t.files.length - 1 ? ',' : ''}`));
  L.push('  ],');
  L.push('  "targets": [');
  t.targets.forEach((x, i) => {
    const head = ['name', 'container', 'file', 'line', 'col', 'method', 'stratum'].map((k) => `${j(k)}: ${j(x[k])}`).join(', ');
    const one = (o) => j(o).replace(/,"/g, ', "').replace(/":/g, '": ');
    const list = (key, items, last) => {
      const end = last ? '' : ',';
      if (items.length === 0) { L.push(`      ${j(key)}: []${end}`); return; }
      L.push(`      ${j(key)}: [`);
      items.forEach((s, k) => L.push(`        ${one(s)}${k < items.length - 1 ? ',' : ''}`));
      L.push(`      ]${end}`);
    };
    L.push(`    {${head},`);
    list('sites', x.sites, false);
    list('calls', x.calls, true);
    L.push(`    }${i < t.targets.length - 1 ? ',' : ''}`);
  });
  L.push('  ]');
  L.push('}');
  return L.join('\n') + '\n';
}

module.exports = { findNode };

if (require.main === module) main();
