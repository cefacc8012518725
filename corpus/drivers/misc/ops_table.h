/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DRIVERS_MISC_OPS_TABLE_H_
#define _DRIVERS_MISC_OPS_TABLE_H_

#include <linux/types.h>

struct accel_dev;
struct accel_ops;

int accel_submit(struct accel_dev *adev, u32 cmd);
bool accel_quiesce(struct accel_dev *adev);
int accel_init(struct accel_dev *adev, const struct accel_ops *ops);

#endif /* _DRIVERS_MISC_OPS_TABLE_H_ */
