// SPDX-License-Identifier: GPL-2.0-only
/// One work item queued on two named workqueues in one file.  A work item
/// runs on one worker at a time only while no one queues it to another
/// workqueue (Documentation/core-api/workqueue.rst, Non-reentrance
/// Conditions): __queue_work() sends an item to the pool where it still
/// runs only when that run belongs to the same workqueue, so a run queued
/// from one workqueue may start while a run from the other is still going
/// on another CPU.  schedule_*() queues on the workqueue the tree's
/// include/linux/workqueue.h says (system_wq; system_percpu_wq since 6.17,
/// where system_wq is a second workqueue).  The site on the workqueue that
/// fewer of the item's sites name is reported, with the other one in the
/// message.  Two sites in one function (the branches of one choice), two
/// sites whose functions each choose between the same two workqueues, the
/// first queueing of an object the function has just allocated, and two
/// sites that each follow an INIT_* of the item on every path to them (a
/// hand-off from one stage to the next) are not reported.
//
// Confidence: Moderate
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The one-file part of wqcheck's rule WQ014.  Named workqueues
//  are compared: a global name (system_*_wq, a driver's own static
//  workqueue, a #define of one in the file) or a struct member, named by
//  its last name (p->event_wq and p->dev->event_wq are one), as wqcheck
//  names them; a workqueue in a parameter or a local variable,
//  aliases the tree's headers define, and sites in other files need
//  wqcheck.  An item is its global name, or its member path (&p->poll and
//  &q->poll are one item: the struct types are not compared).  An object
//  counts as just allocated where the function assigns it the result of a
//  call whose name has alloc, kmemdup, _new, kzalloc, create or _get_
//  (not a *_get_*data() getter of driver data), as wqcheck reads it.  No patch mode output: which workqueue the item
//  belongs on needs a human.
// Options: --no-includes --include-headers
// Keywords: queue_work, queue_delayed_work, mod_delayed_work, schedule_work,
//  schedule_delayed_work, system_wq, system_percpu_wq, non-reentrant

virtual patch
virtual context
virtual org
virtual report

// Nothing to rewrite: which workqueue the item belongs on needs a human.
// This rule lets MODE=patch run (spatch refuses a semantic patch with no
// rule for the mode) and print nothing: the name it looks for is one no
// source uses.
@depends on patch@
symbol __wqcheck_report_only__;
@@
- __wqcheck_report_only__();

@initialize:python@
@@
# --- wqitem begin: the same in prepare_work.cocci and two_workqueues.cocci
# (tests/t-cocci.sh checks) ---
# Work items, their initialisations and their queueings, one file at a
# time.  No apostrophes or quote characters in here: the SmPL lexer reads
# script code.
import os
import re

WQITEM_CORE = ("kernel/workqueue.c", "include/linux/workqueue.h")

def wqitem_in_core(name):
	"""The workqueue core and its header define the API, they do not use it."""
	name = os.path.abspath(name).replace(os.sep, "/")
	return any(name.endswith("/" + c) for c in WQITEM_CORE)

def wqitem_text(e):
	"""Coccinelle prints & p -> poll; the source says &p->poll."""
	e = re.sub(r"\s*(->|\.)\s*", r"\1", e.strip())
	return re.sub(r"([&*!~])\s+", r"\1", e)

def wqitem_key(w):
	"""The item an argument names: a name (&re_flush_work: the rules
	that ask for a global one say global idexpression), or a member path
	with its base left out (&p->poll.work and &q->poll are one item,
	poll: the .work of a delayed_work is the delayed_work).  None for
	anything else (a pointer parameter, an array element)."""
	t = wqitem_text(w)
	if not t.startswith("&"):
		return None
	t = t[1:]
	if t.startswith("(") and t.endswith(")"):
		t = t[1:-1]
	if re.match(r"^[A-Za-z_]\w*$", t):
		return wqitem_global_key(t)
	m = re.match(r"^[A-Za-z_]\w*((?:(?:->|\.)[A-Za-z_]\w*)+)$", t)
	if m:
		path = re.sub(r"^(->|\.)", "", m.group(1)).replace("->", ".")
		if path.endswith(".work") and path != "work":
			path = path[:-len(".work")]
		return "member " + path
	return None

def wqitem_global_key(name):
	return "var " + name.strip()

