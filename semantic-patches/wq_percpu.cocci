// SPDX-License-Identifier: GPL-2.0-only
/// alloc_workqueue() callers are to say WQ_PERCPU or WQ_UNBOUND since Linux
/// 6.17 (930c2ea566af, "workqueue: Add new WQ_PERCPU flag"): unbound is to
/// become the default, so a call whose flags name neither would silently
/// change behaviour.  As upstream does ("<prefix>: add WQ_PERCPU to
/// alloc_workqueue users"), WQ_PERCPU, which keeps the per-CPU behaviour of
/// today, is added last: 0 becomes WQ_PERCPU, A | B becomes
/// A | B | WQ_PERCPU.  alloc_ordered_workqueue() and create_*workqueue()
/// already say which and are not touched.
//
// Confidence: High
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The same sites and fixes as wqcheck's rule WQ022.  It fires
//  only in a tree whose include/linux/workqueue.h (the nearest one above the
//  file) defines WQ_PERCPU; a file with no such header above it is checked
//  as if it had.  The workqueue core is left alone.  The flags are judged as
//  written; a name in them that is not a WQ_ constant (a variable, a macro)
//  is followed, as wqcheck follows it, to its #define or its assignments in
//  the same file: if one of them says WQ_PERCPU or WQ_UNBOUND the call is
//  explicit already; if none can be seen (a parameter, a macro from a
//  header), report mode prints a note and patch mode changes nothing, since
//  OR-ing WQ_PERCPU into a value that may hold WQ_UNBOUND makes the call
//  fail.
// Options: --no-includes --include-headers
// Keywords: alloc_workqueue, WQ_PERCPU, WQ_UNBOUND, workqueue, WQ022

// wqcheck breaks a line its fix makes longer than 80 columns; spatch, given
// 79, keeps lines of 80 columns and breaks those of 81 (it lets the
// statement end one column past the width).
#spatch --max-width 79

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
# --- wq617 begin: the same in system_wq.cocci, system_unbound_wq.cocci and
# wq_percpu.cocci (tests/t-cocci-percpu.sh checks) ---
# Which files the 6.17 rules apply to, decided as wqcheck decides.  No
# apostrophes or quote characters in here: the SmPL lexer reads script code.
import os
import re

WQ617_BACKSLASH = chr(92)
WQ617_QUOTES = chr(34) + chr(39)
WQ617_PUNCT = ("<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=",
	       "==", "!=", "&&", "||", "*=", "/=", "%=", "+=", "-=", "&=",
	       "^=", "|=", "##")

class Wq617Tok(object):
	__slots__ = ("kind", "start", "end", "directive", "macro_name")

	def __init__(self, kind, start, end, directive):
		self.kind, self.start, self.end = kind, start, end
		self.directive, self.macro_name = directive, False

def wq617_lex(text):
	"""Tokens of C text: comment, string, ident, number, punct; directive
	is the index of the # line a token is on (-1 outside), macro_name
	marks the name a #define defines.  None when a comment never ends."""
	toks, i, n, directive, ndir, bol = [], 0, len(text), -1, 0, True
	word = re.compile(r"[A-Za-z0-9_]+")
	number = re.compile(r"[0-9A-Za-z_.]+")
	while i < n:
		c = text[i]
		if c == "\n":
			directive, bol = -1, True
			i += 1
			continue
		if c in " \t\r\f\v":
			i += 1
			continue
		if c == WQ617_BACKSLASH and text.startswith("\n", i + 1):
			i += 2
			continue
		if bol and c == "#":
			directive, ndir = ndir, ndir + 1
		bol = False
		if text.startswith("/*", i):
			j = text.find("*/", i + 2)
			if j < 0:
				return None
			kind, end = "comment", j + 2
		elif text.startswith("//", i):
			j = text.find("\n", i)
			kind, end = "comment", j if j >= 0 else n
		elif c in WQ617_QUOTES:
			j = i + 1
			while j < n and text[j] != c and text[j] != "\n":
				j += 2 if text[j] == WQ617_BACKSLASH else 1
			kind, end = "string", min(j + 1, n)
		elif c.isalpha() or c == "_":
			kind, end = "ident", word.match(text, i).end()
		elif c.isdigit() or (c == "." and text[i + 1:i + 2].isdigit()):
			kind, end = "number", number.match(text, i).end()
		else:
			kind, end = "punct", i + 1
			for op in WQ617_PUNCT:
				if text.startswith(op, i):
					end = i + len(op)
					break
		t = Wq617Tok(kind, i, end, directive)
		code = [u for u in toks[-2:] if u.directive == directive]
		if kind == "ident" and directive >= 0 and len(code) == 2 and \
		   text[code[0].start:code[0].end] == "#" and \
		   text[code[1].start:code[1].end] == "define":
			t.macro_name = True
		toks.append(t)
		i = end
	return toks

