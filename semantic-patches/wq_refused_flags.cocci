// SPDX-License-Identifier: GPL-2.0-only
/// alloc_workqueue() with WQ_BH and WQ_UNBOUND, or WQ_BH and a max_active
/// other than 0: since Linux 6.9 (4cb1ef64609f, BH workqueues)
/// __alloc_workqueue() warns and returns NULL for a WQ_BH workqueue asking
/// for a flag outside __WQ_BH_ALLOWS or for a max_active, and the caller's
/// probe or init fails, as rtw88's USB driver did when WQ_UNBOUND was added
/// to its WQ_BH rx workqueue in the 6.17 migration.
//
// Confidence: High
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The one-file, one-core part of wqcheck's rule WQ023, with the
//  tests of the 6.9 to 7.0 cores written in: WQ_BH beside WQ_UNBOUND, and
//  WQ_BH with a literal max_active other than 0.  wqcheck reads what is
//  refused from the tree's own kernel/workqueue.c instead (every flag
//  outside __WQ_BH_ALLOWS, and whatever a later core comes to refuse).
//  Report, context and org modes only: which flag to drop is the author's
//  choice.
// Options: --no-includes --include-headers
// Keywords: alloc_workqueue, WQ_BH, WQ_UNBOUND, max_active, workqueue, WQ023

virtual patch
virtual context
virtual org
virtual report

// Nothing to rewrite: which flag to drop is the author's choice. This rule
// lets MODE=patch run (spatch refuses a semantic patch with no rule for the
// mode) and print nothing: the name it looks for is one no source uses.
@depends on patch@
symbol __wqcheck_report_only__;
@@
- __wqcheck_report_only__();

@unbound depends on org || report@
expression name, M;
position p;
@@
(
alloc_workqueue@p(name, <+... WQ_BH ...+> | <+... WQ_UNBOUND ...+>, M, ...)
|
alloc_workqueue@p(name, <+... WQ_UNBOUND ...+> | <+... WQ_BH ...+>, M, ...)
)

@maxactive depends on org || report@
expression name;
constant C != 0;
position p;
@@
alloc_workqueue@p(name, <+... WQ_BH ...+>, C, ...)

@depends on context@
expression name, M;
constant C != 0;
@@
(
* alloc_workqueue(name, <+... WQ_BH ...+> | <+... WQ_UNBOUND ...+>, M, ...)
|
* alloc_workqueue(name, <+... WQ_UNBOUND ...+> | <+... WQ_BH ...+>, M, ...)
|
* alloc_workqueue(name, <+... WQ_BH ...+>, C, ...)
)
@script:python depends on org@
p << unbound.p;
@@
coccilib.org.print_todo(p[0], "alloc_workqueue() with WQ_BH and WQ_UNBOUND: __alloc_workqueue() refuses it [WQ023]")

@script:python depends on report@
p << unbound.p;
@@
coccilib.report.print_report(p[0], "alloc_workqueue() with WQ_BH and WQ_UNBOUND: __alloc_workqueue() refuses it, so the call warns and returns NULL; drop WQ_UNBOUND, or WQ_BH if the work needs it [WQ023]")

@script:python depends on org@
p << maxactive.p;
@@
coccilib.org.print_todo(p[0], "alloc_workqueue() with WQ_BH and a max_active: __alloc_workqueue() refuses it [WQ023]")

@script:python depends on report@
p << maxactive.p;
@@
coccilib.report.print_report(p[0], "alloc_workqueue() with WQ_BH and a max_active: __alloc_workqueue() refuses it, so the call warns and returns NULL; a WQ_BH workqueue takes 0 [WQ023]")
