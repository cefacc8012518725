// SPDX-License-Identifier: GPL-2.0-only
/// One work item queued on every CPU of a for_each_*cpu() loop.  Before
/// Linux 3.7 the instances could run on all those CPUs at once; since
/// dbf2576e37da ("workqueue: make all workqueues non-reentrant") a work item
/// never runs on two CPUs at a time, so the runs serialize, and an instance
/// still running is requeued where it runs, not on the CPU asked for.  Code
/// that expected one run per CPU, in parallel, needs a per-CPU work item
/// (DEFINE_PER_CPU(struct work_struct, ...), per_cpu_ptr(..., cpu)).  A
/// per-CPU item indexed by the loop variable is not reported, nor a loop
/// that waits for the item (flush_work(), wait_for_completion()) right after
/// queueing it.
//
// Confidence: Moderate
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: A one-file approximation of wqcheck's rule WQ011.  No patch mode
//  output: whether the code relied on parallel runs needs a human.
// Options: --no-includes --include-headers
// Keywords: for_each_online_cpu, for_each_possible_cpu, for_each_cpu,
//  queue_work_on, queue_delayed_work_on, schedule_work_on

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

// scoped_guard(lock, &l) { ... } (6.1.y backports) parses as an iterator.
@r depends on !patch exists@
iterator name scoped_guard, scoped_cond_guard;
iterator I =~ "^for_each_([a-z_]+_)?cpu$";
expression c, wq, w, d;
position p, pl;
@@
I@pl(c, ...) {
<+...
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
...+>
}

@initialize:python@
@@
import re

def source_text(e):
	"""Coccinelle prints "& b -> work"; the source says "&b->work"."""
	e = re.sub(r"\s*(->|\.)\s*", r"\1", e.strip())
	return re.sub(r"([&*!~])\s+", r"\1", e)

def per_cpu_item(pl, p, c, w):
	"""The loop variable picks the item, directly (&per_cpu(work, cpu),
	&works[cpu]) or through a pointer set in the loop from it
	(b = &per_cpu(buffers, cpu); ... &b->work)."""
	c = re.escape(c.strip())
	if re.search(r"\b%s\b" % c, w):
		return True
	base = re.findall(r"[A-Za-z_]\w*", w)
	if not base:
		return False
	with open(pl[0].file) as f:
		lines = f.readlines()[int(pl[0].line) - 1:int(p[0].line)]
	assign = r"\b%s\s*=[^=;][^;]*\b%s\b" % (re.escape(base[0]), c)
	return re.search(assign, "".join(lines)) is not None

def waits_each_time(p, w):
	"""The loop waits for the item before queueing it again: flush_work()
	or wait_for_completion() right after the call. The runs never overlap."""
	with open(p[0].file) as f:
		lines = f.readlines()
	n = int(p[0].line)
	after = re.sub(r"\s+", "", "".join(lines[n:n + 3]))
	item = re.escape(re.sub(r"\s+", "", source_text(w)))
	return re.search(r"flush_(delayed_)?work\(%s\)|wait_for_completion" % item, after) is not None

def loop_message(p, w):
	with open(p[0].file) as f:
		line = f.readlines()[int(p[0].line) - 1]
	qf = line[int(p[0].column):int(p[0].column_end)]
	return ("%s() queues the one work item %s on each CPU of the loop: since "
		"3.7 a work item never runs on two CPUs at once, so the runs "
		"serialize and an instance still running is requeued where it runs; "
		"use a per-CPU item if the runs must overlap [WQ011]" % (qf, source_text(w)))

@script:python depends on !patch@
p << r.p;
pl << r.pl;
c << r.c;
w << r.w;
@@
if per_cpu_item(pl, p, c, w) or waits_each_time(p, w):
	cocci.include_match(False)

@depends on context@
position r.p;
identifier qf;
@@
* qf@p(...)

@script:python depends on org@
p << r.p;
w << r.w;
@@
coccilib.org.print_todo(p[0], loop_message(p, w))

@script:python depends on report@
p << r.p;
w << r.w;
@@
coccilib.report.print_report(p[0], loop_message(p, w))
