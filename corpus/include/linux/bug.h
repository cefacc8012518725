#ifndef _LINUX_BUG_H
#define _LINUX_BUG_H

/* The corpus keeps WARN_ON() and WARN_ON_ONCE() in linux/kernel.h, which
 * includes this in the kernel; a driver that includes only linux/bug.h,
 * as real ones do, gets them from here. */
#include <linux/kernel.h>

#endif /* _LINUX_BUG_H */
