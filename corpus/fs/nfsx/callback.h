/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _FS_NFSX_CALLBACK_H_
#define _FS_NFSX_CALLBACK_H_

#include <linux/types.h>

struct nfsx_client;

void nfsx_recall_delegation(struct nfsx_client *clp);
struct nfsx_client *nfsx_alloc_client(unsigned long lease);
void nfsx_free_client(struct nfsx_client *clp);

#endif /* _FS_NFSX_CALLBACK_H_ */
