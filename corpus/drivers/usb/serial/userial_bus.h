/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_USB_SERIAL_USERIAL_BUS_H_
#define _DRIVERS_USB_SERIAL_USERIAL_BUS_H_

#include <linux/types.h>

struct userial_port;

void userial_write_done(struct userial_port *port);
void userial_throttle(struct userial_port *port, unsigned long delay);

#endif /* _DRIVERS_USB_SERIAL_USERIAL_BUS_H_ */
