#!/usr/bin/env python3
"""Python oracle for bench/accuracy: writes a truth file (bench/accuracy/TRUTH.md).

Targets are enumerated with Python's own `ast`; every target's sites are what
pyright's language server (`pyright-langserver --stdio`) answers to
`textDocument/references` at the target's name, mapped to UTF-8 byte columns
and given a kind read off the `ast` of the referencing file.

Python 3.11 standard library only. Usage:

    oracle.py --corpus DIR --out OUT.json --langserver PATH [-n N] [-seed S]
              [--corpus-name TEXT]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass, field

# Directories our indexer ignores by default
# (graph/core/internal/indexer/ignore.go); their files are left out of the
# truth too, as are hidden directories (.git, .orbit, ...), which pyright
# excludes as well.
IGNORED_DIRS = {"node_modules", "vendor", "third_party", ".venv", "venv", "__pycache__",
                ".tox", ".mypy_cache", "site-packages"}
IGNORED_ROOT_DIRS = {"dist", "build", "out", "target", "bin", "obj"}

LINE_SPLIT = re.compile(r"\r\n|\r|\n")  # LSP's (and pyright's) line breaks


# ---------------------------------------------------------------- corpus


def list_files(root: str) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        rel = "" if rel == "." else rel.replace(os.sep, "/")
        keep = []
        for d in dirnames:
            if d.startswith(".") or d in IGNORED_DIRS or (rel == "" and d in IGNORED_ROOT_DIRS):
                continue
            keep.append(d)
        dirnames[:] = sorted(keep)
        for f in filenames:
            if f.endswith(".py") and not f.startswith("."):
                out.append(f"{rel}/{f}" if rel else f)
    return sorted(out)


@dataclass
class Target:
    name: str
    container: str
    file: str
    line: int
    col: int  # 1-based UTF-8 byte column of the name
    method: bool
    decorators: list[str]
    callees: list = field(default_factory=list)  # (line, bytecol, name) of calls in the body
    stratum: str = ""
    sites: list[dict] = field(default_factory=list)
    calls: list[dict] = field(default_factory=list)

    def key(self):
        return (self.file, self.line, self.col)


@dataclass
class SourceFile:
    rel: str
    text: str
    lines: list[str]  # LSP lines
    tree: ast.AST | None
    kinds: dict  # (line, bytecol) -> (kind, note)
    defs: set  # (line, bytecol) of def/class names
    funcs: set  # (line, bytecol) of def and class names (callable declarations)
    aliases: dict  # (line, bytecol) of f in `from m import f as g` -> of g
    fixture_lines: set = field(default_factory=set)  # lines pyright cannot judge (fixture_receiver_lines)


def decorator_name(d: ast.expr) -> str:
    if isinstance(d, ast.Call):
        d = d.func
    parts = []
    while isinstance(d, ast.Attribute):
        parts.append(d.attr)
        d = d.value
    if isinstance(d, ast.Name):
        parts.append(d.id)
    return ".".join(reversed(parts))


def stub_body(body: list[ast.stmt]) -> bool:
    """A body of only `...` (after an optional docstring) declares, it does not define."""
    stmts = list(body)
    if stmts and isinstance(stmts[0], ast.Expr) and isinstance(stmts[0].value, ast.Constant) \
            and isinstance(stmts[0].value.value, str) and len(stmts) > 1:
        stmts = stmts[1:]
    return all(isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant)
               and s.value.value is Ellipsis for s in stmts)


DEF_NAME = re.compile(rb"(?:async\s+)?(?:def|class)\s+")


def def_name_pos(src_lines: list[bytes], node) -> tuple[int, int]:
    """1-based line and byte column of a def's or class's name."""
    line = src_lines[node.lineno - 1]
    m = DEF_NAME.match(line, node.col_offset)
    if m and line[m.end():m.end() + len(node.name.encode())] == node.name.encode():
        return node.lineno, m.end() + 1
    # the name on a later line (backslash continuation): find it
    for ln in range(node.lineno - 1, min(len(src_lines), node.lineno + 3)):
        start = node.col_offset if ln == node.lineno - 1 else 0
        for m in re.finditer(rb"\b" + re.escape(node.name.encode()) + rb"\b", src_lines[ln]):
            if m.start() >= start:
                return ln + 1, m.start() + 1
    return node.lineno, node.col_offset + 1


def body_calls(fn) -> list:
    """The calls a def's body makes, as (line, bytecol, name) of the callee's
    name (`f` in `f()`, `m` in `obj.m()`): every call written in the body,
    nested defs, lambdas and classes included (as Go's oracle counts a
    closure's calls as its function's)."""
    out = []
    for stmt in fn.body:
        for c in ast.walk(stmt):
            if isinstance(c, ast.Call):
                f = c.func
                if isinstance(f, ast.Name):
                    out.append((f.lineno, f.col_offset + 1, f.id))
                elif isinstance(f, ast.Attribute):
                    out.append((f.end_lineno, f.end_col_offset - len(f.attr.encode()) + 1, f.attr))
    return sorted(set(out))


def analyse(root: str, rel: str, targets: list[Target]) -> SourceFile:
    with open(os.path.join(root, rel), "rb") as fh:
        raw = fh.read()
    text = raw.decode("utf-8", errors="surrogateescape")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = LINE_SPLIT.split(text)
    try:
        tree = ast.parse(raw, filename=rel, type_comments=False)
    except (SyntaxError, ValueError):
        return SourceFile(rel, text, lines, None, {}, set(), set(), {})
    src_lines = [l.encode("utf-8", errors="surrogateescape") for l in lines]
    kinds: dict = {}
    defs: set = set()
    aliases: dict = {}
    funcs: set = set()

    def mark(node: ast.expr, kind: str, note: str = ""):
        if isinstance(node, ast.Name):
            kinds.setdefault((node.lineno, node.col_offset + 1), (kind, note))
        elif isinstance(node, ast.Attribute):
            col = node.end_col_offset - len(node.attr.encode())
            kinds.setdefault((node.end_lineno, col + 1), (kind, note))

    def visit(node, chain: list[str], in_class: bool):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            ln, col = def_name_pos(src_lines, node)
            defs.add((ln, col))
            funcs.add((ln, col))
            for d in node.decorator_list:
                if isinstance(d, ast.Call):
                    mark(d.func, "call", "decorator")
                else:
                    mark(d, "value", "decorator")
                    base = d
                    while isinstance(base, ast.Attribute):
                        base = base.value
                    mark(base, "value", "decorator")  # x in @x.setter
            if isinstance(node, ast.ClassDef):
                for c in ast.iter_child_nodes(node):
                    visit(c, chain + [node.name] if c in node.body else chain, c in node.body)
                return
            decs = [decorator_name(d) for d in node.decorator_list]
            # @overload and @abstractmethod declare; a property's
            # @x.setter / @x.deleter def is another declaration of x.
            abstract = any(d.split(".")[-1] in ("abstractmethod", "overload") for d in decs) or \
                any(d == f"{node.name}.setter" or d == f"{node.name}.deleter" for d in decs)
            if not abstract and not stub_body(node.body):
                targets.append(Target(node.name, ".".join(chain), rel, ln, col, in_class, decs,
                                      body_calls(node)))
            for c in ast.iter_child_nodes(node):
                visit(c, chain + [node.name] if c in node.body else chain, False)
            return
        if isinstance(node, ast.arg):
            defs.add((node.lineno, node.col_offset + 1))  # a parameter named like the function
        elif isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            # `f = ...`, `for f in`, `convert: T = partial(...)`: binding the
            # name again declares the symbol anew (pyright answers it).
            defs.add((node.lineno, node.col_offset + 1))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            mark(node, "value", "store")  # `utils.should_strip_ansi = fake`
        if isinstance(node, ast.Call):
            mark(node.func, "call")
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                if a.name != "*":
                    kinds[(a.lineno, a.col_offset + 1)] = ("import", "")
                    if a.asname:
                        # `from m import f as g` (and the re-export idiom
                        # `f as f`): pyright answers g too, but g declares a
                        # name of this module, as a def does: not a site.
                        pos = src_lines[a.end_lineno - 1].rfind(a.asname.encode(), 0, a.end_col_offset)
                        defs.add((a.end_lineno, pos + 1))
                        if a.asname != a.name:
                            aliases[(a.lineno, a.col_offset + 1)] = (a.end_lineno, pos + 1)
        elif isinstance(node, ast.Import):
            for a in node.names:
                kinds[(a.lineno, a.col_offset + 1)] = ("import", "")
        for c in ast.iter_child_nodes(node):
            visit(c, chain, False)

    visit(tree, [], False)
    return SourceFile(rel, text, lines, tree, kinds, defs, funcs, aliases,
                      fixture_receiver_lines(rel, tree))


def fixture_receiver_lines(rel: str, tree: ast.AST) -> set:
    """Lines of a test module or conftest.py where a member is read off a
    pytest fixture parameter (`client.get(...)` in `def test_x(client)`):
    pyright types the unannotated parameter as Unknown and answers nothing
    there, so the lines are left out of the truth (unseen_lines) and our
    answers on them are not scored."""
    base = os.path.basename(rel)
    if not (base.startswith("test_") or base.endswith("_test.py") or base == "conftest.py"):
        return set()
    out: set = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        fixture = any(decorator_name(d).split(".")[-1] == "fixture" for d in fn.decorator_list)
        if not (fixture or fn.name.startswith("test")):
            continue
        args = fn.args.posonlyargs + fn.args.args
        defaulted = args[len(args) - len(fn.args.defaults):] if fn.args.defaults else []
        names = {a.arg for a in args if a.annotation is None and a not in defaulted} - {"self", "cls"}
        for node in ast.walk(fn):
            if not isinstance(node, ast.Attribute):
                continue
            root = node.value
            while isinstance(root, (ast.Attribute, ast.Call, ast.Subscript)):
                root = root.func if isinstance(root, ast.Call) else root.value
            if isinstance(root, ast.Name) and root.id in names:
                out.add(node.end_lineno)
    return out


def line_ranges(lines: set) -> list:
    """Sorted lines as [from, to] ranges."""
    out: list = []
    for ln in sorted(lines):
        if out and out[-1][1] == ln - 1:
            out[-1][1] = ln
        else:
            out.append([ln, ln])
    return out


# ---------------------------------------------------------------- sampling


class SplitMix64:
    """A small PRNG, so that a seed draws the same sample on every Python."""

    def __init__(self, seed: int):
        self.state = (seed ^ 0x6F72626974) & 0xFFFFFFFFFFFFFFFF  # "orbit"

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n

    def shuffle(self, xs: list):
        for i in range(len(xs) - 1, 0, -1):
            j = self.below(i + 1)
            xs[i], xs[j] = xs[j], xs[i]


def sample(targets: list[Target], n: int, seed: int) -> list[Target]:
    count: dict[str, int] = {}
    for t in targets:
        count[t.name] = count.get(t.name, 0) + 1
    dup, uniq = [], []
    for t in sorted(targets, key=Target.key):
        if count[t.name] > 1:
            t.stratum = "ambiguous"
            dup.append(t)
        else:
            t.stratum = "unique_method" if t.method else "unique_function"
            uniq.append(t)
    rng = SplitMix64(seed)
    rng.shuffle(dup)
    rng.shuffle(uniq)
    nd = min(n // 2, len(dup))
    nu = min(n - nd, len(uniq))
    nd = min(n - nu, len(dup))
    return sorted(dup[:nd] + uniq[:nu], key=Target.key)


# ---------------------------------------------------------------- LSP client


class LSP:
    def __init__(self, cmd: list[str], root: str, settings: dict):
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=root)
        self.settings = settings
        self.next_id = 0
        self.lock = threading.Lock()
        self.responses: dict = {}
        self.notes: list = []  # notifications from the server
        self.cond = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _send(self, msg: dict):
        body = json.dumps(msg).encode()
        with self.lock:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    with self.cond:
                        self.responses[None] = "eof"
                        self.cond.notify_all()
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            msg = json.loads(out.read(length))
            if "method" in msg and "id" in msg:  # a request from the server
                self._send({"jsonrpc": "2.0", "id": msg["id"], "result": self._answer(msg)})
            elif "id" in msg:
                with self.cond:
                    self.responses[msg["id"]] = msg
                    self.cond.notify_all()
            else:
                with self.cond:
                    self.notes.append(msg)
                    self.cond.notify_all()

    def _answer(self, msg: dict):
        if msg["method"] == "workspace/configuration":
            res = []
            for item in msg["params"].get("items", []):
                sec = item.get("section", "")
                node = self.settings
                for part in sec.split(".") if sec else []:
                    node = node.get(part, {}) if isinstance(node, dict) else {}
                res.append(node)
            return res
        return None

    def request(self, method: str, params: dict, timeout: float = 600):
        self.next_id += 1
        rid = self.next_id
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        with self.cond:
            while rid not in self.responses:
                if None in self.responses:
                    raise RuntimeError("language server exited")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"{method} timed out")
                self.cond.wait(left)
            msg = self.responses.pop(rid)
        if "error" in msg:
            raise RuntimeError(f"{method}: {msg['error']}")
        return msg.get("result")

    def wait_log(self, pattern: re.Pattern, timeout: float) -> str:
        """Waits for a window/logMessage matching pattern and returns it."""
        deadline = time.monotonic() + timeout
        seen = 0
        with self.cond:
            while True:
                for n in self.notes[seen:]:
                    if n.get("method") == "window/logMessage":
                        m = pattern.search(n["params"].get("message", ""))
                        if m:
                            return n["params"]["message"]
                seen = len(self.notes)
                if None in self.responses:
                    raise RuntimeError("language server exited")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("pyright never reported its source files")
                self.cond.wait(left)

    def notify(self, method: str, params: dict):
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self):
        try:
            self.request("shutdown", None, timeout=30)
            self.notify("exit", None)
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def utf16_to_byte(line: str, u16: int) -> int:
    units = 0
    for i, ch in enumerate(line):
        if units >= u16:
            return len(line[:i].encode("utf-8", errors="surrogateescape"))
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line.encode("utf-8", errors="surrogateescape"))


def byte_to_utf16(line: str, bcol: int) -> int:
    prefix = line.encode("utf-8", errors="surrogateescape")[:bcol].decode("utf-8", errors="surrogateescape")
    return sum(2 if ord(ch) > 0xFFFF else 1 for ch in prefix)


# ---------------------------------------------------------------- main


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--langserver", required=True, help="path to pyright-langserver")
    ap.add_argument("--oracle-name", default="pyright")
    ap.add_argument("--corpus-name", default="")
    ap.add_argument("-n", type=int, default=500)
    ap.add_argument("-seed", type=int, default=1)
    ap.add_argument("--python-version", default="3.11")
    args = ap.parse_args()

    root = os.path.realpath(args.corpus)
    files = list_files(root)
    targets: list[Target] = []
    sources: dict[str, SourceFile] = {}
    for rel in files:
        sources[rel] = analyse(root, rel, targets)
    picked = sample(targets, args.n, args.seed)
    print(f"oracle: {len(files)} files, {len(targets)} targets, {len(picked)} sampled",
          file=sys.stderr)

    settings = {"python": {"analysis": {
        "diagnosticMode": "openFilesOnly", "typeCheckingMode": "off",
        "useLibraryCodeForTypes": True, "autoSearchPaths": False,
        "autoImportCompletions": False, "logLevel": "Information"}}}
    # Every platform's branches are code: with a platform pyright does not
    # know, `sys.platform` tests are not evaluated statically, and code under
    # `if sys.platform == "win32":` is analysed (our index reads it too).
    config = os.path.join(root, "pyrightconfig.json")
    made_config = False
    if os.path.exists(config):
        print(f"oracle: using the corpus's own {config}", file=sys.stderr)
    else:
        with open(config, "w") as fh:
            json.dump({"pythonPlatform": "All", "pythonVersion": args.python_version}, fh)
        made_config = True
    try:
        return run(args, root, files, targets, sources, picked, settings)
    finally:
        if made_config:
            os.remove(config)


def references(lsp: LSP, sources: dict, root: str, rel: str, pos: dict):
    """pyright's references of the name at pos in rel, as (file, line, byte col) in sources."""
    uri = "file://" + urllib.parse.quote(os.path.join(root, rel))
    res = lsp.request("textDocument/references", {
        "textDocument": {"uri": uri}, "position": pos,
        "context": {"includeDeclaration": False}}) or []
    out = []
    for loc in res:
        path = urllib.parse.unquote(urllib.parse.urlparse(loc["uri"]).path)
        frel = os.path.relpath(os.path.realpath(path), root).replace(os.sep, "/")
        if frel not in sources:
            continue  # outside the analysed files (typeshed, site-packages)
        ln = loc["range"]["start"]["line"]
        col = utf16_to_byte(sources[frel].lines[ln], loc["range"]["start"]["character"]) + 1
        out.append((frel, ln + 1, col))
    return out