def wqitem_key_at(p, w):
	"""The item of argument w at p: a member path is qualified with the
	struct of its base where the function or the file declares it
	(member chip:poll for &c->poll with struct chip *c), as wqcheck keys
	it by type: &a->work and &b->work of two structs are two items."""
	key = wqitem_key(w)
	if key is None or not key.startswith("member "):
		return key
	base = re.match(r"^[&(*\s]*([A-Za-z_]\w*)", wqitem_text(w))
	t = wqitem_file(p.file).base_type(p.current_element, int(p.line),
					 int(p.column), base.group(1))
	return key if t is None else "member " + t + ":" + key[len("member "):]

def wqitem_same(a, b):
	"""One item: the same key, or the same member path where one side
	does not show the struct of its base."""
	if a == b:
		return True
	if a is None or b is None or not (a.startswith("member ") and
					  b.startswith("member ")):
		return False
	a, b = a[len("member "):].split(":"), b[len("member "):].split(":")
	return a[-1] == b[-1] and (len(a) == 1 or len(b) == 1)

class WqitemFile(object):
	def __init__(self, name):
		self.name = name
		self.inits = []		# (key, function, line, work function, column)
		self.queues = []	# (key, function, line, col, col_end, api, workqueue)
		self.macros = None
		self.functions = {}	# name: the lines its definitions start on
		self.text = None

	def object_macros(self):
		"""The object-like #defines of the file that stand for a name:
		#define RE_EVENTS_WQ system_wq."""
		if self.macros is None:
			self.macros = {}
			with open(self.name) as f:
				for l in f:
					m = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)\s+(.*?)\s*$", l)
					if m:
						self.macros[m.group(1)] = m.group(2)
		return self.macros

	def resolve(self, name):
		"""The workqueue a global name stands for, through the file
		s object-like macros; None when one stands for an expression."""
		seen = set()
		while name in self.object_macros() and name not in seen:
			seen.add(name)
			name = self.object_macros()[name]
			m = re.match(r"^\(?\s*([A-Za-z_]\w*)\s*\)?$", name)
			if not m:
				return None
			name = m.group(1)
		return name

	def fresh(self, key, function, line, column):
		"""An INIT_* of the item before line:column in the same
		function, on every path to it."""
		return any(wqitem_same(k, key) and fn == function and
			   (l, c) < (line, column) and
			   self.dominates(function, l, c, line, column)
			   for (k, fn, l, wf, c) in self.inits)

	def dominates(self, function, line, column, to_line, to_column):
		"""Whether line:column is on every path to to_line:to_column,
		read as wqcheck reads it: no else, case, default, return, goto,
		break or continue at the same depth between them, and no brace
		closing the block it stands in."""
		lines = self.lines()
		if line == to_line:
			text = lines[line - 1][column:to_column]
		else:
			text = (lines[line - 1][column:] + "".join(lines[line:to_line - 1]) +
				lines[to_line - 1][:to_column])
		text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", text, flags=re.S)
		depth = 0
		stop = r"\b(?:case|default|else|return|goto|break|continue)\b"
		for t in re.finditer(r"[{}]|" + stop, text):
			if t.group(0) == "{":
				depth += 1
			elif t.group(0) == "}":
				depth -= 1
				if depth < 0:
					return False
			elif depth == 0:
				return False
		return True

	def lines(self):
		if self.text is None:
			with open(self.name) as f:
				self.text = f.readlines()
		return self.text

	def function_text(self, function, line, column):
		"""The text of function from its definition to line:column,
		comments left out; empty when its definition is not seen."""
		starts = [l for l in self.functions.get(function, []) if l <= line]
		if not starts:
			return ""
		lines = self.lines()
		text = "".join(lines[max(starts) - 1:line - 1]) + lines[line - 1][:column]
		text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
		return re.sub(r"//[^\n]*", " ", text)

	def body_before(self, function, line, column):
		"""The text of function from its opening brace to line:column."""
		text = self.function_text(function, line, column)
		brace = text.find("{")
		return text[brace:] if brace >= 0 else ""

	def base_type(self, function, line, column, base):
		"""The struct a name is declared with in function (a parameter
		or a local), else in the file: struct chip *c gives chip."""
		decl = r"\bstruct\s+([A-Za-z_]\w*)\b[\s*]+(?:const\s+)?%s\s*[;,=)\[]" % base
		found = re.findall(decl, self.function_text(function, line, column))
		if not found:
			found = re.findall(decl, "".join(self.lines()))
		return found[-1] if found else None

