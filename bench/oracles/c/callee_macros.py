#!/usr/bin/python3
"""callee_macros.py REPORT.json INDEX.db: how many callee false positives of
an `accuracy -format json` report name a macro in our index (a macro
invocation answered as a call; the compiler sees no function there), and
the callee figures at each floor with those answers left out. A helper for
reading a C report, not part of the truth."""
import json
import sqlite3
import sys

r = json.load(open(sys.argv[1]))
db = sqlite3.connect(sys.argv[2])
macros = {q for (q,) in db.execute("select qualified from symbols where kind='macro'")}
funcs = {q for (q,) in db.execute("select qualified from symbols where kind='function'")}
levels = ["exact", "import_resolved", "same_module", "fuzzy_name"]
drop = {l: 0 for l in levels}
for fp in r["callees"]["false_positives"]:
    name = fp["site"].split(" ", 1)[1]
    if name in macros and name not in funcs:
        drop[fp["level"]] += 1
print("callee false positives naming a macro, by level:", drop, "of", len(r["callees"]["false_positives"]))
truth = r["callees"]["truth_sites"]
for fl in r["callees_floors"]:
    upto = levels[: levels.index(fl["floor"]) + 1]
    ret = fl["returned"] - sum(drop[l] for l in upto)
    p = fl["matched"] / ret if ret else 0
    rc = fl["recall"]
    f1 = 2 * p * rc / (p + rc) if p + rc else 0
    print(f"  >= {fl['floor']:16s} without macro answers: P {p:.3f} R {rc:.3f} F1 {f1:.3f} (returned {ret})")
