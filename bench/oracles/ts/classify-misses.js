#!/usr/bin/env node
// Puts the refs misses of an accuracy report into classes read off the
// TypeScript AST and type checker at each missed site: what the receiver of
// a missed method call is (a callback parameter typed by the callee's
// signature, a variable typed by a call's return, `new C()`, a namespace
// import of a package, a chain…), which kind of import, which kind of value.
//
//   go run -tags sqlite_fts5 ./bench/accuracy -truth T.json -corpus DIR -copy -format json > R.json
//   node classify-misses.js R.json DIR [-floor same_module] [-examples 3]
//
// A site missed at the floor is one returned by no answer at or above it.
'use strict';

const fs = require('fs');
const path = require('path');
const ts = require('typescript');
const { findNode } = require('./oracle.js');

const LEVELS = ['exact', 'import_resolved', 'same_module', 'fuzzy_name'];

function main() {
  const argv = process.argv.slice(2);
  const pos = [];
  let floor = 'same_module', nEx = 3;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '-floor') floor = argv[++i];
    else if (argv[i] === '-examples') nEx = Number(argv[++i]);
    else pos.push(argv[i]);
  }
  if (pos.length !== 2) {
    process.stderr.write('usage: classify-misses.js REPORT.json CORPUS_DIR [-floor LEVEL] [-examples N]\n');
    process.exit(2);
  }
  const report = JSON.parse(fs.readFileSync(pos[0], 'utf8'));
  const root = path.resolve(pos[1]);
  const f = LEVELS.indexOf(floor);
  const misses = (report.refs.misses || []).filter((m) => !m.level || LEVELS.indexOf(m.level) > f);

  const cfgPath = path.join(root, 'tsconfig.json');
  let options = { allowJs: true, jsx: ts.JsxEmit.Preserve, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
  let rootNames = [...new Set(misses.map((m) => path.join(root, m.site.replace(/:\d+:\d+$/, ''))))];
  if (fs.existsSync(cfgPath)) {
    const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(cfgPath, ts.sys.readFile).config, ts.sys, root, undefined, cfgPath);
    options = parsed.options;
    rootNames = parsed.fileNames;
  }
  const program = ts.createProgram(rootNames, Object.assign({}, options, { noEmit: true }));
  const checker = program.getTypeChecker();

  const classes = new Map();
  for (const m of misses) {
    const [, file, line, col] = m.site.match(/^(.*):(\d+):(\d+)$/);
    const sf = program.getSourceFile(path.join(root, file));
    let cls = 'file not in program';
    if (sf) {
      const pos = posOf(sf, Number(line), Number(col));
      const node = findNode(sf, pos);
      cls = node ? classify(checker, node) : 'no node';
    }
    cls += m.level ? ' [fuzzy_name]' : ' [none]';
    if (!classes.has(cls)) classes.set(cls, []);
    classes.get(cls).push(`${m.site} (${m.target.replace(/@.*/, '')})`);
  }
  const rows = [...classes].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  console.log(`${misses.length} truth sites missed at the floor ${floor}\n`);
  console.log('| class [best level returned] | n | examples |');
  console.log('| --- | ---: | --- |');
  for (const [k, v] of rows) console.log(`| ${k} | ${v.length} | ${v.slice(0, nEx).map((s) => '`' + s + '`').join(', ')} |`);
}

// posOf turns a 1-based line and UTF-8 byte column into a UTF-16 position.
function posOf(sf, line, col) {
  const start = sf.getPositionOfLineAndCharacter(line - 1, 0);
  const lineText = sf.text.slice(start, sf.getLineEndOfPosition(start));
  const bytes = Buffer.from(lineText, 'utf8');
  return start + bytes.subarray(0, col - 1).toString('utf8').length;
}

function isBare(spec) { return !!spec && !spec.startsWith('.') && !spec.startsWith('/'); }

function moduleSpecOf(decl) {
  let d = decl;
  while (d && !ts.isImportDeclaration(d) && !ts.isExportDeclaration(d)) d = d.parent;
  return d && d.moduleSpecifier && ts.isStringLiteral(d.moduleSpecifier) ? d.moduleSpecifier.text : undefined;
}

