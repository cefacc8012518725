/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_MD_DMX_TARGET_H_
#define _DRIVERS_MD_DMX_TARGET_H_

#include <linux/types.h>

struct dmx_c;

int dmx_target_create(struct dmx_c *mc);
void dmx_target_destroy(struct dmx_c *mc);

#endif /* _DRIVERS_MD_DMX_TARGET_H_ */
