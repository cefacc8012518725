#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/types.h>

struct timer_list {
	struct list_head entry;
	unsigned long expires;
	void (*function)(unsigned long);
	unsigned long data;
	unsigned int flags;
};

#define TIMER_DEFERRABLE	0x1

#define TIMER_INITIALIZER(_function, _expires, _data) {	\
		.entry = { .prev = NULL },		\
		.function = (_function),		\
		.expires = (_expires),			\
		.data = (_data),			\
	}

#define TIMER_DEFERRED_INITIALIZER(_function, _expires, _data) {	\
		.entry = { .prev = NULL },			\
		.function = (_function),			\
		.expires = (_expires),				\
		.data = (_data),				\
		.flags = TIMER_DEFERRABLE,			\
	}

extern void init_timer(struct timer_list *timer);
extern void init_timer_deferrable(struct timer_list *timer);
extern void init_timer_on_stack(struct timer_list *timer);
extern void setup_timer(struct timer_list *timer,
			void (*function)(unsigned long), unsigned long data);
extern int mod_timer(struct timer_list *timer, unsigned long expires);
extern int del_timer(struct timer_list *timer);
extern int del_timer_sync(struct timer_list *timer);

#endif /* _LINUX_TIMER_H */