def definition(lsp: LSP, sources: dict, root: str, rel: str, line: int, col: int):
    """Where pyright says the name at line:col of rel is declared, when that is
    a def or class name in sources: (file, line), else None."""
    src = sources[rel]
    uri = "file://" + urllib.parse.quote(os.path.join(root, rel))
    pos = {"line": line - 1, "character": byte_to_utf16(src.lines[line - 1], col - 1)}
    res = lsp.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": pos}) or []
    if isinstance(res, dict):
        res = [res]
    found = []
    for loc in res:
        path = urllib.parse.unquote(urllib.parse.urlparse(loc.get("uri") or loc.get("targetUri")).path)
        frel = os.path.relpath(os.path.realpath(path), root).replace(os.sep, "/")
        if frel not in sources:
            continue
        rng = loc.get("range") or loc.get("targetSelectionRange")
        ln = rng["start"]["line"]
        c = utf16_to_byte(sources[frel].lines[ln], rng["start"]["character"]) + 1
        if (ln + 1, c) in sources[frel].funcs:
            found.append((frel, ln + 1))
    return min(found) if found else None


def run(args, root, files, targets, sources, picked, settings) -> int:
    lsp = LSP(["node", args.langserver, "--stdio"], root, settings)
    root_uri = "file://" + urllib.parse.quote(root)
    lsp.request("initialize", {
        "processId": os.getpid(), "rootUri": root_uri,
        "workspaceFolders": [{"uri": root_uri, "name": "corpus"}],
        "capabilities": {"workspace": {"configuration": True, "workspaceFolders": True},
                         "textDocument": {"references": {}}},
        "initializationOptions": {},
    })
    lsp.notify("initialized", {})
    # Requests before pyright has enumerated the workspace's files see only
    # the file asked about: wait for its "Found N source files".
    found = lsp.wait_log(re.compile(r"Found (\d+) source files?"), timeout=300)
    print(f"oracle: pyright: {found}", file=sys.stderr)

    started = time.monotonic()
    for i, t in enumerate(picked):
        src = sources[t.file]
        line_text = src.lines[t.line - 1]
        pos = {"line": t.line - 1, "character": byte_to_utf16(line_text, t.col - 1)}
        prop = "property" in t.decorators or any(d.endswith("cached_property") for d in t.decorators)
        seen: set = set()
        queue = [(t.file, pos, "")]
        while queue:
            qfile, qpos, via = queue.pop(0)
            for rel, ln, col in references(lsp, sources, root, qfile, qpos):
                s = sources[rel]
                key = (rel, ln, col)
                if key in seen or (ln, col) in s.defs:
                    continue  # a declaration of the symbol (redefinition, setter, alias)
                if ln in s.fixture_lines:
                    continue  # not judged: unseen_lines
                seen.add(key)
                kind, note = s.kinds.get((ln, col), ("value", ""))
                notes = [n for n in (note, "property" if prop else "", via) if n]
                site = {"file": rel, "line": ln, "col": col, "kind": kind}
                if notes:
                    site["note"] = ",".join(notes)
                t.sites.append(site)
                # `from m import f as g`: pyright matches names by their text,
                # so the uses of g are not among f's references; ask for g's.
                if (ln, col) in s.aliases:
                    aln, acol = s.aliases[(ln, col)]
                    queue.append((rel, {"line": aln - 1, "character": byte_to_utf16(
                        s.lines[aln - 1], acol - 1)}, "alias"))
        t.sites.sort(key=lambda s: (s["file"], s["line"], s["col"]))
        for ln, col, name in t.callees:
            if ln in sources[t.file].fixture_lines:
                continue
            d = definition(lsp, sources, root, t.file, ln, col)
            if d:
                t.calls.append({"line": ln, "col": col, "name": name,
                                "def": {"file": d[0], "line": d[1]}})
        if (i + 1) % 50 == 0:
            print(f"oracle: {i + 1}/{len(picked)} targets, {time.monotonic() - started:.0f}s",
                  file=sys.stderr)
    lsp.close()

    unseen = {rel: line_ranges(sources[rel].fixture_lines)
              for rel in files if sources[rel].fixture_lines}
    out = {
        "language": "python",
        "oracle": args.oracle_name,
        "corpus": args.corpus_name or os.path.basename(root),
        "seed": args.seed,
        "all_targets": len(targets),
        "files": files,
        **({"unseen_lines": unseen} if unseen else {}),
        "targets": [{
            "name": t.name, "container": t.container, "file": t.file, "line": t.line,
            "col": t.col, "method": t.method, "stratum": t.stratum, "sites": t.sites,
            "calls": t.calls,
        } for t in picked],
    }
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    nsites = sum(len(t.sites) for t in picked)
    print(f"oracle: wrote {args.out}: {len(picked)} targets, {nsites} sites, "
          f"{time.monotonic() - started:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
