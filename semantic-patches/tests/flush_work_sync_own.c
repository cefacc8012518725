// SPDX-License-Identifier: GPL-2.0
/*
 * A file with its own static flush_work_sync(): not a workqueue user, left
 * alone in every mode.
 */
struct ring;

static int flush_work_sync(struct ring *r)
{
	return ring_drain(r);
}

void ring_stop(struct ring *r)
{
	flush_work_sync(r);
}
