#!/usr/bin/env python3
"""Bring the 3.7-era workqueue API back into a copy of a 6.1 tree.

usage: legacy-rewrite.py TREE SITES MANIFEST COMMENTS

Adds the compat definitions to include/linux/workqueue.h in the shape Linux
3.7 had them, then rewrites the call sites listed in SITES (see
legacy-sites.txt) and writes:
  MANIFEST   rule<TAB>file<TAB>line<TAB>column<TAB>kind, one line per legacy
             token put in, 1-based byte columns, sorted: exactly what a
             checker must report
  COMMENTS   file<TAB>line<TAB>column<TAB>legacy<TAB>modern for each comment
             renamed (not findings; a fix should write modern back)

Every edit is made at an exact place whose old text is checked first, and
checked again in the result; anything unexpected aborts with status 1.
Files are replaced (written beside and renamed), never rewritten in place:
the tree may be a hard-link copy of a pristine one.
"""
import os
import re
import sys

LEGACY = {
    'WQ001': 'flush_work_sync',
    'WQ002': 'flush_delayed_work_sync',
    'WQ003': 'system_nrt_wq',
    'WQ004': 'system_nrt_freezable_wq',
    'WQ005': 'WQ_NON_REENTRANT',
}


def die(msg):
    sys.stderr.write('legacy-rewrite: %s\n' % msg)
    sys.exit(1)


