// SPDX-License-Identifier: GPL-2.0-only
/// system_nrt_wq and system_nrt_freezable_wq are redundant since Linux 3.7
/// (dbf2576e37da, "workqueue: make all workqueues non-reentrant"): every
/// workqueue is non-reentrant, so system_wq and system_freezable_wq give the
/// same guarantee.  As upstream did, queue_work(system_nrt_wq, w) becomes
/// schedule_work(w), queue_delayed_work(system_nrt_wq, w, d) becomes
/// schedule_delayed_work(w, d), and any other use names system_wq or
/// system_freezable_wq.
//
// Confidence: High
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The same sites and fixes as wqcheck's rules WQ003 and WQ004.
//  A comment naming the old workqueue next to a converted statement is not
//  updated (Coccinelle cannot edit comments); wqcheck does update it.
// Options: --no-includes --include-headers
// Keywords: system_nrt_wq, system_nrt_freezable_wq, workqueue

virtual patch
virtual context
virtual org
virtual report

@depends on patch@
symbol system_nrt_wq;
expression w, d;
@@
(
- queue_work(system_nrt_wq, w)
+ schedule_work(w)
|
- queue_delayed_work(system_nrt_wq, w, d)
+ schedule_delayed_work(w, d)
)

@depends on patch@
symbol system_nrt_wq;
@@
- system_nrt_wq
+ system_wq

@depends on patch@
symbol system_nrt_freezable_wq;
@@
- system_nrt_freezable_wq
+ system_freezable_wq

// ----------------------------------------------------------------------------

@initialize:python@
@@
schedule_form = set()

def site(p):
	return (p.file, p.line, p.column)

@queue_nrt depends on !patch@
symbol system_nrt_wq;
expression w;
position p;
@@
queue_work(system_nrt_wq@p, w)

@queue_delayed_nrt depends on !patch@
symbol system_nrt_wq;
expression w, d;
position p;
@@
queue_delayed_work(system_nrt_wq@p, w, d)

@nrt depends on !patch@
symbol system_nrt_wq;
position p;
@@
system_nrt_wq@p

@nrt_freezable depends on !patch@
symbol system_nrt_freezable_wq;
position p;
@@
system_nrt_freezable_wq@p

@depends on context@
symbol system_nrt_wq;
position nrt.p;
@@
* system_nrt_wq@p

@depends on context@
symbol system_nrt_freezable_wq;
position nrt_freezable.p;
@@
* system_nrt_freezable_wq@p

@script:python depends on org@
p << queue_nrt.p;
@@
schedule_form.add(site(p[0]))
coccilib.org.print_todo(p[0], "queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() [WQ003]")

@script:python depends on org@
p << queue_delayed_nrt.p;
@@
schedule_form.add(site(p[0]))
coccilib.org.print_todo(p[0], "queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]")

@script:python depends on org@
p << nrt.p;
@@
if site(p[0]) not in schedule_form:
	coccilib.org.print_todo(p[0], "system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]")

@script:python depends on org@
p << nrt_freezable.p;
@@
coccilib.org.print_todo(p[0], "system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]")

@script:python depends on report@
p << queue_nrt.p;
@@
schedule_form.add(site(p[0]))
coccilib.report.print_report(p[0], "queue_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_work() [WQ003]")

@script:python depends on report@
p << queue_delayed_nrt.p;
@@
schedule_form.add(site(p[0]))
coccilib.report.print_report(p[0], "queue_delayed_work() on system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use schedule_delayed_work() [WQ003]")

@script:python depends on report@
p << nrt.p;
@@
if site(p[0]) not in schedule_form:
	coccilib.report.print_report(p[0], "system_nrt_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_wq gives the same guarantee; use system_wq [WQ003]")

@script:python depends on report@
p << nrt_freezable.p;
@@
coccilib.report.print_report(p[0], "system_nrt_freezable_wq is redundant: since 3.7 every workqueue is non-reentrant, so system_freezable_wq gives the same guarantee; use system_freezable_wq [WQ004]")
