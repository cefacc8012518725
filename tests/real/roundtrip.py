#!/usr/bin/env python3
"""Compares the legacy fixture with its fixes applied (in the git index that
GIT_INDEX_FILE names) to the 6.1 sources (the fixture's HEAD~1).

usage: roundtrip.py FIXTURE MANIFEST

Prints one line per file that is wrong, then a '#' summary line. A fixed file
must equal 6.1 modulo whitespace (the fixes may join or re-align lines), with
one expected difference: where the fixture made queue_work(system_nrt_wq, w)
out of 6.1's queue_work(system_wq, w), upstream's fix gives schedule_work(w)
(and the same for queue_delayed_work).
"""
import re
import subprocess
import sys


def git(fixture, *args):
    return subprocess.run(['git', '-C', fixture] + list(args), capture_output=True,
                          check=True).stdout.decode('utf-8', 'surrogateescape')


def main():
    fixture, manifest = sys.argv[1:]
    sites = {}
    for line in open(manifest):
        rule, path, lineno, col, kind = line.rstrip('\n').split('\t')
        sites.setdefault(path, []).append((int(lineno), kind))
    changed = set(git(fixture, 'diff', '--cached', '--name-only', 'HEAD').split())
    bad, identical = [], 0
    for path in sorted(changed | set(sites)):
        if path not in sites:
            bad.append('%s: changed by the fixes but holds no site' % path)
            continue
        if path not in changed:
            bad.append('%s: holds sites but the fixes leave it alone' % path)
            continue
        old = git(fixture, 'show', 'HEAD~1:' + path)
        new = git(fixture, 'show', ':' + path)
        if old == new:
            identical += 1
            continue
        lines = old.split('\n')
        for lineno, kind in sites[path]:
            m = re.match(r'(queue_work|queue_delayed_work)\(system_wq\)', kind)
            if m:
                short = 'schedule_work(' if m.group(1) == 'queue_work' else 'schedule_delayed_work('
                lines[lineno - 1] = re.sub(r'\b%s\(\s*system_wq\s*,\s*' % m.group(1), short,
                                           lines[lineno - 1])
        if re.sub(r'\s+', '', '\n'.join(lines)) != re.sub(r'\s+', '', new):
            bad.append('%s: differs from 6.1 beyond whitespace' % path)
    for b in bad:
        print(b)
    print('# real-fixture: %d of %d fixed files identical to 6.1 byte for byte'
          % (identical, len(sites)))


main()
