/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_HID_HIDX_CORE_H_
#define _DRIVERS_HID_HIDX_CORE_H_

#include <linux/types.h>

struct hidx_device;

void hidx_output_report(struct hidx_device *hdev);

#endif /* _DRIVERS_HID_HIDX_CORE_H_ */
