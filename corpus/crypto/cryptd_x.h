/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _CRYPTO_CRYPTD_X_H_
#define _CRYPTO_CRYPTD_X_H_

#include <linux/types.h>

void cryptd_drain_all(void);
int cryptd_enqueue(void);

#endif /* _CRYPTO_CRYPTD_X_H_ */
