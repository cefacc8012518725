// SPDX-License-Identifier: GPL-2.0
/*
 * A file that does not parse: the comment below is never closed.  The
 * Makefile never builds it; wqcheck must list it as failed and go on.
 */
#include <linux/workqueue.h>

/*
 * check-name: an unterminated comment: the file is reported as failed
 * check-command: wqcheck scan --format=json $file
 * check-command: wqcheck scan $file
 */

static struct work_struct broken_work;

void broken_flush(void)
{
	flush_work_sync(&broken_work);
}

/* an unterminated comment starts here
void broken_more(void)
{
	queue_work(system_nrt_wq, &broken_work);
}
