// SPDX-License-Identifier: GPL-2.0
/*
 * The callers of sq_ctrl.c's helpers from another file: sq_vt_input()
 * passes its static item to sq_schedule() once for each CTRL-O pair of
 * its input, in one loop, so a later pair re-initialises the item an
 * earlier one queued (sclp_vt220_handle_input()); sq_vt_replay() flushes
 * the item after each turn, so no turn meets it pending.
 */
#include <linux/workqueue.h>
#include "sq_ctrl.h"

static int sq_pressed;
static struct sq_work sq_vt_work;
static struct sq_work sq_vt_quiet;

void sq_vt_input(const char *buf, unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		if (buf[i] == ('O' ^ 0100)) {
			sq_pressed = !sq_pressed;
			continue;
		}
		if (sq_pressed) {
			sq_vt_work.key = buf[i];
			sq_schedule(&sq_vt_work);
			sq_pressed = 0;
		}
	}
}

void sq_vt_replay(const char *buf, unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		sq_vt_quiet.key = buf[i];
		sq_schedule_quiet(&sq_vt_quiet);
		flush_work(&sq_vt_quiet.work);
	}
}
