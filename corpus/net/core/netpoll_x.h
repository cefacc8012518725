/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NET_CORE_NETPOLL_X_H_
#define _NET_CORE_NETPOLL_X_H_

#include <linux/types.h>

struct netpoll_info;

void netpoll_setup(struct netpoll_info *npinfo);
void netpoll_cleanup(struct netpoll_info *npinfo);

#endif /* _NET_CORE_NETPOLL_X_H_ */