wqitem_files = {}

def wqitem_file(name):
	if name not in wqitem_files:
		wqitem_files[name] = WqitemFile(name)
	return wqitem_files[name]

def wqitem_api(p):
	"""The name of the call at p, as the source spells it."""
	with open(p.file) as f:
		line = f.readlines()[int(p.line) - 1]
	return line[int(p.column):int(p.column_end)]

# Where schedule_*() queues: the tree is the nearest directory above the
# file with include/linux/workqueue.h, and that header says.
wqitem_schedule_wqs = {}

def wqitem_schedule_wq(name):
	d = os.path.dirname(os.path.abspath(name))
	while True:
		path = os.path.join(d, "include", "linux", "workqueue.h")
		if os.path.isfile(path):
			break
		up = os.path.dirname(d)
		if up == d:
			return "system_wq"
		d = up
	if path not in wqitem_schedule_wqs:
		with open(path) as f:
			text = f.read()
		m = re.search(r"\bschedule_work\s*\([^)]*\)\s*\{[^}]*?\bqueue_work\s*\(\s*([A-Za-z_]\w*)", text)
		wqitem_schedule_wqs[path] = m.group(1) if m else "system_wq"
	return wqitem_schedule_wqs[path]

def wqitem_add_init(p, w, fn):
	key = wqitem_key_at(p, w)
	if key:
		wqitem_file(p.file).inits.append((key, p.current_element, int(p.line), fn,
						  int(p.column)))

def wqitem_add_function(p, name):
	f = wqitem_file(p.file)
	f.functions.setdefault(name, []).append(int(p.line))

WQITEM_MEMBER = r"^[A-Za-z_]\w*((?:(?:->|\.)[A-Za-z_]\w*)+)$"

def wqitem_member_path(text):
	"""p->ev.wq -> ev.wq, the member path without its base; None for
	anything but a member access."""
	m = re.match(WQITEM_MEMBER, wqitem_text(text))
	if not m:
		return None
	return re.sub(r"^(->|\.)", "", m.group(1)).replace("->", ".")

def wqitem_add_queue(p, w, key, wq):
	"""w is the item argument, key the item, wq the workqueue argument
	(a global name, or a member, named by its last name as wqcheck names
	it: priv->mdev->wq and mdev->wq are one member reached two ways), or
	None for schedule_*()."""
	if key is None or wqitem_in_core(p.file):
		return
	key = wqitem_key_at(p, w)
	f = wqitem_file(p.file)
	api = wqitem_api(p)
	if wq is None:
		wq = wqitem_schedule_wq(p.file) + " (" + api + "() queues there)"
		named = wqitem_schedule_wq(p.file)
	elif wqitem_member_path(wq):
		wq = wqitem_text(wq)
		# mod_delayed_work(dw->wq, dw, ...): the workqueue the item was
		# last queued on, read from the item itself
		if wq == wqitem_text(w).lstrip("&") + ".wq":
			return
		named = "member " + wqitem_member_path(wq).split(".")[-1]
	else:
		named = f.resolve(wq.strip())
		if named is None:
			return
		wq = named if named == wq.strip() else wq.strip() + ", that is " + named
	site = (key, p.current_element, int(p.line), int(p.column),
		int(p.column_end), api, named, wq, wqitem_text(w))
	if site not in f.queues:
		f.queues.append(site)
# --- wqitem end ---

WQ_ALLOCATORS = ("alloc", "kmemdup", "_new", "kzalloc", "create", "_get_")

def two_wq_made_at(f, q):
	"""The object holding the item is assigned an allocator result in the
	function of q before q (ts = devm_kzalloc(...), as wqcheck reads
	any call whose name has alloc, kmemdup, _new, kzalloc, create or
	_get_, but not dev_get_drvdata() and the other getters of driver
	data): q is the first queueing of a new object, before any run."""
	m = re.match(r"^[&(*]*([A-Za-z_]\w*)", q[8])
	if not m or q[1] is None:
		return False
	text = f.body_before(q[1], q[2], q[3])
	for a in re.finditer(r"(?<![\w])%s\s*=(?!=)([^;]*)" % m.group(1), text):
		for c in re.finditer(r"([A-Za-z_]\w*)\s*\(", a.group(1)):
			if c.group(1).endswith("data") and "_get_" in c.group(1):
				continue
			if any(w in c.group(1) for w in WQ_ALLOCATORS):
				return True
	return False

