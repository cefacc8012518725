/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_CHAR_TTY_FLIP_WQ_H_
#define _DRIVERS_CHAR_TTY_FLIP_WQ_H_

#include <linux/types.h>

struct tty_bufhead;

void tty_flip_buffer_push(struct tty_bufhead *buf);
void tty_buffer_init(struct tty_bufhead *buf);
void tty_buffer_flush_work(struct tty_bufhead *buf);

#endif /* _DRIVERS_CHAR_TTY_FLIP_WQ_H_ */
