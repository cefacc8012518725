// SPDX-License-Identifier: GPL-2.0-only
/// Since Linux 3.7 (dbf2576e37da, "workqueue: make all workqueues
/// non-reentrant") queue_work_on(cpu, wq, w) and its relatives queue w on
/// the CPU where w is still executing, if it is, whatever cpu says.  A work
/// function that reads the current CPU (smp_processor_id(), get_cpu(),
/// this_cpu_*(), __get_cpu_var(), this_cpu_ptr(), ...) may then run on a
/// CPU other than the one it was queued for.  This finds the calls whose
/// work item is initialised in the same file (INIT_WORK(),
/// INIT_DELAYED_WORK(), DECLARE_WORK(), ...) with a work function, also in
/// this file, that reads the current CPU directly.  Report only: check that
/// the item is per-CPU and only ever queued on its own CPU, or make the work
/// function take its CPU from the item rather than from where it runs.
//
// Confidence: Moderate
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: A one-file approximation of wqcheck's rule WQ010: items are
//  matched by their last member or variable name, CPU reads through called
//  functions or in other files are not followed.  Not reported: a CPU number
//  that only goes into a message, per-CPU counters bumped with
//  this_cpu_inc() and friends (which CPU counts does not matter), unbound
//  or ordered workqueues, items cancelled just before or flushed just after,
//  and a work function requeueing itself on smp_processor_id().  No patch
//  mode output.
// Options: --no-includes --include-headers
// Keywords: queue_work_on, queue_delayed_work_on, mod_delayed_work_on,
//  schedule_work_on, schedule_delayed_work_on, smp_processor_id

virtual patch
virtual context
virtual org
virtual report

// Nothing to rewrite: whether the code relies on the old behaviour needs a
// human.  This rule lets MODE=patch run (spatch refuses a semantic patch with
// no rule for the mode) and print nothing: the name it looks for is one no
// source uses.
@depends on patch@
symbol __wqcheck_report_only__;
@@
- __wqcheck_report_only__();

@initialize:python@
@@
import re

# (file, work item name) -> work function; (file, work function) -> the
# first CPU read in it, (accessor, line).
item_fn = {}
cpu_read = {}

def item_key(e):
	"""The name a work item goes by: &p->stats.work -> stats, &x -> x."""
	e = re.sub(r"\b(?:per_cpu|per_cpu_ptr)\s*\(\s*([^,]*),.*\)", r"\1", e)
	e = re.sub(r"\.work\s*$", "", e.strip())
	names = re.findall(r"[A-Za-z_]\w*", e)
	return names[-1] if names else None

COUNTER = re.compile(r"^(__|raw_)?(this_cpu|raw_cpu)_(inc|dec|add|sub)$")
CPU_READ = re.compile(r"^\s*(raw_)?smp_processor_id\s*\(\s*\)\s*$|^\s*get_cpu\s*\(\s*\)\s*$")
LOGGING = re.compile(r"\b(pr_[a-z]+|printk|dev_[a-z]+|netdev_[a-z]+|trace_[a-z_0-9]+|WARN[A-Z_]*)\s*\(")

def source_line(p):
	with open(p.file) as f:
		return f.readlines()[int(p.line) - 1]

def logged(p):
	"""The CPU number only goes into a message: pr_debug(..., smp_processor_id())."""
	before = source_line(p)[:int(p.column)]
	for m in LOGGING.finditer(before):
		rest = before[m.end():]
		if rest.count("(") >= rest.count(")"):
			return True
	return False

def unbound(p, wq):
	"""An unbound or ordered workqueue: the cpu argument is only a hint."""
	wq = wq.strip()
	if wq in ("system_unbound_wq", "system_power_efficient_wq",
		  "system_freezable_power_efficient_wq"):
		return True
	key = item_key(wq)
	if not key:
		return False
	with open(p.file) as f:
		text = f.read()
	alloc = r"\b%s\s*=\s*(alloc_ordered_workqueue\s*\(|alloc_workqueue\s*\([^;]*WQ_UNBOUND)" % re.escape(key)
	return re.search(alloc, text) is not None

def idle_when_queued(p, w):
	"""Cancelled just before or flushed just after: never running elsewhere."""
	with open(p.file) as f:
		lines = f.readlines()
	n = int(p.line) - 1
	near = "".join(lines[max(0, n - 5):n] + lines[n + 1:n + 4])
	item = re.escape(re.sub(r"\s+", "", w))
	near = re.sub(r"[ \t]+", "", near)
	return re.search(r"(cancel_(delayed_)?work_sync|flush_(delayed_)?work)\(%s\)" % item, near) is not None

