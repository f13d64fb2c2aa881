#!/usr/bin/env python3
"""One-off converter that produced the first version of the DATC data files.

Kept for provenance; it is not run by the tests. It reads the shared research
folder (../../../shared/datc): TedDriggs' datc.json (MIT, "Copyright (c) 2025
Ted Driggs") for orders and per-order results, and takes only facts (where the
units stand afterwards) from godip's case file. The output was then edited by
hand where DATC v3.0 prefers another answer (see README.md).
"""
import json, re, sys, collections

SHARED = sys.argv[1] if len(sys.argv) > 1 else '../../../shared/datc'
POWERS = {'AUS': 'AUSTRIA', 'ENG': 'ENGLAND', 'FRA': 'FRANCE', 'GER': 'GERMANY', 'ITA': 'ITALY', 'RUS': 'RUSSIA', 'TUR': 'TURKEY'}
GODIP = {'mid': 'mao', 'nat': 'nao', 'nrg': 'nwg', 'gol': 'lyo'}

def loc(text):
    text = text.strip().lower()
    text = GODIP.get(text, text)
    m = re.match(r'^([a-z]{3})(?:\((nc|sc|ec|wc)\)|/(nc|sc|ec|wc))?$', text)
    if not m:
        raise ValueError(text)
    prov = GODIP.get(m.group(1), m.group(1)).upper()
    coast = m.group(2) or m.group(3)
    return prov + ('/' + coast.upper() if coast else '')

def order_text(body, phase):
    """'F nth -> pic' style (TedDriggs) to DPjudge text."""
    t = body.strip()
    m = re.match(r'^([AF]) (\S+) (.*)$', t)
    kind, where, rest = m.group(1), loc(m.group(2)), m.group(3).strip()
    unit = f'{kind} {where}'
    low = rest.lower()
    if low in ('hold', 'holds'):
        return f'{unit} H'
    if low == 'build':
        return f'BUILD {unit}'
    if low == 'disband':
        return f'REMOVE {unit}' if phase == 'Build' else f'{unit} D'
    m = re.match(r'^-> (\S+)( via convoy)?$', rest, re.I)
    if m:
        return f'{unit} - {loc(m.group(1))}' + (' VIA CONVOY' if m.group(2) else '')
    m = re.match(r'^supports ([AF]) (\S+)(?: -> (\S+))?$', rest, re.I)
    if m:
        s = f'{unit} S {m.group(1)} {loc(m.group(2))}'
        return s + (f' - {loc(m.group(3))}' if m.group(3) else '')
    m = re.match(r'^convoys (\S+) -> (\S+)$', rest, re.I)
    if m:
        return f'{unit} C A {loc(m.group(1))} - {loc(m.group(2))}'
    raise ValueError(body)

def unit_of(body):
    m = re.match(r'^([AF]) (\S+)', body.strip())
    return m.group(1), loc(m.group(2))

def godip_cases(path):
    cases = collections.OrderedDict()
    cur = None
    block = None
    for raw in open(path):
        line = raw.split('#')[0].rstrip()
        if not line.strip():
            continue
        if line.startswith('CASE'):
            cid = line.split()[1].rstrip('.')
            cid = {'6.F.E': '6.F.5'}.get(cid, cid)
            if cid in cases and cid == '6.F.14':
                cid = '6.F.15'
            cur = cases.setdefault(cid, collections.defaultdict(list))
            block = None
            continue
        if not line[0].isspace():
            block = line.split()[0]
            if block == 'POSTSTATE_SAME':
                cur['same'] = True
            continue
        cur[block].append(line.strip())
    return cases

def parse_unit_line(text):
    m = re.match(r'^(\w+):?\s+([AFaf])\s+(\S+)$', text.strip())
    power = {'Germnay': 'Germany'}.get(m.group(1), m.group(1)).upper()
    return power, m.group(2).upper(), loc(m.group(3))