def display_width(s):
    col = 0
    for ch in s:
        col = (col // 8 + 1) * 8 if ch == '\t' else col + 1
    return col


def indent_to(width):
    return '\t' * (width // 8) + ' ' * (width % 8)


def line_starts(text):
    starts = [0]
    for m in re.finditer('\n', text):
        starts.append(m.end())
    return starts


def skip_literal(text, i):
    """i is at a quote or a comment start; returns the index after it."""
    if text.startswith('/*', i):
        end = text.find('*/', i + 2)
        return len(text) if end < 0 else end + 2
    if text.startswith('//', i):
        end = text.find('\n', i)
        return len(text) if end < 0 else end
    quote = text[i]
    i += 1
    while i < len(text) and text[i] != quote:
        i += 2 if text[i] == '\\' else 1
    return i + 1


def call_arguments(text, open_paren):
    """Spans (start, end) of the top-level arguments of the call whose '(' is
    at open_paren, and the index of its ')'."""
    depth, i, start, args = 0, open_paren, open_paren + 1, []
    while i < len(text):
        ch = text[i]
        if ch in '"\'' or text.startswith('/*', i) or text.startswith('//', i):
            i = skip_literal(text, i)
            continue
        if ch in '([{':
            depth += 1
        elif ch in ')]}':
            depth -= 1
            if depth == 0:
                args.append((start, i))
                return args, i
        elif ch == ',' and depth == 1:
            args.append((start, i))
            start = i + 1
        i += 1
    die('unbalanced call at offset %d' % open_paren)


def strip_span(text, span):
    s, e = span
    while s < e and text[s].isspace():
        s += 1
    while e > s and text[e - 1].isspace():
        e -= 1
    return s, e


def top_level_terms(text, span):
    """Spans of the '|'-separated terms of a flags expression."""
    s, e = span
    terms, depth, start, i = [], 0, s, s
    while i < e:
        ch = text[i]
        if ch in '([':
            depth += 1
        elif ch in ')]':
            depth -= 1
        elif ch == '|' and depth == 0:
            terms.append(strip_span(text, (start, i)))
            start = i + 1
        i += 1
    terms.append(strip_span(text, (start, e)))
    return terms


def preprocessor_depths(text):
    """For each line (1-based index), whether it sits inside an #if block."""
    depth, inside = 0, [False]
    for line in text.split('\n'):
        stripped = line.strip()
        if re.match(r'#\s*if', stripped):
            inside.append(depth > 0)
            depth += 1
            continue
        if re.match(r'#\s*endif', stripped):
            depth = max(depth - 1, 0)
        inside.append(depth > 0)
    return inside


class Edit:
    def __init__(self, start, end, new, rule=None, legacy_at=0, kind=''):
        self.start, self.end, self.new = start, end, new
        self.rule, self.legacy_at, self.kind = rule, legacy_at, kind
        self.multiline = False


def find_on_line(text, starts, line, pattern, what):
    lo = starts[line - 1]
    hi = starts[line] if line < len(starts) else len(text)
    hits = [m for m in re.finditer(pattern, text[lo:hi])]
    if len(hits) != 1:
        die('%s: expected exactly one %s on line %d, found %d: %r'
            % (what[0], what[1], line, len(hits), text[lo:hi]))
    return lo + hits[0].start(), lo + hits[0].end(), lo


def realign(text, starts, open_paren, close_paren, old_align, new_align):
    """Edits re-indenting the continuation lines of a call that were aligned
    under its first argument, the way kernel style (and checkpatch) wants."""
    edits = []
    for ls in starts:
        if ls <= open_paren or ls > close_paren:
            continue
        m = re.match(r'[ \t]*', text[ls:])
        if display_width(m.group(0)) == old_align and old_align != new_align:
            edits.append(Edit(ls, ls + m.end(), indent_to(new_align)))
    return edits


def flag_edits(text, path, line, flags, terms, position):
    name = 'WQ_NON_REENTRANT'
    if position == 'alone':
        if text[flags[0]:flags[1]] != '0':
            die('%s:%d: flags are not 0' % (path, line))
        return [Edit(flags[0], flags[1], name, 'WQ005', 0, 'flags:0->WQ_NON_REENTRANT')]
    if position == 'first':
        return [Edit(flags[0], flags[0], name + ' | ', 'WQ005', 0,
                     'flags:WQ_NON_REENTRANT-first')]
    if position == 'last':
        return [Edit(flags[1], flags[1], ' | ' + name, 'WQ005', 3,
                     'flags:WQ_NON_REENTRANT-last')]
    if position.startswith('middle'):
        index = int(position.split('=')[1]) if '=' in position else 1
        if not 0 < index < len(terms):
            die('%s:%d: no flags term %d in %r' % (path, line, index,
                                                   text[flags[0]:flags[1]]))
        at = terms[index][0]
        return [Edit(at, at, name + ' | ', 'WQ005', 0, 'flags:WQ_NON_REENTRANT-middle')]
    die('unknown flags position %s' % position)


def site_edits(text, starts, path, kind, line, args):
    what = (path, kind)
    if kind in ('flush_work', 'flush_delayed_work'):
        s, e, _ = find_on_line(text, starts, line, r'\b%s(?=\s*\()' % kind, what)
        rule = 'WQ001' if kind == 'flush_work' else 'WQ002'
        return [Edit(s, e, kind + '_sync', rule, 0, kind + '->' + kind + '_sync')]
    if kind in ('schedule_work', 'schedule_delayed_work'):
        s, e, lo = find_on_line(text, starts, line, r'\b%s\s*\(' % kind, what)
        queue = 'queue_work(' if kind == 'schedule_work' else 'queue_delayed_work('
        new = queue + 'system_nrt_wq, '
        _, close = call_arguments(text, e - 1)
        old_align = display_width(text[lo:e])
        new_align = display_width(text[lo:s] + queue)
        edits = [Edit(s, e, new, 'WQ003', len(queue),
                      '%s->%ssystem_nrt_wq)' % (kind, queue))]
        edits[0].multiline = '\n' in text[s:close]
        return edits + realign(text, starts, e - 1, close, old_align, new_align)
    if kind in ('system_wq', 'system_freezable_wq'):
        s, e, lo = find_on_line(text, starts, line, r'\b%s\b' % kind, what)
        m = re.search(r'(\w+)\s*\(\s*$', text[lo:s])
        if not m:
            die('%s:%d: %s is not the first argument of a call' % (path, line, kind))
        _, close = call_arguments(text, lo + m.end() - 1 - (len(m.group(0)) - len(m.group(0).rstrip())))
        nrt = kind.replace('system_', 'system_nrt_')
        edit = Edit(s, e, nrt, 'WQ003' if kind == 'system_wq' else 'WQ004', 0,
                    '%s(%s)->%s(%s)' % (m.group(1), kind, m.group(1), nrt))
        edit.multiline = '\n' in text[s:close]
        return [edit]
    if kind.startswith('flags-'):
        s, e, _ = find_on_line(text, starts, line, r'\balloc_workqueue\s*\(', what)
        call_args, close = call_arguments(text, e - 1)
        multiline = '\n' in text[s:close]
        if len(call_args) < 3:
            die('%s:%d: alloc_workqueue() with %d arguments' % (path, line, len(call_args)))
        flags = strip_span(text, call_args[1])
        terms = top_level_terms(text, flags)
        position = kind[len('flags-'):]
        edits = flag_edits(text, path, line, flags, terms, position)
        edits[0].multiline = multiline
        return edits
    if kind == 'comment':
        old, new = args
        s, e, lo = find_on_line(text, starts, line, r'\b%s\b' % re.escape(old), what)
        before = text[lo:s]
        if not (before.lstrip().startswith('*') or '/*' in before or '//' in before):
            die('%s:%d: %s is not in a comment' % (path, line, old))
        return [Edit(s, e, new, None, 0, 'comment:%s->%s' % (old, new))]
    die('unknown kind %s' % kind)


def replace_file(path, text):
    tmp = path + '.legacy-tmp'
    mode = os.stat(path).st_mode & 0o7777
    with open(tmp, 'w', encoding='utf-8', errors='surrogateescape', newline='') as f:
        f.write(text)
    os.chmod(tmp, mode)
    os.replace(tmp, path)


def read(path):
    with open(path, encoding='utf-8', errors='surrogateescape', newline='') as f:
        return f.read()


def rewrite_file(tree, rel, sites):
    path = os.path.join(tree, rel)
    text = read(path)
    for name in LEGACY.values():
        if re.search(r'\b%s\b' % name, text):
            die('%s already mentions %s' % (rel, name))
    starts = line_starts(text)
    edits = []
    for kind, line, tags, args in sites:
        site = site_edits(text, starts, rel, kind, line, args)
        for e in site:
            e.tags = tags
        edits += site
    edits.sort(key=lambda e: (e.start, e.end))
    for a, b in zip(edits, edits[1:]):
        if a.end > b.start:
            die('%s: overlapping edits at offsets %d and %d' % (rel, a.start, b.start))
    out, pos, placed = [], 0, []
    new_len = 0
    for e in edits:
        out.append(text[pos:e.start])
        new_len += e.start - pos
        if e.rule or e.kind.startswith('comment'):
            placed.append((e, new_len + e.legacy_at))
        out.append(e.new)
        new_len += len(e.new)
        pos = e.end
    out.append(text[pos:])
    new = ''.join(out)

    new_starts = line_starts(new)
    inside_if = preprocessor_depths(new)
    results, comments = [], []
    for e, offset in placed:
        line = max(i for i, s in enumerate(new_starts) if s <= offset) + 1
        column = offset - new_starts[line - 1] + 1
        if e.rule:
            name = LEGACY[e.rule]
            if not re.match(r'%s\b' % name, new[offset:]) or re.match(r'\w', new[offset - 1]):
                die('%s:%d:%d: %s not found after the edit' % (rel, line, column, name))
            kind = e.kind
            if e.multiline:
                kind += '+multiline'
            if inside_if[line]:
                kind += '+ifdef'
            if 'inactive' in e.tags:
                if not inside_if[line]:
                    die('%s:%d: tagged inactive but not under #if' % (rel, line))
                kind += '+inactive'
            results.append((e.rule, rel, line, column, kind))
        else:
            old, new_word = e.kind[len('comment:'):].split('->')
            comments.append((rel, line, column, new_word, old))
    # Each legacy name now occurs exactly where the manifest and comment list say.
    for rule, name in LEGACY.items():
        want = sorted((l, c) for r, _, l, c, _ in results if r == rule) + \
            sorted((l, c) for _, l, c, w, _ in comments if w == name)
        got = []
        for m in re.finditer(r'\b%s\b' % name, new):
            l = max(i for i, s in enumerate(new_starts) if s <= m.start()) + 1
            got.append((l, m.start() - new_starts[l - 1] + 1))
        if sorted(want) != sorted(got):
            die('%s: %s at %s, expected %s' % (rel, name, got, want))
    replace_file(path, new)
    if read(path) != new:
        die('%s: rewrite did not stick' % rel)
    return results, comments


COMPAT_ENUM_ANCHOR = '\tWQ_UNBOUND\t\t= 1 << 1, /* not bound to any cpu */\n'
COMPAT_ENUM = '\tWQ_NON_REENTRANT\t= 1 << 0, /* guarantee non-reentrance */\n'

COMPAT_WQ_ANCHOR = 'extern struct workqueue_struct *system_freezable_power_efficient_wq;\n'
COMPAT_WQ = '''
static inline struct workqueue_struct * __deprecated __system_nrt_wq(void)
{
	return system_wq;
}

static inline struct workqueue_struct * __deprecated __system_nrt_freezable_wq(void)
{
	return system_freezable_wq;
}

/* equivalent to system_wq and system_freezable_wq, deprecated */
#define system_nrt_wq			__system_nrt_wq()
#define system_nrt_freezable_wq		__system_nrt_freezable_wq()
'''

COMPAT_FLUSH_ANCHOR = 'extern bool flush_delayed_work(struct delayed_work *dwork);\n'
COMPAT_FLUSH = '''
/* used to be different but now identical to flush_work(), deprecated */
static inline bool __deprecated flush_work_sync(struct work_struct *work)
{
	return flush_work(work);
}

/* used to be different but now identical to flush_delayed_work(), deprecated */
static inline bool __deprecated flush_delayed_work_sync(struct delayed_work *dwork)
{
	return flush_delayed_work(dwork);
}

'''


def add_compat_header(tree):
    """The 3.7 shape: WQ_NON_REENTRANT still a flag (bit 0, free again in 6.1),
    system_nrt_wq and system_nrt_freezable_wq deprecated aliases of system_wq
    and system_freezable_wq (3.7's 3b07e9ca2686), the _sync flushes deprecated
    wrappers (3.7's 43829731dd37, 606a5020b9bd)."""
    rel = 'include/linux/workqueue.h'
    path = os.path.join(tree, rel)
    text = read(path)
    for anchor, insert, before in ((COMPAT_ENUM_ANCHOR, COMPAT_ENUM, True),
                                   (COMPAT_WQ_ANCHOR, COMPAT_WQ, False),
                                   (COMPAT_FLUSH_ANCHOR, COMPAT_FLUSH, False)):
        if text.count(anchor) != 1:
            die('%s: anchor %r found %d times' % (rel, anchor, text.count(anchor)))
        at = text.index(anchor) + (0 if before else len(anchor))
        text = text[:at] + insert + text[at:]
    at = text.index(COMPAT_ENUM)
    flags_enum = text[text.rindex('enum {', 0, at):text.index('};', at)]
    if len(re.findall(r'=\s*1\s*<<\s*0\b', flags_enum)) != 1:
        die('%s: bit 0 of the wq flags is taken' % rel)
    replace_file(path, text)


def parse_sites(path):
    sites = {}
    for number, raw in enumerate(open(path), 1):
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        kind, where = fields[0], fields[1]
        tags = [] if len(fields) < 3 or fields[2] == '-' else fields[2].split(',')
        args = fields[3:]
        rel, lineno = where.rsplit(':', 1)
        sites.setdefault(rel, []).append((kind, int(lineno), tags, args))
    return sites


def main():
    if len(sys.argv) != 5:
        die('usage: legacy-rewrite.py TREE SITES MANIFEST COMMENTS')
    tree, sites_path, manifest, comments_path = sys.argv[1:]
    sites = parse_sites(sites_path)
    add_compat_header(tree)
    results, comments = [], []
    for rel in sorted(sites):
        r, c = rewrite_file(tree, rel, sites[rel])
        results += r
        comments += c
    results.sort(key=lambda r: (r[1], r[2], r[3]))
    with open(manifest, 'w') as f:
        for r in results:
            f.write('%s\t%s\t%d\t%d\t%s\n' % r)
    with open(comments_path, 'w') as f:
        for c in sorted(comments):
            f.write('%s\t%d\t%d\t%s\t%s\n' % c)
    sys.stderr.write('legacy-rewrite: %d sites in %d files, %d comments\n'
                     % (len(results), len(sites), len(comments)))


main()
