/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NET_CEPHX_MESSENGER_H_
#define _NET_CEPHX_MESSENGER_H_

#include <linux/types.h>

struct cephx_connection;

int cephx_queue_con(struct cephx_connection *con);
void cephx_con_init(struct cephx_connection *con);
void cephx_con_close(struct cephx_connection *con);
int cephx_msgr_init(void);
void cephx_msgr_exit(void);

#endif /* _NET_CEPHX_MESSENGER_H_ */
