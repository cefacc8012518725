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
//  functions or in other files are not followed.  No patch mode output.
// Options: --no-includes --include-headers
// Keywords: queue_work_on, queue_delayed_work_on, mod_delayed_work_on,
//  schedule_work_on, schedule_delayed_work_on, smp_processor_id

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re

# Per file: work item name -> work function, work function -> CPU read.
item_fn = {}
cpu_read = {}
current_file = [None]

def per_file(p):
	if current_file[0] != p.file:
		current_file[0] = p.file
		item_fn.clear()
		cpu_read.clear()

def item_key(e):
	"""The name a work item goes by: &p->stats.work -> stats, &x -> x."""
	e = re.sub(r"\b(?:per_cpu|per_cpu_ptr)\s*\(\s*([^,]*),.*\)", r"\1", e)
	e = re.sub(r"\.work\s*$", "", e.strip())
	names = re.findall(r"[A-Za-z_]\w*", e)
	return names[-1] if names else None

def q_message(p, w):
	fn = item_fn[item_key(w)]
	rd, line = cpu_read[fn]
	with open(p[0].file) as f:
		text = f.readlines()[int(p[0].line) - 1]
	qf = text[int(p[0].column):int(p[0].column_end)]
	return ("%s() queues a work item whose function %s() reads the current CPU "
		"(%s() at line %s): since 3.7 an item still running on another CPU "
		"is queued there, whatever the cpu argument says; check that it is a "
		"per-CPU item only queued on its own CPU [WQ010]" % (qf, fn, rd, line))

@init depends on !patch@
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
per_file(p[0])
key = item_key(w)
if key:
	item_fn[key] = fn

@declared depends on !patch@
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
per_file(p[0])
item_fn[x] = fn

@reads depends on !patch@
identifier fn, rd =~ "^(raw_smp_processor_id|smp_processor_id|get_cpu|get_cpu_var|__get_cpu_var|get_cpu_ptr|this_cpu_ptr|__this_cpu_ptr|(__)?this_cpu_[a-z_0-9]+|raw_cpu_[a-z_0-9]+)$";
position p;
@@
fn(...) { <+... rd@p(...) ...+> }

@script:python depends on !patch@
p << reads.p;
fn << reads.fn;
rd << reads.rd;
@@
per_file(p[0])
if fn not in cpu_read:
	cpu_read[fn] = (rd, p[0].line)

@q depends on !patch@
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

// Keep the calls whose item has a CPU-reading work function in this file.
@script:python depends on !patch@
p << q.p;
w << q.w;
@@
key = item_key(w)
if key not in item_fn or item_fn[key] not in cpu_read:
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
