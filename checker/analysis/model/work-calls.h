/*
 * A work function's call of the function an INIT_* (or a function change)
 * sits in: whether it gives that function its own item (the argument that
 * holds the item comes from the work function's work_struct parameter, as
 * virtio_scsi's event work gives virtscsi_kick_event() its own
 * event_node), and whether the constants it passes rule out the branch the
 * INIT is on (dm-integrity's from_map = false, usb hub's HUB_INIT2).
 */
#ifndef WQCHECK_WORK_CALLS_H
#define WQCHECK_WORK_CALLS_H

#include "front/source-cache.h"

#include <stdbool.h>

struct work_call {
	unsigned line;		/* the call in the work function; 0: none */
	bool own_item;		/* it passes its own item (or the item is a
				 * variable of file scope: one item) */
	bool not_taken;		/* a constant argument makes a condition
				 * around the INIT false */
	char *param;		/* that parameter, */
	char *value;		/* and the constant the call passes */
};

/* Reads w's call of callee for the item_text (as callee writes it) INIT at
 * token init_tok of callee; false when w does not call callee. */
bool work_call_read(const struct source_file *f, const struct source_function *w,
		    const struct source_function *callee, size_t init_tok,
		    const char *item_text, struct work_call *out);
void work_call_release(struct work_call *c);

#endif
