#!/usr/bin/env python3
"""judgepad against the Python `diplomacy` package, on the package's own
games: random legal orders for every unit of every movement phase of random
standard games, adjudicated by the package (`Game.process`) and by
`judgepad adjudicate` (JSON Lines, one process for the whole run); the
positions after each phase are compared (units, and dislodged units).

Usage: python3 tests/bench/vs_package.py [GAMES] [SEED] [--no-via]
(--no-via: no `VIA` orders, where the two follow different DATC choices)
(needs `pip install diplomacy==1.1.2` and target/release/judgepad)."""

import json
import random
import subprocess
import sys
from pathlib import Path

from diplomacy import Game

ROOT = Path(__file__).resolve().parents[2]
JUDGEPAD = ROOT / "target" / "release" / "judgepad"


def random_orders(game, rng, via):
    possible = game.get_all_possible_orders()
    orders = {}
    for power, locations in game.get_orderable_locations().items():
        choices = [[o for o in possible.get(loc, []) if via or not o.endswith(" VIA")] for loc in locations]
        chosen = [rng.choice(c) for c in choices if c]
        orders[power] = chosen
    return orders


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    via_orders = "--no-via" not in sys.argv
    lines, expected = [], []
    for _ in range(games):
        game = Game(map_name="standard")
        for _ in range(40):
            if game.is_game_done:
                break
            orders = random_orders(game, rng, via_orders)
            phase = game.get_current_phase()
            if phase.endswith("M"):
                units = {p: list(u) for p, u in game.get_units().items() if u}
                lines.append(json.dumps({
                    "map": "standard",
                    "phase": phase,
                    "units": units,
                    "centers": {p: list(c) for p, c in game.get_centers().items() if c},
                    "orders": orders,
                }))
            for power, power_orders in orders.items():
                game.set_orders(power, power_orders)
            game.process()
            if phase.endswith("M"):
                after = game.get_units()
                expected.append((
                    phase,
                    {p: sorted(u for u in us if not u.startswith("*")) for p, us in after.items()},
                    {p: sorted(u[1:] for u in us if u.startswith("*")) for p, us in after.items()},
                    orders,
                ))
    out = subprocess.run([str(JUDGEPAD), "adjudicate"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    differ = 0
    via = 0
    for line, (phase, units, dislodged, orders), got in zip(lines, expected, out):
        result = json.loads(got)
        if "error" in result:
            differ += 1
            print(f"{phase}: judgepad refused the line: {result['error']['message']}")
            continue
        ours = result["outcome"]
        our_units = {p: sorted(us) for p, us in ours["units"].items()}
        our_dislodged = {p: sorted(d.keys()) for p, d in ours.get("dislodged", {}).items()}
        norm = lambda d: {p: v for p, v in d.items() if v}
        if norm(our_units) != norm(units) or norm(our_dislodged) != norm(dislodged):
            differ += 1
            # DATC v3.0 4.A.3: a move "via convoy" with no convoy does not
            # fall back to the land route; the package falls back.
            if any(o.endswith(" VIA") for os in orders.values() for o in os):
                via += 1
                continue
            if differ - via <= 5:
                print(f"{phase} differs\n  orders: {json.dumps(orders)}\n  package: {norm(units)} dislodged {norm(dislodged)}\n  judgepad: {norm(our_units)} dislodged {norm(our_dislodged)}")
    print(f"vs the diplomacy package: {len(lines) - differ} of {len(lines)} movement phases give the same position ({games} random games);"
          f" {via} of the {differ} others have a `VIA` order (DATC v3.0 4.A.3: no fallback to the land route; the package falls back), {differ - via} do not")


if __name__ == "__main__":
    main()