def two_wq_also_on(sites, q, wq):
	"""The function of q also queues the item on wq."""
	return any(o is not q and wqitem_same(o[0], q[0]) and o[1] is not None and
		   o[1] == q[1] and o[6] == wq for o in sites)

def two_wq_exclusive(f, sites, q, e):
	"""Two sites that cannot both queue one live item: the branches of
	one function; two sites that each choose between the same two
	workqueues by a condition; the first queueing of an object made
	there; two freshly initialised items."""
	if q[1] is not None and q[1] == e[1]:
		return True
	if two_wq_also_on(sites, q, e[6]) and two_wq_also_on(sites, e, q[6]):
		return True
	if two_wq_made_at(f, q) or two_wq_made_at(f, e):
		return True
	return f.fresh(q[0], q[1], q[2], q[3]) and f.fresh(e[0], e[1], e[2], e[3])

def two_wq_reported(p):
	"""The site at p and the one it conflicts with, or None.  As wqcheck
	does: a site is reported when the same item is queued elsewhere on
	another workqueue that more of its sites name (or as many, and that
	site comes first), and the two sites are not exclusive."""
	f = wqitem_file(p.file)
	sites = sorted(f.queues, key=lambda s: (s[2], s[3]))
	for j, q in enumerate(sites):
		if (q[2], q[3]) != (int(p.line), int(p.column)):
			continue
		mine = len([s for s in sites if wqitem_same(s[0], q[0]) and s[6] == q[6]])
		best, best_n = None, 0
		for i, e in enumerate(sites):
			if i == j or not wqitem_same(e[0], q[0]) or e[6] == q[6]:
				continue
			if two_wq_exclusive(f, sites, q, e):
				continue
			n = len([s for s in sites if wqitem_same(s[0], e[0]) and s[6] == e[6]])
			if (n > mine or (n == mine and i < j)) and n > best_n:
				best, best_n = e, n
		if best:
			return (q, best)
	return None

def two_wq_message(p):
	q, e = two_wq_reported(p)
	return ("%s() queues %s on %s, but it is also queued on %s at line %d "
		"(%s()): on two workqueues a run queued from one may start while "
		"a run from the other is still going on another CPU (the "
		"one-worker guarantee holds only on one workqueue); queue every "
		"site of the item on the same workqueue [WQ014]" %
		(q[5], q[8], q[7], e[7], e[2], e[5]))

// --- collect: initialisations and queueings of the file ---------------------

// Only files that name a workqueue in a queueing are read (schedule_*()
// alone is one workqueue): the collecting rules below have no name of
// their own for spatch to look for (make coccicheck on a whole tree would
// parse every file).
@gate depends on !patch@
expression A, w, c, d, n;
@@
(
queue_work(A, w)
|
queue_delayed_work(A, w, d)
|
mod_delayed_work(A, w, d)
|
queue_rcu_work(A, w)
|
queue_work_on(c, A, w)
|
queue_delayed_work_on(c, A, w, d)
|
mod_delayed_work_on(c, A, w, d)
|
queue_work_node(n, A, w)
)

@fndef depends on gate && !patch@
identifier f;
position p;
@@
f@p(...) { ... }

@script:python depends on gate && !patch@
p << fndef.p;
f << fndef.f;
@@
wqitem_add_function(p[0], f)

@init depends on gate && !patch@
identifier initf =~ "^(__)?INIT_(DELAYED_|DEFERRABLE_|RCU_)?WORK(_ONSTACK|_DEFERRABLE)?$";
expression w;
identifier fn;
position p;
@@
initf@p(w, fn, ...)

@script:python depends on gate && !patch@
p << init.p;
w << init.w;
fn << init.fn;
@@
wqitem_add_init(p[0], w, fn)

@queue_global depends on gate && !patch@
global idexpression A, I;
expression c, d, n;
position p;
@@
(
queue_work@p(A, &I)
|
queue_delayed_work@p(A, &I, d)
|
mod_delayed_work@p(A, &I, d)
|
queue_rcu_work@p(A, &I)
|
queue_work_on@p(c, A, &I)
|
queue_delayed_work_on@p(c, A, &I, d)
|
mod_delayed_work_on@p(c, A, &I, d)
|
queue_work_node@p(n, A, &I)
)

