#include "analysis/model/work-api.h"

#include <stddef.h>

const char *const work_api_calls[] = {
	"queue_work", "queue_delayed_work", "mod_delayed_work", "schedule_work",
	"schedule_delayed_work", "queue_work_on", "queue_delayed_work_on",
	"mod_delayed_work_on", "schedule_delayed_work_on", "schedule_work_on", "cancel_work",
	"cancel_work_sync", "cancel_delayed_work", "cancel_delayed_work_sync", "flush_work",
	"flush_delayed_work", NULL
};
