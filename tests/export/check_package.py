#!/usr/bin/env python3
"""Checks judgepad's exports to the Python `diplomacy` package with the
package itself (issue 30): for each DIR/NAME.map + DIR/NAME.svg given, the
package's own loader reads the map (`Game(map_name=path)`, no map error),
plays a few phases (every power orders at random among the package's own
possible orders, seeded), and its own `Renderer(game, svg_path=...)` draws
each phase. Checked on every drawing: every unit is drawn where the SVG's
PROVINCE_DATA puts its location, every land province a power owns is
filled in that power's class. Prints one line per variant and exits 1 on
the first failure list.

The package precomputes every convoy route of a new map when it first
loads it (up to 13 fleets: over ten minutes on canton's seas); the check
has the package's own `add_to_cache` do it with routes of up to 6 fleets
first, so a random order is never a longer convoy.

Variants the dialect cannot express are listed in `inexpressible.txt`
beside this file (`NAME: the package's error, why`): each must still fail
with that error (a stale line fails the check too).

Usage: check_package.py [--phases N] [--png-of NAME] DIR/NAME.map...
"""

import random
import re
import sys
from xml.dom import minidom

from pathlib import Path

from diplomacy import Game
from diplomacy.engine import map as package_map
from diplomacy.engine.renderer import Renderer
from diplomacy.utils import convoy_paths

CONVOY_FLEETS = 6


def coords(svg_path):
    """Each location's unit corner from the SVG's PROVINCE_DATA."""
    doc = minidom.parse(svg_path)
    out = {}
    for node in doc.getElementsByTagName("jdipNS:PROVINCE"):
        name = node.getAttribute("name").upper().replace("-", "/")
        for child in node.getElementsByTagName("jdipNS:UNIT"):
            out[name] = (float(child.getAttribute("x")), float(child.getAttribute("y")))
    return out


def check_drawing(game, rendered, where):
    """The failures of one rendered phase."""
    failures = []
    doc = minidom.parseString(rendered)
    uses = {}
    for node in doc.getElementsByTagName("use"):
        uses[node.getAttribute("id")] = node
    for power in game.powers.values():
        for unit in power.units:
            loc = unit.split()[1]
            node = uses.get("unit_" + loc)
            if node is None:
                failures.append(f"{unit} of {power.name} is not drawn")
                continue
            at = (float(node.getAttribute("x")), float(node.getAttribute("y")))
            want = where.get(loc)
            if want is None or abs(at[0] - want[0]) > 0.01 or abs(at[1] - want[1]) > 0.01:
                failures.append(f"{unit} drawn at {at}, its place is {want}")
            if node.getAttribute("class") != "unit" + power.name.lower():
                failures.append(f"{unit} has class {node.getAttribute('class')}")
    paths = {}
    for node in doc.getElementsByTagName("path"):
        if node.getAttribute("id").startswith("_"):
            paths[node.getAttribute("id")[1:].upper()] = node
    for power in game.powers.values():
        for centre in power.centers:
            if game.map.area_type(centre) == "WATER":
                continue
            node = paths.get(centre[:3])
            if node is None:
                failures.append(f"{centre} has no province shape")
            elif node.getAttribute("class") != power.name.lower():
                failures.append(f"{centre} owned by {power.name} is drawn as {node.getAttribute('class')}")
    return failures


def play(map_path, phases, png_of):
    svg_path = map_path[:-4] + ".svg"
    name = re.sub(r".*/", "", map_path[:-4])
    package_map.CONVOYS_PATH_CACHE[map_path] = convoy_paths.add_to_cache(
        map_path, max_convoy_length=CONVOY_FLEETS)
    game = Game(map_name=map_path)
    if game.map.error:
        return [f"map errors: {game.map.error[:3]}"], 0
    where = coords(svg_path)
    missing = [loc.upper() for loc in game.map.locs if loc.upper() not in where]
    if missing:
        return [f"no PROVINCE_DATA for {missing[:5]}"], 0
    renderer = Renderer(game, svg_path=svg_path)
    rng = random.Random(1)
    failures = []
    played = 0
    for _ in range(phases):
        if game.is_game_done:
            break
        possible = game.get_all_possible_orders()
        for power in game.powers.values():
            orders = []
            for loc in game.get_orderable_locations(power.name):
                options = sorted(possible.get(loc, []))
                if options:
                    orders.append(rng.choice(options))
            game.set_orders(power.name, orders)
        rendered = renderer.render(incl_orders=True)
        failures += check_drawing(game, rendered, where)
        if png_of == name:
            with open(svg_path[:-4] + f"-{game.get_current_phase()}.rendered.svg", "w") as f:
                f.write(rendered)
        game.process()
        played += 1
    rendered = renderer.render(incl_orders=False)
    failures += check_drawing(game, rendered, where)
    if png_of == name:
        with open(svg_path[:-4] + ".rendered.svg", "w") as f:
            f.write(rendered)
    return failures, played


def main(argv):
    phases, png_of, maps = 6, None, []
    args = iter(argv)
    for arg in args:
        if arg == "--phases":
            phases = int(next(args))
        elif arg == "--png-of":
            png_of = next(args)
        else:
            maps.append(arg)
    expected = {}
    for line in open(Path(__file__).with_name("inexpressible.txt"), encoding="utf-8"):
        if line.strip() and not line.startswith("#"):
            name, rest = line.split(":", 1)
            expected[name.strip()] = rest.split("|")[0].strip()
    bad, good, known = 0, 0, 0
    for path in maps:
        name = re.sub(r".*/", "", path[:-4])
        try:
            failures, played = play(path, phases, png_of)
        except Exception as err:  # the package's own error is a failure to report
            failures, played = [f"{type(err).__name__}: {err}"], 0
        if name in expected:
            if any(expected[name] in failure for failure in failures):
                known += 1
                print(f"ok   {path}: cannot be expressed, as listed ({expected[name]})")
                continue
            failures.append(f"listed in inexpressible.txt as failing with `{expected[name]}`")
        if failures:
            bad += 1
            print(f"FAIL {path}: {len(failures)} problem(s)")
            for failure in failures[:5]:
                print(f"    {failure}")
        else:
            good += 1
            print(f"ok   {path}: loaded, {played} phases played and drawn")
    print(f"diplomacy package: {good} of {len(maps)} exports load, play and draw with no error; "
          f"{known} cannot be expressed (inexpressible.txt); {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
