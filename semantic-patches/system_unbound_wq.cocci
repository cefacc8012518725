// SPDX-License-Identifier: GPL-2.0-only
/// system_unbound_wq is to be replaced since Linux 6.17 (128ea9f6ccfb,
/// "workqueue: Add system_percpu_wq and system_dfl_wq"): system_dfl_wq is a
/// second workqueue with the same unbound flags under the name that stays,
/// the default workqueue for work that does not need a particular CPU.  As
/// upstream does ("<prefix>: replace use of system_unbound_wq with
/// system_dfl_wq"), every use of system_unbound_wq names system_dfl_wq
/// instead: the same kind of workqueue.
//
// Confidence: High
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The same sites and fixes as wqcheck's rule WQ021.  It fires
//  only in a tree whose include/linux/workqueue.h (the nearest one above the
//  file) declares system_dfl_wq, so that the fix compiles; a file with no
//  such header above it is checked as if it had.  The workqueue core
//  (kernel/workqueue.c, include/linux/workqueue.h), a local and a macro
//  parameter of that name, a structure member, comments and strings are left
//  alone.  A comment naming system_unbound_wq next to a converted statement
//  is not updated (Coccinelle cannot edit comments); wqcheck does update it,
//  and rejoins a call it edits when it then fits in 80 columns.
// Options: --no-includes --include-headers
// Keywords: system_unbound_wq, system_dfl_wq, workqueue, WQ021

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

WQ021_MESSAGE = ("system_unbound_wq is to be replaced since 6.17: system_dfl_wq, "
		 "the name that stays, is a workqueue of its own with the same "
		 "unbound flags; use system_dfl_wq [WQ021]")

// scoped_guard(lock, &l) { ... } parses as an iterator.
@shadow@
iterator name scoped_guard, scoped_cond_guard;
local idexpression e;
symbol system_unbound_wq;
position p;
@@
(
e@p
&
system_unbound_wq
)

@script:python@
p << shadow.p;
@@
wq617_shadowed.add(wq617_key(p[0]))

// An identifier expression only: a structure member, a declaration, a
// comment or a string is not a use.
@r@
symbol system_unbound_wq;
position p : script:python() { wq617_site(p[0], "system_dfl_wq") };
@@
system_unbound_wq@p

@depends on patch@
symbol system_unbound_wq;
position r.p;
@@
- system_unbound_wq@p
+ system_dfl_wq

@depends on context@
symbol system_unbound_wq;
position r.p;
@@
* system_unbound_wq@p

@script:python depends on org@
p << r.p;
@@
coccilib.org.print_todo(p[0], WQ021_MESSAGE)

@script:python depends on report@
p << r.p;
@@
coccilib.report.print_report(p[0], WQ021_MESSAGE)
