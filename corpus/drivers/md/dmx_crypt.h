/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_MD_DMX_CRYPT_H_
#define _DRIVERS_MD_DMX_CRYPT_H_

struct crypt_config;

int crypt_ctr(struct crypt_config *cc);
void crypt_dtr(struct crypt_config *cc);

#endif /* _DRIVERS_MD_DMX_CRYPT_H_ */