class Wq617File(object):
	def __init__(self, text):
		self.text = text
		self.toks = wq617_lex(text)
		self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

	def offset(self, line, col):
		return self.line_starts[line - 1] + col

	def tok_at(self, offset):
		for i, t in enumerate(self.toks):
			if t.start == offset:
				return i
		return -1

	def s(self, i):
		return self.text[self.toks[i].start:self.toks[i].end]

	def next_code(self, i):
		i += 1
		while i < len(self.toks) and self.toks[i].kind == "comment":
			i += 1
		return i if i < len(self.toks) else -1

	def prev_code(self, i):
		i -= 1
		while i >= 0 and self.toks[i].kind == "comment":
			i -= 1
		return i

wq617_files = {}

def wq617_file(name):
	if name not in wq617_files:
		with open(name) as f:
			wq617_files[name] = Wq617File(f.read())
	return wq617_files[name]

wq617_headers = {}

def wq617_header(d):
	"""The identifiers, outside comments and strings, of
	d/include/linux/workqueue.h; None when d has no such file."""
	if d not in wq617_headers:
		path = os.path.join(d, "include", "linux", "workqueue.h")
		names = None
		if os.path.isfile(path):
			lf = wq617_file(path)
			names = set(lf.s(i) for i in range(len(lf.toks or ()))
				    if lf.toks[i].kind == "ident")
		wq617_headers[d] = names
	return wq617_headers[d]

def wq617_root(name):
	"""The tree a file is in: the nearest directory above it that has
	include/linux/workqueue.h (wqcheck reads that header for the era), or
	None."""
	d = os.path.dirname(os.path.abspath(name))
	while True:
		if wq617_header(d) is not None:
			return d
		up = os.path.dirname(d)
		if up == d:
			return None
		d = up

def wq617_in_core(name):
	"""The workqueue core and its header, which define the old names."""
	root = wq617_root(name)
	rel = os.path.relpath(os.path.abspath(name), root) if root else name
	rel = rel.replace(os.sep, "/")
	for core in ("kernel/workqueue.c", "include/linux/workqueue.h"):
		if rel == core or (root is None and rel.endswith("/" + core)):
			return True
	return False

def wq617_applies(name, replacement):
	"""A rule fires where the tree has its replacement: on a tree before
	6.17 system_percpu_wq would not compile.  With no header above the file
	(a file on its own), it fires, as wqcheck does with its built-in
	table."""
	if wq617_in_core(name) or wq617_file(name).toks is None:
		return False
	root = wq617_root(name)
	return root is None or replacement in wq617_header(root)

# Locals and macro parameters that happen to have the old name.
wq617_shadowed = set()

def wq617_key(p):
	return (p.file, int(p.line), int(p.column))

def wq617_macro_parameter(p):
	"""Is the name at p a parameter of the #define it is in?"""
	lines = wq617_file(p.file).text.split("\n")
	i = int(p.line) - 1
	while i > 0 and lines[i - 1].endswith(WQ617_BACKSLASH):
		i -= 1
	m = re.match(r"\s*#\s*define\s+\w+\(([^)]*)\)", lines[i])
	name = lines[int(p.line) - 1][int(p.column):int(p.column_end)]
	return m is not None and name in [a.strip() for a in m.group(1).split(",")]

def wq617_site(p, replacement):
	return wq617_applies(p.file, replacement) and \
		wq617_key(p) not in wq617_shadowed and not wq617_macro_parameter(p)
# --- wq617 end ---

# WQ022: the verdict on the flags of one alloc_workqueue() call, as
# checker/analysis/rule-wq-percpu.c reaches it, token for token.

def wq022_constant(s):
	return (len(s) > 3 and s.startswith("WQ_")) or (len(s) > 5 and s.startswith("__WQ_"))

def wq022_judge(lf, first, last, depth, why):
	"""explicit (names WQ_PERCPU or WQ_UNBOUND), implicit (WQ_ constants
	and numbers: fixable) or unseen (a name whose value cannot be seen)."""
	v, i = "implicit", first
	while 0 <= i <= last:
		t = lf.toks[i]
		s = lf.s(i)
		if t.kind == "ident" and s in ("WQ_PERCPU", "WQ_UNBOUND"):
			return "explicit"
		if t.kind == "ident" and not wq022_constant(s):
			if depth > 0:
				why[0] = "a name in the flags is defined through another"
				v = "unseen"
			else:
				r = wq022_follow(lf, i, why)
				if r == "explicit":
					return r
				if r == "unseen":
					v = r
		i = lf.next_code(i)
	return v

def wq022_value_end(lf, start, comma_ends):
	end = start
	while end < len(lf.toks) and lf.s(end) != ";" and not (comma_ends and lf.s(end) == ","):
		end += 1
	return end - 1