function classify(checker, node) {
  const p = node.parent;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p)) {
    const spec = moduleSpecOf(p);
    const kind = ts.isExportSpecifier(p) ? 'export { F } from' : 'import { F }';
    return `${kind} ${isBare(spec) ? 'a package (bare specifier)' : spec ? 'a relative module' : '(local)'}${reexported(checker, node) ? ', declared behind export *' : ''}`;
  }
  if (ts.isJsxOpeningLikeElement(p) || ts.isJsxClosingElement(p)) return 'JSX tag';
  let e = node;
  if ((ts.isPropertyAccessExpression(p) || ts.isPropertyAccessChain(p)) && p.name === node) e = p;
  else if (ts.isElementAccessExpression(p) && p.argumentExpression === node) e = p;
  let q = e.parent;
  while (q && (ts.isNonNullExpression(q) || ts.isParenthesizedExpression(q))) { e = q; q = q.parent; }
  const isCall = q && (ts.isCallExpression(q) || ts.isNewExpression(q)) && q.expression === e;
  if (!isCall) {
    if (q && ts.isBinaryExpression(q) && q.left === e) return 'value: assigned to (this.m = this.m.bind(this))';
    if (ts.isShorthandPropertyAssignment(p)) return 'value: shorthand property { F }';
    if (q && ts.isCallExpression(q) && q.arguments.includes(e)) return `value: argument (callback)${e !== node ? ' x.M' : ''}`;
    if (q && ts.isPropertyAssignment(q) && q.initializer === e) return `value: property value { k: F }${e !== node ? ' x.M' : ''}`;
    if (q && ts.isVariableDeclaration(q)) return `value: variable initialiser${e !== node ? ' x.M' : ''}`;
    if (q && (ts.isTypeQueryNode(q) || ts.isIndexedAccessTypeNode(q) || ts.isLiteralTypeNode(q))) return 'value: in a type';
    if (q && ts.isPropertyAccessExpression(q) && q.expression === e) return `value: receiver of .bind/.call (F.m)`;
    return `value: other${e !== node ? ' x.M' : ''}`;
  }
  const opt = (e.questionDotToken || (ts.isPropertyAccessExpression(e) && e.questionDotToken)) ? ' (?.)' : '';
  if (e === node || !ts.isPropertyAccessExpression(e) && !ts.isElementAccessExpression(e)) {
    return 'call F(): ' + nameOrigin(checker, node);
  }
  return 'call x.M(): ' + receiverClass(checker, e.expression) + opt;
}

// reexported: the name's module reaches the declaration through `export *`.
function reexported(checker, node) {
  const s = checker.getSymbolAtLocation(node);
  if (!s || !(s.flags & ts.SymbolFlags.Alias)) return false;
  const t = checker.getImmediateAliasedSymbol(s);
  return !!t && !(t.flags & ts.SymbolFlags.Alias) && !!t.declarations && t.declarations.length > 0 &&
    moduleOf(t.declarations[0]) !== moduleOfSpecifierTarget(checker, node);
}
function moduleOf(d) { return d.getSourceFile().fileName; }
function moduleOfSpecifierTarget(checker, node) {
  let d = node.parent;
  while (d && !ts.isImportDeclaration(d) && !ts.isExportDeclaration(d)) d = d.parent;
  if (!d || !d.moduleSpecifier) return undefined;
  const m = checker.getSymbolAtLocation(d.moduleSpecifier);
  return m && m.declarations && m.declarations[0] ? m.declarations[0].getSourceFile().fileName : undefined;
}

function nameOrigin(checker, id) {
  const s = checker.getSymbolAtLocation(id);
  if (!s) return 'unresolved';
  if (s.flags & ts.SymbolFlags.Alias) {
    const d = s.declarations && s.declarations[0];
    const spec = d && moduleSpecOf(d);
    return `imported (${isBare(spec) ? 'package' : 'relative'})${d && ts.isImportSpecifier(d) && d.propertyName ? ', renamed' : ''}`;
  }
  const d = s.valueDeclaration;
  if (d && d.getSourceFile() === id.getSourceFile()) return 'same file';
  return 'other';
}

function declOf(checker, id) {
  const s = checker.getSymbolAtLocation(id);
  return s && (s.valueDeclaration || (s.declarations && s.declarations[0]));
}

