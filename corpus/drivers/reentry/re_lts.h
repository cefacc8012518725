/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _RE_LTS_H
#define _RE_LTS_H

#include <linux/atomic.h>

/* An interface's state, counted: each holder puts its own reference. */
struct nl_idev {
	atomic_t refcnt;
	int queries;
	int reports;
};

void nl_idev_destroy(struct nl_idev *idev);

static inline void nl_idev_put(struct nl_idev *idev)
{
	if (atomic_dec_and_test(&idev->refcnt))
		nl_idev_destroy(idev);
}

#endif
