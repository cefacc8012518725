// SPDX-License-Identifier: GPL-2.0-only
/// WQ_NON_REENTRANT is meaningless since Linux 3.7 (dbf2576e37da, "workqueue:
/// make all workqueues non-reentrant"): every workqueue is non-reentrant.
/// Drop the flag from every flags expression, as upstream did:
/// A | WQ_NON_REENTRANT | B becomes A | B, and a lone flag becomes 0.
//
// Confidence: High
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The same sites and fixes as wqcheck's rule WQ005.  The flag is
//  dropped wherever it is used: alloc_workqueue() arguments, flags variables,
//  #define bodies, both arms of a conditional; `flags |= WQ_NON_REENTRANT;`
//  goes away as a whole statement.
// Options: --no-includes --include-headers
// Keywords: WQ_NON_REENTRANT, alloc_workqueue, workqueue

virtual patch
virtual context
virtual org
virtual report

@depends on patch@
symbol WQ_NON_REENTRANT;
expression E;
@@
- E |= WQ_NON_REENTRANT;

@depends on patch@
symbol WQ_NON_REENTRANT;
expression E;
@@
(
- WQ_NON_REENTRANT | E
+ E
|
- E | WQ_NON_REENTRANT
+ E
|
- WQ_NON_REENTRANT
+ 0
)

// ----------------------------------------------------------------------------

@r depends on !patch@
symbol WQ_NON_REENTRANT;
position p;
@@
WQ_NON_REENTRANT@p

@depends on context@
symbol WQ_NON_REENTRANT;
position r.p;
@@
* WQ_NON_REENTRANT@p

@script:python depends on org@
p << r.p;
@@
coccilib.org.print_todo(p[0], "WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]")

@script:python depends on report@
p << r.p;
@@
coccilib.report.print_report(p[0], "WQ_NON_REENTRANT is meaningless since 3.7: every workqueue is non-reentrant; drop it from the flags [WQ005]")
