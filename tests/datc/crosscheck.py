#!/usr/bin/env python3
"""Cross-checks the per-order results of the DATC case files against an
independent adjudicator, the Python `diplomacy` package (1.1.2): each
single-phase movement case is played by the package (`Game.process`) and
its per-unit results are read as ours (OK: succeeds; void: void; bounce,
cut, dislodged, disrupted, no convoy: fails). Prints the agreement and
every difference, for review against the DATC text (tests/datc/README.md
says how the differences were read).

Usage: python3 tests/datc/crosscheck.py   (needs `pip install diplomacy==1.1.2`)"""

import glob
import re
from pathlib import Path

from diplomacy import Game

HERE = Path(__file__).resolve().parent


def cases(path):
    out, cur = [], None
    for no, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if line.startswith("=== "):
            cur = {"id": line[4:].split("|")[0].strip(), "phase": None, "units": [],
                   "owns": {}, "orders": [], "multi": False}
            out.append(cur)
        elif cur is None:
            continue
        elif line.startswith("phase "):
            cur["phase"] = line.split()[1]
        elif line.startswith("unit "):
            _, power, kind, where = line.split()
            cur["units"].append((power, f"{kind} {where}"))
        elif line.startswith("owns "):
            power, rest = line[5:].split(":")
            cur["owns"][power.strip()] = rest.split()
        elif line.startswith("then "):
            cur["multi"] = True
        elif line.startswith("order ") and not cur["multi"]:
            m = re.match(r"order (\w+): (.*) => (\S+)$", line)
            cur["orders"].append((no, m.group(1), m.group(2), m.group(3)))
    return out


def word(results):
    results = [str(r) for r in results]
    if "void" in results:
        return "void"
    if any(r in results for r in ["bounce", "cut", "dislodged", "disrupted", "no convoy"]):
        return "fails"
    return "succeeds"


def main():
    agree, differ = 0, []
    for path in sorted(glob.glob(str(HERE / "6.*.txt"))):
        for case in cases(path):
            if not case["phase"] or not case["phase"].endswith("M") or case["multi"]:
                continue
            game = Game(map_name="standard")
            game.set_current_phase(case["phase"])
            game.clear_units()
            units = {}
            for power, unit in case["units"]:
                units.setdefault(power, []).append(unit)
            for power, list_ in units.items():
                game.set_units(power, list_)
            for power, centres in case["owns"].items():
                game.set_centers(power, centres)
            orders = {}
            for _, power, order, _ in case["orders"]:
                orders.setdefault(power, []).append(order)
            for power, list_ in orders.items():
                game.set_orders(power, list_)
            game.process()
            results = game.result_history.last_value()
            for no, _, order, expected in case["orders"]:
                unit = " ".join(order.split()[:2])
                theirs = word(results.get(unit, []))
                if theirs == expected:
                    agree += 1
                else:
                    differ.append(f"{Path(path).name}:{no} {case['id']} {order}: ours {expected}, package {theirs}")
    print(f"{agree} of {agree + len(differ)} per-order results agree with the diplomacy package")
    for line in differ:
        print("  " + line)


if __name__ == "__main__":
    main()
