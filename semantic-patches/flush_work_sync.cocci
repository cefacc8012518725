// SPDX-License-Identifier: GPL-2.0-only
/// flush_work_sync() and flush_delayed_work_sync() are redundant since
/// Linux 3.7 (dbf2576e37da, "workqueue: make all workqueues non-reentrant"):
/// a work item never runs on two CPUs at once, so flush_work() and
/// flush_delayed_work() wait for its only instance, running or pending.
/// 3.7 deprecated the _sync variants and later kernels removed them.
//
// Confidence: High
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The same sites and fixes as wqcheck's rules WQ001 and WQ002.
//  A file that defines its own static function of either name is not a
//  workqueue user and is left alone.
// Options: --no-includes --include-headers
// Keywords: flush_work_sync, flush_delayed_work_sync, workqueue

virtual patch
virtual context
virtual org
virtual report

@own_flush_work_sync@
type T;
@@
static T flush_work_sync(...) { ... }

@own_flush_delayed_work_sync@
type T;
@@
static T flush_delayed_work_sync(...) { ... }

// ----------------------------------------------------------------------------

@depends on patch && !own_flush_work_sync@
@@
- flush_work_sync
+ flush_work
  (...)

@depends on patch && !own_flush_delayed_work_sync@
@@
- flush_delayed_work_sync
+ flush_delayed_work
  (...)

// ----------------------------------------------------------------------------

@r1 depends on !patch && !own_flush_work_sync@
position p;
@@
flush_work_sync@p(...)

@r2 depends on !patch && !own_flush_delayed_work_sync@
position p;
@@
flush_delayed_work_sync@p(...)

@depends on context@
position r1.p;
@@
* flush_work_sync@p(...)

@depends on context@
position r2.p;
@@
* flush_delayed_work_sync@p(...)

@script:python depends on org@
p << r1.p;
@@
coccilib.org.print_todo(p[0], "flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]")

@script:python depends on org@
p << r2.p;
@@
coccilib.org.print_todo(p[0], "flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]")

@script:python depends on report@
p << r1.p;
@@
coccilib.report.print_report(p[0], "flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]")

@script:python depends on report@
p << r2.p;
@@
coccilib.report.print_report(p[0], "flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]")