def main():
    data = json.load(open(f'{SHARED}/teddriggs/datc.json'))
    godip = godip_cases(f'{SHARED}/godip/datc_v2.4_06.txt')
    chosen = collections.OrderedDict()
    rank = {'2023': 0, None: 1, '1982': 2, 'dptg': 3, '1971': 9}
    for case in data['cases']:
        cid = case['url'].split('#')[1]
        key = cid
        if cid == '6.G.11' and 'variant' not in case['name']:
            continue
        if cid == '6.J.9' and cid in chosen and chosen[cid]['orders'] != case['orders']:
            key = '6.J.9.2'
        ed = case.get('edition')
        if ed == '1971':
            continue
        if key in chosen and rank[chosen[key].get('edition')] <= rank[ed]:
            continue
        chosen[key] = case
    out = collections.defaultdict(list)
    for cid, case in chosen.items():
        section = '.'.join(cid.split('.')[:2])
        title = case['name'].split('_', 1)[1].replace('_', ' ')
        lines = [f'=== {cid} | {title}']
        phase = case['phase']
        main = case.get('preceding_main_phase', case) if phase == 'Retreat' else case
        lines.append('phase ' + {'Main': 'S1901M', 'Retreat': 'S1901M', 'Build': 'F1901A'}[phase])
        g = godip.get(cid)
        if phase == 'Build' and g and g.get('PRESTATE_SUPPLYCENTER_OWNERS'):
            owners = collections.defaultdict(list)
            for text in g['PRESTATE_SUPPLYCENTER_OWNERS']:
                p, _, l = parse_unit_line(text)
                owners[p].append(l)
            for p, ls in owners.items():
                lines.append(f'owns {p}: ' + ' '.join(ls))
        units = []
        if 'starting_state' in main:
            for text in main['starting_state']:
                nat, body = text.split(': ')
                k, l = unit_of(body)
                units.append((POWERS[nat], k, l))
        elif phase != 'Build':
            for key in main['orders']:
                nat, body = key.split(': ')
                k, l = unit_of(body)
                if (POWERS[nat], k, l) not in units:
                    units.append((POWERS[nat], k, l))
        elif g:
            for text in g.get('PRESTATE', []):
                units.append(parse_unit_line(text))
        for p, k, l in units:
            lines.append(f'unit {p} {k} {l}')
        for key, res in main['orders'].items():
            nat, body = key.split(': ')
            res = {'Succeeds': 'succeeds', 'Fails': 'fails', None: '-'}[res]
            lines.append(f'order {POWERS[nat]}: {order_text(body, "Main" if phase == "Retreat" else phase)} => {res}')
        if phase == 'Retreat':
            lines.append('then S1901R')
            for key, res in case['orders'].items():
                nat, body = key.split(': ')
                res = {'Succeeds': 'succeeds', 'Fails': 'fails', None: '-'}[res]
                lines.append(f'order {POWERS[nat]}: {order_text(body, "Retreat")} => {res}')
        if g:
            if g.get('same'):
                after = [(p, k, l) for p, k, l in units]
            else:
                after = [parse_unit_line(t) for t in g.get('POSTSTATE', [])]
            for p, k, l in after:
                lines.append(f'after {p} {k} {l}')
            for t in g.get('POSTSTATE_DISLODGED', []):
                p, k, l = parse_unit_line(t)
                lines.append(f'dislodged {p} {k} {l}')
        else:
            lines.append('# FIXME: no board in the godip file; write it from the DATC text')
        out[section].append('\n'.join(lines))
    for section, cases in out.items():
        with open(f'{section}.txt', 'w') as f:
            f.write(HEADER.format(section=section))
            f.write('\n\n'.join(cases) + '\n')

HEADER = '''# DATC v3.0 section {section}, encoded for judgepad (format: README.md).
# Test cases by Lucas B. Kruijswijk (DATC v3.0, 2024-02-23; chapter 6 may be
# copied freely). Orders and results first converted from TedDriggs'
# datc.json (MIT, Copyright (c) 2025 Ted Driggs), then checked and edited
# against the DATC text and its preferred choices.

'''

if __name__ == '__main__':
    main()