@script:python depends on gate && !patch@
p << queue_global.p;
A << queue_global.A;
I << queue_global.I;
@@
wqitem_add_queue(p[0], "&" + I, wqitem_global_key(I), A)

@queue_member depends on gate && !patch@
global idexpression A;
expression w, c, d, n;
position p;
@@
(
queue_work@p(A, w)
|
queue_delayed_work@p(A, w, d)
|
mod_delayed_work@p(A, w, d)
|
queue_rcu_work@p(A, w)
|
queue_work_on@p(c, A, w)
|
queue_delayed_work_on@p(c, A, w, d)
|
mod_delayed_work_on@p(c, A, w, d)
|
queue_work_node@p(n, A, w)
)

@script:python depends on gate && !patch@
p << queue_member.p;
A << queue_member.A;
w << queue_member.w;
@@
if str(wqitem_key(w)).startswith("member "):
	wqitem_add_queue(p[0], w, wqitem_key(w), A)

// A workqueue held in a struct member (p->event_wq), named by its last
// name.
@queue_global_mwq depends on gate && !patch@
global idexpression I;
expression A, c, d, n;
position p;
@@
(
queue_work@p(A, &I)
|
queue_delayed_work@p(A, &I, d)
|
mod_delayed_work@p(A, &I, d)
|
queue_rcu_work@p(A, &I)
|
queue_work_on@p(c, A, &I)
|
queue_delayed_work_on@p(c, A, &I, d)
|
mod_delayed_work_on@p(c, A, &I, d)
|
queue_work_node@p(n, A, &I)
)

@script:python depends on gate && !patch@
p << queue_global_mwq.p;
A << queue_global_mwq.A;
I << queue_global_mwq.I;
@@
if wqitem_member_path(A):
	wqitem_add_queue(p[0], "&" + I, wqitem_global_key(I), A)

@queue_member_mwq depends on gate && !patch@
expression A, w, c, d, n;
position p;
@@
(
queue_work@p(A, w)
|
queue_delayed_work@p(A, w, d)
|
mod_delayed_work@p(A, w, d)
|
queue_rcu_work@p(A, w)
|
queue_work_on@p(c, A, w)
|
queue_delayed_work_on@p(c, A, w, d)
|
mod_delayed_work_on@p(c, A, w, d)
|
queue_work_node@p(n, A, w)
)

@script:python depends on gate && !patch@
p << queue_member_mwq.p;
A << queue_member_mwq.A;
w << queue_member_mwq.w;
@@
if wqitem_member_path(A) and str(wqitem_key(w)).startswith("member "):
	wqitem_add_queue(p[0], w, wqitem_key(w), A)

@schedule_global depends on gate && !patch@
global idexpression I;
expression c, d;
position p;
@@
(
schedule_work@p(&I)
|
schedule_delayed_work@p(&I, d)
|
schedule_work_on@p(c, &I)
|
schedule_delayed_work_on@p(c, &I, d)
)

@script:python depends on gate && !patch@
p << schedule_global.p;
I << schedule_global.I;
@@
wqitem_add_queue(p[0], "&" + I, wqitem_global_key(I), None)

@schedule_member depends on gate && !patch@
expression w, c, d;
position p;
@@
(
schedule_work@p(w)
|
schedule_delayed_work@p(w, d)
|
schedule_work_on@p(c, w)
|
schedule_delayed_work_on@p(c, w, d)
)

@script:python depends on gate && !patch@
p << schedule_member.p;
w << schedule_member.w;
@@
if str(wqitem_key(w)).startswith("member "):
	wqitem_add_queue(p[0], w, wqitem_key(w), None)

// --- report: the odd site of an item on two workqueues ---------------------

@r depends on gate && !patch@
position p : script:python() { two_wq_reported(p[0]) is not None };
identifier qf;
@@
qf@p(...)

@depends on context@
position r.p;
identifier qf;
@@
* qf@p(...)

@script:python depends on org@
p << r.p;
@@
coccilib.org.print_todo(p[0], two_wq_message(p[0]))

@script:python depends on report@
p << r.p;
@@
coccilib.report.print_report(p[0], two_wq_message(p[0]))
