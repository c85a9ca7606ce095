#!/usr/bin/env python3
"""Scores every corpus case between the two budgets evalcorpus uses.

usage: python3 testdata/corpus/scan_budgets.py BIN testdata/corpus [KINDS]

For each case of the given kinds (comma-separated; default json) whose input
is under 3 MB, runs BIN at budgets 1.5, 1.75, ... 3 times smaller than the
input and counts the expect.json facts kept, as ../shared/tools/evalcorpus.py
does, beside a blind head/tail clip of the same size. Prints a ROW line for
each run, a BELOW line where BIN keeps fewer facts than the clip, and a
closing total. evalcorpus.py is found at $EVALCORPUS or ../shared/tools/
beside the repository.
"""
import importlib.util
import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

here = os.path.dirname(os.path.abspath(__file__))
evpath = os.environ.get('EVALCORPUS') or os.path.join(here, '..', '..', '..', 'shared', 'tools', 'evalcorpus.py')
spec = importlib.util.spec_from_file_location('evalcorpus', evpath)
ev = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ev)

binary, root = sys.argv[1], sys.argv[2]
kinds = sys.argv[3].split(',') if len(sys.argv) > 3 else ['json']
factors = (1.5, 1.75, 2.0, 2.25, 2.5, 2.75, 3.0)

jobs = []
for case in sorted(os.listdir(root)):
    d = os.path.join(root, case)
    if not os.path.isfile(os.path.join(d, 'expect.json')):
        continue
    exp = json.load(open(os.path.join(d, 'expect.json')))
    if exp['kind'] not in kinds:
        continue
    data = open(os.path.join(d, 'input.txt'), 'rb').read()
    if len(data) > 3_000_000:
        continue
    tool = open(os.path.join(d, 'tool.txt')).read().strip()
    for f in factors:
        b = int(len(data) / f)
        if b >= 1000:
            jobs.append((case, exp, data, tool, b, f))


def run(job):
    case, exp, data, tool, b, f = job
    p = subprocess.run([binary, '-tool', tool, '-max-bytes', str(b)], input=data,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    must = [m.encode() for m in exp['must_contain']]
    kept = sum(ev.kept(m, p.stdout, exp) for m in must)
    clip = sum(ev.kept(m, ev.blind_clip(data, b), exp) for m in must)
    return case, f, b, kept, clip, len(must)


with ThreadPoolExecutor(16) as ex:
    results = list(ex.map(run, jobs))
below = kept_all = clip_all = 0
for case, f, b, kept, clip, n in results:
    kept_all += kept
    clip_all += clip
    print(f'ROW {case} x{f} b={b} keep {kept}/{n} clip {clip}/{n}')
    if kept < clip:
        below += 1
        print(f'BELOW {case} x{f} b={b} keep {kept}/{n} clip {clip}/{n}')
print(f'rows {len(results)} below {below} kept {kept_all} clip {clip_all}')