function receiverClass(checker, r) {
  while (ts.isParenthesizedExpression(r) || ts.isNonNullExpression(r) || ts.isAsExpression(r) || ts.isSatisfiesExpression(r)) r = r.expression;
  if (r.kind === ts.SyntaxKind.ThisKeyword) return 'this';
  if (r.kind === ts.SyntaxKind.SuperKeyword) return 'super';
  if (ts.isCallExpression(r)) return 'chained on a call result f().M()';
  if (ts.isNewExpression(r)) return 'new C().M()';
  if (ts.isAwaitExpression(r)) return 'on (await f()).M()';
  if (ts.isPropertyAccessExpression(r)) {
    // z.core.F(), a.b.M()
    const inner = checker.getSymbolAtLocation(r.name);
    if (inner && (inner.flags & ts.SymbolFlags.Alias || inner.flags & ts.SymbolFlags.ValueModule)) return 'namespace member of a namespace ns.sub.F()';
    return 'member of a property a.b.M() (its declared type)';
  }
  if (ts.isElementAccessExpression(r)) return 'element a[i].M()';
  if (!ts.isIdentifier(r)) return 'other receiver ' + ts.SyntaxKind[r.kind];
  const s = checker.getSymbolAtLocation(r);
  if (!s) return 'unresolved receiver';
  if (s.flags & ts.SymbolFlags.Alias) {
    const d = s.declarations && s.declarations[0];
    const spec = d && moduleSpecOf(d);
    const where = isBare(spec) ? 'a package (bare specifier)' : 'a relative module';
    if (d && ts.isNamespaceImport(d)) return `namespace import of ${where} ns.F()`;
    const t = checker.getAliasedSymbol(s);
    if (t.flags & ts.SymbolFlags.Class) return `static C.M() of an imported class (${where})`;
    if (t.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) return `imported namespace/re-export object ns.F() from ${where}`;
    const td = t.valueDeclaration;
    if (td && ts.isVariableDeclaration(td) && td.initializer && ts.isNewExpression(td.initializer)) return `imported instance (export const x = new C()) from ${where}`;
    if (td && ts.isVariableDeclaration(td) && td.type) return `imported variable with a declared type from ${where}`;
    return `imported value from ${where}`;
  }
  if (s.flags & ts.SymbolFlags.Class) return 'static C.M()';
  const d = s.valueDeclaration;
  if (!d) return 'receiver without declaration';
  if (ts.isParameter(d)) {
    const fn = d.parent;
    if (d.type) return `parameter with a declared type${typeShape(checker, d.type)}`;
    if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parent && (ts.isCallExpression(fn.parent) || ts.isNewExpression(fn.parent))) {
      return "callback parameter typed by the callee's signature ((c) => c.M())";
    }
    if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) return 'contextually typed parameter (property/return position)';
    return 'untyped parameter';
  }
  if (ts.isBindingElement(d)) return 'destructured binding';
  if (ts.isVariableDeclaration(d)) {
    if (d.type) return `variable with a declared type${typeShape(checker, d.type)}`;
    let init = d.initializer;
    while (init && (ts.isAwaitExpression(init) || ts.isParenthesizedExpression(init) || ts.isAsExpression(init))) init = init.expression;
    if (!init) return 'variable without initialiser';
    if (ts.isNewExpression(init)) return 'variable = new C()';
    if (ts.isCallExpression(init)) return "variable typed by a call's return (x = f(); x.M())";
    if (d.parent && d.parent.parent && ts.isForOfStatement(d.parent.parent)) return 'for-of element';
    return 'variable (other inferred type)';
  }
  if (ts.isPropertyDeclaration(d)) return 'class field';
  if (ts.isFunctionDeclaration(d)) return 'function object f.M()';
  return 'receiver ' + ts.SyntaxKind[d.kind];
}

function typeShape(checker, typeNode) {
  const t = checker.getTypeFromTypeNode(typeNode);
  if (t.flags & ts.TypeFlags.TypeParameter) return ' (a type parameter)';
  if (t.isUnion()) return ' (a union)';
  const s = t.getSymbol();
  if (s && s.flags & ts.SymbolFlags.Interface) return ' (an interface/type)';
  if (s && s.flags & ts.SymbolFlags.Class) return ' (a class)';
  return '';
}

main();