def wq022_follow(lf, use, why):
	"""What the definitions of the name at token use hold: its #define
	body, the value of name = ...; and of name |= ...; anywhere in the
	file."""
	name, seen, unseen = lf.s(use), False, False
	for i, t in enumerate(lf.toks):
		if i == use or t.kind != "ident" or lf.s(i) != name:
			continue
		prev = lf.prev_code(i)
		if prev >= 0 and lf.s(prev) in (".", "->"):
			continue
		nxt = lf.next_code(i)
		if t.macro_name and nxt >= 0 and lf.toks[nxt].directive == t.directive:
			if lf.s(nxt) == "(" and lf.toks[nxt].start == t.end:
				continue	# a function-like macro
			end = nxt
			while end + 1 < len(lf.toks) and lf.toks[end + 1].directive == t.directive:
				end += 1
		elif nxt >= 0 and lf.s(nxt) == "=" and t.directive < 0:
			nxt = lf.next_code(nxt)
			end = wq022_value_end(lf, nxt, True)
		elif nxt >= 0 and lf.s(nxt) in ("|=", "&="):
			nxt = lf.next_code(nxt)
			end = wq022_value_end(lf, nxt, False)
		else:
			continue
		if nxt < 0 or end < nxt:
			continue
		r = wq022_judge(lf, nxt, end, 1, why)
		if r == "explicit":
			return r
		if r == "unseen":
			unseen = True
		else:
			seen = True
	if not seen and not unseen:
		why[0] = "the flags name a value defined outside this file"
	return "implicit" if seen and not unseen else "unseen"

wq022_verdicts = {}

def wq022_verdict(p):
	"""fix, note or none for the call whose flags argument is at p."""
	key = (p.file, int(p.line), int(p.column), int(p.line_end), int(p.column_end))
	if key in wq022_verdicts:
		return wq022_verdicts[key][0]
	verdict, why = "none", [None]
	if wq617_applies(p.file, "WQ_PERCPU"):
		lf = wq617_file(p.file)
		a = lf.offset(int(p.line), int(p.column))
		b = lf.offset(int(p.line_end), int(p.column_end))
		code = [i for i, t in enumerate(lf.toks)
			if a <= t.start and t.end <= b and t.kind != "comment"]
		if not code:
			verdict, why[0] = "note", "its flags argument cannot be read (a call split across macros?)"
		elif len(set(lf.toks[i].directive for i in code)) > 1:
			verdict, why[0] = "note", "its flags are split across preprocessor lines"
		else:
			verdict = {"explicit": "none", "implicit": "fix", "unseen": "note"}[
				wq022_judge(lf, code[0], code[-1], 0, why)]
	wq022_verdicts[key] = (verdict, why[0])
	return verdict

WQ022_MESSAGE = ("alloc_workqueue() without WQ_PERCPU or WQ_UNBOUND: since 6.17 "
		 "unbound is to become the default, so say which; ")

def wq022_message(pf):
	if wq022_verdict(pf) == "note":
		return (WQ022_MESSAGE + wq022_verdicts[(pf.file, int(pf.line), int(pf.column),
			int(pf.line_end), int(pf.column_end))][1] +
			", so no fix is offered: add WQ_PERCPU where the value is made "
			"unless it may hold WQ_UNBOUND [WQ022]")
	return WQ022_MESSAGE + "WQ_PERCPU keeps today" + chr(39) + "s per-CPU behaviour; add it [WQ022]"

// The call: alloc_workqueue() itself, not alloc_ordered_workqueue() or
// create_*workqueue(), which say which already.
@fix@
expression fmt, flags;
position p;
position pf : script:python() { wq022_verdict(pf[0]) == "fix" };
@@
alloc_workqueue@p(fmt, flags@pf, ...)

@note@
expression fmt, flags;
position p;
position pf : script:python() { wq022_verdict(pf[0]) == "note" };
@@
alloc_workqueue@p(fmt, flags@pf, ...)

// WQ_PERCPU goes last.  The last operand of A | B alone is rewritten, so
// the rest keeps its lines; spatch breaks a line the addition makes too
// long after the comma before the flags, as wqcheck does.
@depends on patch@
expression fmt, e1, e2, X;
position fix.p;
@@
(
alloc_workqueue@p(fmt,
- 0
+ WQ_PERCPU
  , ...)
|
alloc_workqueue@p(fmt, e1 |
- e2
+ e2 | WQ_PERCPU
  , ...)
|
alloc_workqueue@p(fmt,
- X
+ X | WQ_PERCPU
  , ...)
)

@depends on context@
position fix.p;
@@
* alloc_workqueue@p(...)

@depends on context@
position note.p;
@@
* alloc_workqueue@p(...)

@script:python depends on org@
p << fix.p;
pf << fix.pf;
@@
coccilib.org.print_todo(p[0], wq022_message(pf[0]))

@script:python depends on org@
p << note.p;
pf << note.pf;
@@
coccilib.org.print_todo(p[0], wq022_message(pf[0]))

@script:python depends on report@
p << fix.p;
pf << fix.pf;
@@
coccilib.report.print_report(p[0], wq022_message(pf[0]))

@script:python depends on report@
p << note.p;
pf << note.pf;
@@
coccilib.report.print_report(p[0], wq022_message(pf[0]))
