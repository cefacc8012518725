// SPDX-License-Identifier: GPL-2.0-only
/// The work function of a work item changed: PREPARE_WORK(),
/// PREPARE_DELAYED_WORK(), or an assignment to the .func of an item
/// (w.func = f, x->dwork.work.func = f).  A work item runs on one worker at
/// a time only while its function is not changed after it is queued
/// (Documentation/core-api/workqueue.rst, Non-reentrance Conditions): the
/// workqueue tells runs apart by item and function, so the item with its
/// new function may run beside the old one on another CPU.  Linux 3.15
/// removed PREPARE_[DELAYED_]WORK for this; its users got one work function
/// that dispatches on a stored state, or one item per function.  Every
/// such site is reported, but where the file only ever gives the item one
/// function of its own (INIT_WORK(w, f) and PREPARE_WORK(w, f)): nothing
/// changes there.  The message says why the item may be live there
/// (inside its own work function, queued by the same function, queued
/// elsewhere in the file) or why it seems not to be (right after its
/// INIT_*, in a set-up function, never queued in the file).
//
// Confidence: Moderate
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The one-file part of wqcheck's rule WQ013.  An assignment to
//  .func is reported only on an item the file initialises or queues, or
//  when it assigns a work function (a function of the file taking a
//  struct work_struct *, a variable declared work_func_t): other structs
//  have a .func of their own.  x->dwork.work.func is included; an
//  assignment of NULL is not.  An item is its global name, or its
//  member path (the struct types are not compared).  Whether a function the
//  work function calls changes the item, and queueings in other files,
//  need wqcheck.  No patch mode output: the dispatcher or the second item
//  needs a human.
// Options: --no-includes --include-headers
// Keywords: PREPARE_WORK, PREPARE_DELAYED_WORK, INIT_WORK, work_struct func,
//  non-reentrant

virtual patch
virtual context
virtual org
virtual report

// Nothing to rewrite: the dispatcher or the second item needs a human.
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

SETUP_WORDS = ("probe", "init", "setup", "attach", "alloc", "create",
	       "register", "open", "start", "bind", "_new", "_add", "connect",
	       "enable", "load")

class FuncSite(object):
	"""Where coccicheck puts a finding: for .func = the span wqcheck gives,
	the length of .func = from the field name on."""
	def __init__(self, p, end):
		self.file, self.line, self.column = p.file, p.line, p.column
		self.column_end = end

def func_site(p, how):
	if how == ".func =":
		return FuncSite(p, str(int(p.column) + len(how)))
	return p

def func_changed_message(p, how, w, fn):
	"""Why the item at p may be live there, as wqcheck says it."""
	f = wqitem_file(p.file)
	key = wqitem_key_at(p, w)
	text = wqitem_text(w)
	here = p.current_element
	line = int(p.line)
	# (work_func_t)handler: the function is handler
	fn = re.sub(r"^\(\s*\w+\s*\)\s*", "", wqitem_text(fn))
	msg = "%s gives %s the work function %s()" % (how, text, fn)
	own = [wf for (k, func, l, wf, c) in f.inits
	       if wqitem_same(k, key) and wf == here]
	fresh = f.fresh(key, here, line, int(p.column))
	queued = [q for q in f.queues if wqitem_same(q[0], key)]
	same_fn = [q for q in queued if q[1] == here]
	after = [q for q in same_fn if q[2] > line]
	live = True
	if own:
		msg += " inside %s(), the work function of the item itself, while it runs" % here
	elif same_fn and not fresh:
		q = (after or same_fn)[0]
		msg += (" and %s() queues it at line %d (%s()): when %s() runs again, "
			"the item may still be pending or running with its old "
			"function" % (here, q[2], q[5], here))
	elif queued and not fresh and not any(w in here for w in SETUP_WORDS):
		msg += (" in %s(), not right after its INIT_*, and the item is queued "
			"elsewhere (line %d): it may be pending or running here" %
			(here, queued[0][2]))
	else:
		live = False
		if not queued:
			msg += "; the item is never queued in this file, so it seems not live here"
		else:
			msg += (" in %s() before it is first queued (%s), so it is not "
				"live here; keep it so" % (here, "right after its INIT_*"
				if fresh else "a set-up function"))
	if live:
		msg += (": the workqueue tells runs apart by item and function, so the "
			"item with its new function may run beside the old one on "
			"another CPU; use one work function that dispatches on a stored "
			"state, or one item per function (as upstream did when 3.15 "
			"removed PREPARE_*WORK)")
	return msg + " [WQ013]"

def func_gives_work_function(p, fn):
	"""The value assigned is a work function: a function of the file
	taking a struct work_struct *, or a variable declared work_func_t or
	void (*saved)(struct work_struct *) (saved = x->work.func ...
	x->work.func = saved)."""
	f = wqitem_file(p.file)
	name = func_name(fn)
	if not re.match(r"^[A-Za-z_]\w*$", name):
		return False
	for start in f.functions.get(name, []):
		head = "".join(f.lines()[start - 1:start + 4])
		head = head[:head.find("{")] if "{" in head else head
		if re.search(r"\bstruct\s+work_struct\s*\*", head):
			return True
	decl = (r"\bwork_func_t\s+(?:[A-Za-z_]\w*\s*(?:=[^,;]*)?,\s*)*%s\b|"
		r"\(\s*\*\s*%s\s*\)\s*\(\s*struct\s+work_struct\s*\*" % (name, name))
	return bool(re.search(decl, f.function_text(p.current_element, int(p.line),
						   int(p.column))) or
		    re.search(decl, "".join(f.lines())))

