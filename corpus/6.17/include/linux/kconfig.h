#ifndef _LINUX_KCONFIG_H
#define _LINUX_KCONFIG_H
#include <generated/autoconf.h>
#define IS_ENABLED(option) defined(option)
#endif