def q_message(p, w):
	fn = item_fn[(p[0].file, item_key(w))]
	rd, line = cpu_read[(p[0].file, fn)]
	with open(p[0].file) as f:
		text = f.readlines()[int(p[0].line) - 1]
	qf = text[int(p[0].column):int(p[0].column_end)]
	return ("%s() queues a work item whose function %s() reads the current CPU "
		"(%s() at line %s): since 3.7 an item still running on another CPU "
		"is queued there, whatever the cpu argument says; check that it is a "
		"per-CPU item only queued on its own CPU [WQ010]" % (qf, fn, rd, line))

// The calls first: the other rules depend on one, so spatch skips every
// file without a queue_*_on() call before parsing it.
// scoped_guard(lock, &l) { ... } (6.1.y backports) parses as an iterator.
@q depends on !patch@
iterator name scoped_guard, scoped_cond_guard;
expression c, wq, w, d;
position p;
@@
(
queue_work_on@p(c, wq, w)
|
queue_delayed_work_on@p(c, wq, w, d)
|
mod_delayed_work_on@p(c, wq, w, d)
|
schedule_work_on@p(c, w)
|
schedule_delayed_work_on@p(c, w, d)
)

@init depends on q@
expression w;
identifier fn;
position p;
@@
(
INIT_WORK@p(w, fn)
|
INIT_DELAYED_WORK@p(w, fn)
|
INIT_DEFERRABLE_WORK@p(w, fn)
|
INIT_DELAYED_WORK_DEFERRABLE@p(w, fn)
|
INIT_WORK_ONSTACK@p(w, fn)
|
INIT_DELAYED_WORK_ONSTACK@p(w, fn)
|
PREPARE_WORK@p(w, fn)
|
PREPARE_DELAYED_WORK@p(w, fn)
)

@script:python depends on !patch@
p << init.p;
fn << init.fn;
w << init.w;
@@
key = item_key(w)
if key:
	item_fn[(p[0].file, key)] = fn

@declared depends on q@
identifier fn, x;
declarer d =~ "^DECLARE_(DELAYED_|DEFERRABLE_|DEFERRED_)?WORK$";
position p;
@@
d@p(x, fn);

@script:python depends on !patch@
p << declared.p;
fn << declared.fn;
x << declared.x;
@@
item_fn[(p[0].file, x)] = fn

@reads depends on q@
identifier fn, rd =~ "^(raw_smp_processor_id|smp_processor_id|get_cpu|get_cpu_var|__get_cpu_var|get_cpu_ptr|this_cpu_ptr|__this_cpu_ptr|(__)?this_cpu_[a-z_0-9]+|raw_cpu_[a-z_0-9]+)$";
position p;
@@
fn(...) { <+... rd@p(...) ...+> }

@script:python depends on !patch@
p << reads.p;
fn << reads.fn;
rd << reads.rd;
@@
if not COUNTER.match(rd) and not logged(p[0]) and (p[0].file, fn) not in cpu_read:
	cpu_read[(p[0].file, fn)] = (rd, p[0].line)

// Keep the calls whose item has a CPU-reading work function in this file,
// except: on an unbound or ordered workqueue (the cpu is a hint), cancelled
// just before or flushed just after (the item is not running anywhere
// else), or the work function requeueing itself on smp_processor_id() (it
// runs there: the item lands where it was asked to).
@script:python depends on !patch@
p << q.p;
c << q.c;
w << q.w;
wq << q.wq = "";
@@
fn = item_fn.get((p[0].file, item_key(w)))
if fn is None or (p[0].file, fn) not in cpu_read:
	cocci.include_match(False)
elif unbound(p[0], wq) or idle_when_queued(p[0], w):
	cocci.include_match(False)
elif CPU_READ.match(c) and p[0].current_element == fn:
	cocci.include_match(False)

@depends on context@
expression q.c;
position q.p;
identifier qf;
@@
* qf@p(c, ...)

@script:python depends on org@
p << q.p;
w << q.w;
@@
coccilib.org.print_todo(p[0], q_message(p, w))

@script:python depends on report@
p << q.p;
w << q.w;
@@
coccilib.report.print_report(p[0], q_message(p, w))
