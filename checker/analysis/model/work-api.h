/*
 * The calls of the work API that only queue, cancel or flush an item. They
 * change the workqueue's state under its own locks, never the state two
 * runs of a work function share: the body-lock reading (work-body.c) lets
 * a statement that only makes one of them stand outside the lock, and the
 * shared-write reading (work-writes.c) counts none of them as a write.
 */
#ifndef WQCHECK_WORK_API_H
#define WQCHECK_WORK_API_H

/* NULL-terminated. */
extern const char *const work_api_calls[];

#endif