def func_is_work_item(p, e, fn):
	"""An assignment to .func counts when it gives a function (not NULL)
	to an item the file initialises or queues, or gives it a work
	function (the item may be set up and queued in another file)."""
	f = wqitem_file(p.file)
	key = wqitem_key_at(p, "&" + wqitem_text(e))
	return (key is not None and wqitem_text(fn) != "NULL" and
		(any(wqitem_same(i[0], key) for i in f.inits) or
		 any(wqitem_same(q[0], key) for q in f.queues) or
		 func_gives_work_function(p, fn)))

def func_name(fn):
	"""(work_func_t)handler and &handler name handler."""
	t = wqitem_text(fn)
	while True:
		u = re.sub(r"^\(\s*\w+\s*\)\s*|^&\s*", "", t)
		if u == t:
			return t
		t = u

# file: {(line, column): (item, function)}, each PREPARE_* and .func =
func_bindings = {}

def func_add_binding(p, w, fn):
	key = wqitem_key_at(p, w)
	if key is not None:
		b = func_bindings.setdefault(p.file, {})
		b[(int(p.line), int(p.column))] = (key, func_name(fn))

def func_reported(p):
	"""Whether the change at p is one: not when every binding of the item
	in the file (INIT_*, DECLARE_*, PREPARE_*, .func =) gives it the same
	function, a function of the file (INIT_WORK(w, f) then PREPARE_WORK(w,
	f) changes nothing; INIT_WORK(w, NULL) gives none), as wqcheck leaves
	it out."""
	b = func_bindings.get(p.file, {})
	here = b.get((int(p.line), int(p.column)))
	if here is None:
		return False
	key = here[0]
	f = wqitem_file(p.file)
	names = set(fn for (k, fn) in b.values() if wqitem_same(k, key))
	names |= set(func_name(fn) for (k, fn_, l, fn, c) in f.inits
		     if wqitem_same(k, key))
	names.discard("NULL")
	return len(names) != 1 or here[1] not in f.functions

// --- collect: initialisations and queueings of the file ---------------------

// Only files that change a function are read: the rules below have no
// name of their own for spatch to look for (make coccicheck on a whole
// tree would parse every file).
@gate depends on !patch@
expression w, fn, e;
@@
(
PREPARE_WORK(w, fn)
|
PREPARE_DELAYED_WORK(w, fn)
|
e.func = fn
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

@declared depends on gate && !patch@
declarer name DECLARE_WORK, DECLARE_DELAYED_WORK, DECLARE_DEFERRABLE_WORK,
  DECLARE_DEFERRED_WORK;
declarer d =~ "^DECLARE_(DELAYED_|DEFERRABLE_|DEFERRED_)?WORK$";
identifier I, fn;
position p;
@@
d@p(I, fn);

@script:python depends on gate && !patch@
p << declared.p;
I << declared.I;
fn << declared.fn;
@@
wqitem_file(p[0].file).inits.append((wqitem_global_key(I), None, 0, fn, 0))

@queue depends on gate && !patch@
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
|
schedule_work@p(w)
|
schedule_delayed_work@p(w, d)
|
schedule_work_on@p(c, w)
|
schedule_delayed_work_on@p(c, w, d)
)

@script:python depends on gate && !patch@
p << queue.p;
w << queue.w;
@@
wqitem_add_queue(p[0], w, wqitem_key(w), "?")

// --- the sites that change the function ------------------------------------

@prep depends on gate && !patch@
expression w, fn;
position p;
@@
(
PREPARE_WORK@p(w, fn)
|
PREPARE_DELAYED_WORK@p(w, fn)
)

@script:python depends on gate && !patch@
p << prep.p;
w << prep.w;
fn << prep.fn;
@@
if not wqitem_in_core(p[0].file):
	func_add_binding(p[0], w, fn)

@assign depends on gate && !patch@
expression e, fn;
position p;
@@
e.func@p = fn

@script:python depends on gate && !patch@
p << assign.p;
e << assign.e;
fn << assign.fn;
@@
if not wqitem_in_core(p[0].file) and func_is_work_item(p[0], e, fn):
	func_add_binding(p[0], "&" + e, fn)

// --- report: the changes, all bindings of the file seen ---------------------

@prep_r depends on gate && !patch@
expression w, fn;
position p : script:python() { func_reported(p[0]) };
@@
(
PREPARE_WORK@p(w, fn)
|
PREPARE_DELAYED_WORK@p(w, fn)
)

@assign_r depends on gate && !patch@
expression e, fn;
position p : script:python() { func_reported(p[0]) };
@@
e.func@p = fn

@depends on context@
position prep_r.p;
identifier f;
@@
* f@p(...)

@depends on context@
position assign_r.p;
expression e, x;
@@
* e.func@p = x

@script:python depends on org@
p << prep_r.p;
w << prep_r.w;
fn << prep_r.fn;
@@
how = wqitem_api(p[0])
coccilib.org.print_todo(p[0], func_changed_message(p[0], how, w, fn))

@script:python depends on org@
p << assign_r.p;
e << assign_r.e;
fn << assign_r.fn;
@@
coccilib.org.print_todo(func_site(p[0], ".func ="),
	func_changed_message(p[0], ".func =", "&" + e, fn))

@script:python depends on report@
p << prep_r.p;
w << prep_r.w;
fn << prep_r.fn;
@@
how = wqitem_api(p[0])
coccilib.report.print_report(p[0], func_changed_message(p[0], how, w, fn))

@script:python depends on report@
p << assign_r.p;
e << assign_r.e;
fn << assign_r.fn;
@@
coccilib.report.print_report(func_site(p[0], ".func ="),
	func_changed_message(p[0], ".func =", "&" + e, fn))
