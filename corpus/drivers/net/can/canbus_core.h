/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_NET_CAN_CANBUS_CORE_H_
#define _DRIVERS_NET_CAN_CANBUS_CORE_H_

#include <linux/types.h>

struct canbus_priv;

void canbus_bus_off(struct canbus_priv *priv);
void canbus_setup(struct canbus_priv *priv);

#endif /* _DRIVERS_NET_CAN_CANBUS_CORE_H_ */
