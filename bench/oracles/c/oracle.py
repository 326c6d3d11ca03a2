#!/usr/bin/python3
"""C oracle for bench/accuracy (issue 13): libclang (Debian python3-clang-14).

Parses every .c translation unit of a corpus once, with the include paths
and defines of a profile (profiles/*.json), and writes a truth file in the
bench/accuracy/TRUTH.md format:

  targets  function definitions (FUNCTION_DECL with a body) in the corpus's
           .c files and headers (static inline), keyed by where the name is;
  sites    every DECL_REF_EXPR whose referenced function resolves to the
           target's definition: kind "call" when it is the callee of a
           CALL_EXPR, else "value" (&f, f in an initializer table, f passed
           as an argument);
  calls    the calls each target's body makes to a function defined in the
           corpus.

A reference binds to a declaration; it is mapped to a definition by
Cursor.get_definition() inside the translation unit, else, for a function
with external linkage, by its USR over every definition in the corpus. When
several definitions share a USR (main, or a helper defined by two programs
of one tree), only those linked into a program that also links the
referencing file count (profile "programs"); if none are, all of them.

Usage: oracle.py CORPUS OUT.json [-n N] [-seed S] [-profile FILE]
"""

import argparse
import ctypes
import glob
import hashlib
import json
import os
import random
import sys

import clang.cindex as ci

K = ci.CursorKind


def rel(root, path):
    p = os.path.relpath(os.path.realpath(path), root)
    if p.startswith(".."):
        return None
    return p.replace(os.sep, "/")


class CXSourceRangeList(ctypes.Structure):
    _fields_ = [("count", ctypes.c_uint), ("ranges", ctypes.POINTER(ci.SourceRange))]


def setup_lib():
    lib = ci.conf.lib
    lib.clang_getAllSkippedRanges.argtypes = [ci.TranslationUnit]
    lib.clang_getAllSkippedRanges.restype = ctypes.POINTER(CXSourceRangeList)
    lib.clang_disposeSourceRangeList.argtypes = [ctypes.POINTER(CXSourceRangeList)]
    lib.clang_getSpellingLocation.argtypes = [
        ci.SourceLocation,
        ctypes.POINTER(ci.c_object_p),
        ctypes.POINTER(ctypes.c_uint),
        ctypes.POINTER(ctypes.c_uint),
        ctypes.POINTER(ctypes.c_uint),
    ]
    lib.clang_getSpellingLocation.restype = None
    return lib


def spelling_loc(lib, loc):
    f = ci.c_object_p()
    line, col, off = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    lib.clang_getSpellingLocation(loc, ctypes.byref(f), ctypes.byref(line), ctypes.byref(col), ctypes.byref(off))
    if not f:
        return None, 0, 0
    return f, line.value, col.value


class Corpus:
    def __init__(self, root, profile):
        self.root = os.path.realpath(root)
        self.profile = profile
        self.lines = {}

    def text_at(self, path, line, col, n):
        if path not in self.lines:
            try:
                with open(os.path.join(self.root, path), "rb") as f:
                    self.lines[path] = f.read().split(b"\n")
            except OSError:
                self.lines[path] = []
        ls = self.lines[path]
        if line < 1 or line > len(ls):
            return b""
        return ls[line - 1][col - 1 : col - 1 + n]


def tu_files(root, profile):
    out = []
    for pat in profile["sources"]:
        out.extend(glob.glob(os.path.join(root, pat), recursive=True))
    excl = set()
    for pat in profile.get("exclude", []):
        excl.update(glob.glob(os.path.join(root, pat), recursive=True))
    return sorted({rel(root, p) for p in out if p not in excl and os.path.isfile(p)})


def args_for(root, profile, path):
    if profile.get("language", "c") == "cpp":
        args = ["-x", "c++", "-std=" + profile.get("std", "c++17"), "-ferror-limit=0"]
    else:
        args = ["-x", "c", "-std=gnu11", "-ferror-limit=0"]
    args += profile.get("args", [])
    for prefix, extra in sorted(profile.get("per_dir", {}).items()):
        if path.startswith(prefix):
            args += extra
    out = []
    for a in args:
        if a.startswith("-I") and not os.path.isabs(a[2:]):
            a = "-I" + os.path.join(root, a[2:])
        out.append(a)
    return out


def programs_of(profile, path):
    progs = set()
    for name, members in profile.get("programs", {}).items():
        for m in members:
            if path == m or (m.endswith("/") and path.startswith(m)):
                progs.add(name)
    return progs


