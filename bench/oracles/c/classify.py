#!/usr/bin/python3
"""classify.py CORPUS REPORT.json STATS.json: sorts the refs false positives
and misses of an `accuracy -format json` report by what the C source shows
there (lines the preprocessor skipped, #define bodies, prototypes, ...),
with examples. A helper for reading a report, not part of the truth."""
import collections
import json
import re
import sys

root, rep, st = sys.argv[1:4]
r = json.load(open(rep))
stats = json.load(open(st))
skipped = {f: [tuple(x) for x in rs] for f, rs in stats["skipped_lines"].items()}
cache = {}


def line(f, n):
    if f not in cache:
        cache[f] = open(f"{root}/{f}", "rb").read().decode("utf-8", "replace").split("\n")
    ls = cache[f]
    return ls[n - 1] if 0 < n <= len(ls) else ""


def in_define(f, n):
    # the line belongs to a #define (with continuation lines)
    k = n
    while k > 1 and line(f, k - 1).rstrip().endswith("\\"):
        k -= 1
    return line(f, k).lstrip().startswith("#") and "define" in line(f, k)


def fp_class(f, n, c, name):
    if any(a <= n <= b for a, b in skipped.get(f, [])):
        return "in a preprocessor-skipped #if branch"
    if in_define(f, n):
        return "inside a #define body"
    text = line(f, n)
    rest = text[c - 1 :]
    if re.match(r"\w+\)\s*\(", rest) and text[: c - 1].rstrip().endswith("("):
        return "parenthesized prototype name `(f) (args);`"
    if re.search(r"\)\s*;\s*$", text) and not re.search(r"=|return|\b(if|while|for)\b", text) and re.match(r"^\w", text):
        return "a prototype/declaration line"
    return "other"


fps = collections.defaultdict(list)
for fp in r["refs"]["false_positives"]:
    f, l, c = fp["site"].split(" ")[0].rsplit(":", 2)
    name = fp["target"].split("@")[0]
    k = fp_class(f, int(l), int(c), name)
    if k == "other":
        k = "other: " + fp["category"]
    fps[k].append(f"{fp['site']} [{fp['level']}] -> {fp['target']}")
print("refs false positives:", sum(len(v) for v in fps.values()))
for k, v in sorted(fps.items(), key=lambda x: -len(x[1])):
    print(f"  {len(v):4d}  {k}")
    for e in v[:3]:
        print("          ", e)
ms = collections.defaultdict(list)
for m in r["refs"]["misses"]:
    ms[m["category"]].append(f"{m['site']} -> {m['target']}")
print("refs misses:", sum(len(v) for v in ms.values()))
for k, v in sorted(ms.items(), key=lambda x: -len(x[1])):
    print(f"  {len(v):4d}  {k}")
    for e in v[:3]:
        print("          ", e)
