/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_NET_PHY_PHY_POLL_H_
#define _DRIVERS_NET_PHY_PHY_POLL_H_

#include <linux/types.h>

struct phy_poll_dev;

void phy_poll_trigger(struct phy_poll_dev *phy);
struct phy_poll_dev *phy_poll_create(int addr, int cpu);
void phy_poll_destroy(struct phy_poll_dev *phy);

#endif /* _DRIVERS_NET_PHY_PHY_POLL_H_ */