# C++: functions, methods and function templates are targets; constructors,
# destructors, conversion functions and operators are not (their uses are
# not spelled by their name).
DEF_KINDS = {K.FUNCTION_DECL, K.CXX_METHOD, K.FUNCTION_TEMPLATE}
REF_KINDS = {K.DECL_REF_EXPR, K.MEMBER_REF_EXPR}
CLASS_KINDS = {K.CLASS_DECL, K.STRUCT_DECL, K.UNION_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
# a call inside these may be dependent: it names a function only per
# instantiation
TEMPLATE_KINDS = {K.FUNCTION_TEMPLATE, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}


def is_target(c):
    if c.spelling.startswith("operator"):
        return False
    # a defaulted or deleted member has no body
    return any(ch.kind == K.COMPOUND_STMT or ch.kind == K.CXX_TRY_STMT for ch in c.get_children())


def container_of(c):
    p = c.semantic_parent
    if p is not None and p.kind in CLASS_KINDS:
        return p.spelling, True
    return "", False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("out")
    ap.add_argument("-n", type=int, default=500)
    ap.add_argument("-seed", type=int, default=1)
    ap.add_argument("-profile", required=True)
    ap.add_argument("-stats", default="", help="also write counts and skipped lines here (JSON)")
    a = ap.parse_args()
    with open(a.profile) as f:
        profile = json.load(f)
    lib = setup_lib()
    corpus = Corpus(a.corpus, profile)
    root = corpus.root
    srcs = tu_files(root, profile)
    index = ci.Index.create()

    defs = {}        # key (file,line,col) -> dict(name, usr, linkage)
    usr_defs = {}    # usr -> set(key) (external linkage only)
    all_defs = set() # every definition's place, targets or not
    raw_refs = []    # (site_file, line, col, kind, name, local_def_key|None, usr, linkage, tu, encl_key|None, note)
    seen_header = set()
    included_c = set()
    parsed = {}
    skipped = {}     # file -> set of lines skipped in every TU that saw the file
    dependent = {}   # file -> lines of template calls no declaration resolves, and of macro bodies
    diag_errors = {}
    macro_sites = 0
    spelling_files = {}

    def fname(fobj):
        if fobj is None:
            return None
        return rel(root, fobj.name)

    for src in srcs:
        if src in seen_header:
            continue  # #included by a translation unit parsed before: analysed there
        _names.clear()  # CXFile addresses are only valid within one translation unit
        tu = index.parse(
            os.path.join(root, src),
            args=args_for(root, profile, src),
            options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD,
        )
        errs = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
        diag_errors[src] = len(errs)
        for inc in tu.get_includes():
            p = rel(root, inc.include.name)
            if p and p.endswith(".c"):
                included_c.add(p)
        # skipped lines (#if branches not taken), per file, intersected over TUs
        rl = lib.clang_getAllSkippedRanges(tu)
        per = {}
        for i in range(rl.contents.count):
            r = rl.contents.ranges[i]
            p = fname(r.start.file)
            if p is None:
                continue
            # the #if/#else/#endif lines themselves bound the range; the code is strictly inside
            per.setdefault(p, set()).update(range(r.start.line + 1, r.end.line))
        lib.clang_disposeSourceRangeList(rl)
        visited = set()
        # walk top-level cursors of this TU in corpus files not walked before
        stack = []
        for c in tu.cursor.get_children():
            p = fname(c.location.file)
            if p is None:
                continue
            if p != src and p in seen_header:
                continue
            visited.add(p)
            stack.append((c, None, False))

        callee_locs = set()
        while stack:
            c, encl, in_template = stack.pop()
            in_template = in_template or c.kind in TEMPLATE_KINDS or (
                c.kind in (K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR, K.CONVERSION_FUNCTION) and c.semantic_parent is not None and c.semantic_parent.kind in TEMPLATE_KINDS)
            kind = c.kind
            if kind in DEF_KINDS and c.is_definition():
                loc = c.location
                if loc.file is not None:
                    all_defs.add((fname(loc.file), loc.line, loc.column))
                    if c.linkage == ci.LinkageKind.EXTERNAL:
                        usr_defs.setdefault(c.get_usr(), set())
                p = fname(loc.file)
                if p is not None:
                    key = (p, loc.line, loc.column)
                    if corpus.text_at(p, loc.line, loc.column, len(c.spelling)) == c.spelling.encode() and is_target(c):
                        if key not in defs:
                            container, method = container_of(c)
                            defs[key] = {"name": c.spelling, "usr": c.get_usr(), "linkage": c.linkage.name, "tu": src,
                                         "container": container, "method": method}
                            if c.linkage == ci.LinkageKind.EXTERNAL:
                                usr_defs.setdefault(c.get_usr(), set()).add(key)
                        encl = key
            elif kind == K.MACRO_DEFINITION:
                # a macro's body: the walk sees its calls only where it is
                # expanded, spelled at the invocation, so answers in the
                # body can be neither confirmed nor refuted
                mp = fname(c.location.file)
                if mp is not None:
                    dependent.setdefault(mp, set()).update(range(c.extent.start.line, c.extent.end.line + 1))
            elif kind == K.CALL_EXPR:
                if c.referenced is None and in_template:
                    # a dependent call in a template (prev[i]->SetNext(i, x)
                    # in SkipList<Key, Comparator>): which function it names
                    # is known only per instantiation, which the walk does
                    # not see, so answers on its line can be neither confirmed
                    # nor refuted
                    dp = fname(c.location.file)
                    if dp is not None:
                        dependent.setdefault(dp, set()).add(c.location.line)
                ch = next(iter(c.get_children()), None)
                while ch is not None and ch.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
                    ch = next(iter(ch.get_children()), None)
                if ch is not None and ch.kind in REF_KINDS:
                    # by cursor, not by place: inside a macro expansion every
                    # token has the invocation's expansion location
                    callee_locs.add(ch.hash)
            elif kind in REF_KINDS:
                ref = c.referenced
                if ref is not None and ref.kind in DEF_KINDS:
                    l = c.location
                    is_call = c.hash in callee_locs
                    name = ref.spelling
                    fid, sl, sc = spelling_loc(lib, l)
                    note = None
                    site = None
                    p = fname(l.file)
                    if p is not None and corpus.text_at(p, l.line, l.column, len(name)) == name.encode():
                        site = (p, l.line, l.column)
                    elif fid:
                        sp = rel(root, spelling_name(fid))
                        if sp is not None and corpus.text_at(sp, sl, sc, len(name)) == name.encode():
                            site = (sp, sl, sc)
                            note = "macro argument"
                    if site is None:
                        if fname(ref.location.file) is not None:
                            macro_sites += 1
                            if os.environ.get("ORACLE_DEBUG"):
                                sys.stderr.write(f"macro-drop {name} at {p}:{l.line}:{l.column} spelled {fid and spelling_name(fid)}:{sl}:{sc}\n")
                    else:
                        d = ref.get_definition()
                        dkey = None
                        if d is not None and d.location.file is not None:
                            dp = fname(d.location.file)
                            if dp is not None:
                                dkey = (dp, d.location.line, d.location.column)
                        if dkey is None and in_template:
                            # a member of a class template named in its
                            # pattern: libclang gives no definition until
                            # instantiation (SkipList<K, C>::Node::SetNext)
                            dependent.setdefault(site[0], set()).add(site[1])
                        # where the callee is declared, for a call of a function
                        # that has no body (a pure virtual method, a prototype
                        # nothing defines): a callee, though never a target
                        decl = None
                        if is_call and encl is not None and not name.startswith("operator"):
                            cd = ref.canonical
                            cp = fname(cd.location.file)
                            if cp is not None and corpus.text_at(cp, cd.location.line, cd.location.column, len(name)) == name.encode():
                                decl = (cp, cd.location.line, cd.location.column)
                        raw_refs.append((site, "call" if is_call else "value", name, dkey, ref.get_usr(), ref.linkage.name, src, encl, note, decl))
            for ch in c.get_children():
                stack.append((ch, encl, in_template))
        for p in visited:
            if p != src:
                seen_header.add(p)
        for p in visited | set(per.keys()):
            lines = per.get(p, set())
            if p in skipped:
                skipped[p] &= lines
            else:
                skipped[p] = set(lines)
        parsed[src] = sorted(visited)
        sys.stderr.write(f"oracle-c: {src}: {len(errs)} errors\n")

    unseen = {p: set(ls) for p, ls in skipped.items()}
    for p, ls in dependent.items():
        unseen.setdefault(p, set()).update(ls)

    # files the oracle analysed: every TU's main file and every corpus header walked
    files = set()
    for src, vis in parsed.items():
        files.update(vis)
    # a .c file #included by another (ae.c includes ae_epoll.c) is analysed there
    files = sorted(files)
    fileset = set(files)

    # resolve references to definitions
    sites = {}   # def key -> {(file,line,col): (kind, note)}
    calls = {}   # encl def key -> set((line,col,name,defkey))
    ambiguous_refs = 0
    unresolved = 0
    for site, kind, name, dkey, usr, linkage, tu, encl, note, decl in raw_refs:
        cands = []
        if dkey is not None and dkey in defs:
            cands = [dkey]
        elif linkage == "EXTERNAL" and usr in usr_defs:
            cands = sorted(usr_defs[usr])
            if len(cands) > 1:
                mine = programs_of(profile, tu)
                keep = [k for k in cands if programs_of(profile, defs[k]["tu"]) & mine]
                if keep:
                    cands = keep
                if len(cands) > 1:
                    ambiguous_refs += 1
                    note = "several programs"
        if not cands:
            unresolved += 1
            if decl is not None and usr not in usr_defs and (dkey is None or dkey not in all_defs):
                calls.setdefault(encl, set()).add((site[1], site[2], name, decl))
            continue
        for k in cands:
            s = sites.setdefault(k, {})
            if site not in s:
                s[site] = (kind, note)
            elif kind == "call":
                s[site] = (kind, note)
            if encl is not None and kind == "call":
                calls.setdefault(encl, set()).add((site[1], site[2], name, k))

    # the definitions' own names are not sites
    for k in list(sites):
        sites[k].pop(k, None)

    # targets
    keys = sorted(k for k in defs if k[0] in fileset)
    by_name = {}
    for k in keys:
        by_name.setdefault(defs[k]["name"], []).append(k)
    amb = [k for k in keys if len(by_name[defs[k]["name"]]) > 1]
    uniq = [k for k in keys if len(by_name[defs[k]["name"]]) == 1]
    rng = random.Random(a.seed)
    n = a.n
    if n <= 0 or n >= len(keys):
        chosen = list(keys)
    else:
        na = min(len(amb), n // 2)
        nu = min(len(uniq), n - na)
        na = min(len(amb), n - nu)
        chosen = rng.sample(amb, na) + rng.sample(uniq, nu)
    chosen.sort()

    targets = []
    for k in chosen:
        d = defs[k]
        t = {
            "name": d["name"],
            "container": d["container"],
            "file": k[0],
            "line": k[1],
            "col": k[2],
            "method": d["method"],
            "stratum": "ambiguous" if len(by_name[d["name"]]) > 1 else ("unique_method" if d["method"] else "unique_function"),
            "sites": [],
        }
        for s in sorted(sites.get(k, {})):
            kind, note = sites[k][s]
            e = {"file": s[0], "line": s[1], "col": s[2], "kind": kind}
            if note:
                e["note"] = note
            t["sites"].append(e)
        cl = sorted(calls.get(k, set()), key=lambda x: (x[0], x[1], x[3]))
        if cl:
            t["calls"] = [{"line": l, "col": c, "name": nm, "def": {"file": dk[0], "line": dk[1]}} for l, c, nm, dk in cl if dk[0] in fileset]
        targets.append(t)

    out = {
        "language": profile.get("language", "c"),
        "oracle": "libclang " + clang_version() + " (Debian python3-clang-14): DECL_REF_EXPR of a FUNCTION_DECL -> its definition",
        "corpus": profile.get("corpus", os.path.basename(root)),
        "seed": a.seed,
        "all_targets": len(keys),
        "files": files,
        # Branches the preprocessor did not take, dependent calls in
        # templates and macro bodies: answers there can be neither
        # confirmed nor refuted
        # (bench/accuracy/TRUTH.md).
        "unseen_lines": {p: ranges(sorted(ls)) for p, ls in sorted(unseen.items()) if ls and p in fileset},
        "targets": targets,
    }
    with open(a.out, "w") as f:
        json.dump(out, f, indent=1, sort_keys=False)
        f.write("\n")
    stats = {
        "translation_units": len(parsed),
        "tu_with_errors": sorted(s for s, e in diag_errors.items() if e),
        "refs": len(raw_refs),
        "refs_in_macro_bodies_dropped": macro_sites,
        "refs_unresolved": unresolved,
        "refs_several_programs": ambiguous_refs,
        "skipped_lines": {p: ranges(sorted(ls)) for p, ls in sorted(skipped.items()) if ls and p in fileset},
        "unseen_template_and_macro_lines": sum(len(ls) for p, ls in dependent.items() if p in fileset),
    }
    if a.stats:
        with open(a.stats, "w") as f:
            json.dump(stats, f, indent=1)
            f.write("\n")
    sys.stderr.write(
        f"oracle-c: {len(parsed)} TUs ({len(stats['tu_with_errors'])} with errors), {len(files)} files, "
        f"{len(keys)} targets, {len(chosen)} sampled, {len(raw_refs)} refs "
        f"({unresolved} unresolved, {macro_sites} in macro bodies dropped, {ambiguous_refs} to several programs)\n"
    )


_names = {}


def spelling_name(fid):
    addr = ctypes.cast(fid, ctypes.c_void_p).value
    if addr not in _names:
        _names[addr] = ci.File(fid).name
    return _names[addr]


def ranges(lines):
    out = []
    for l in lines:
        if out and out[-1][1] == l - 1:
            out[-1][1] = l
        else:
            out.append([l, l])
    return out


def clang_version():
    lib = ci.conf.lib
    lib.clang_getClangVersion.argtypes = []
    lib.clang_getClangVersion.restype = ci._CXString
    lib.clang_getClangVersion.errcheck = ci._CXString.from_result
    v = lib.clang_getClangVersion()  # "Debian clang version 14.0.6"
    return v.split("version ")[-1].split()[0]


if __name__ == "__main__":
    main()
