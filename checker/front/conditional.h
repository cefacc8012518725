/* Which #if branches the configuration builds, decided from the tokens and the
 * tree's include/generated/autoconf.h where that is certain (#if 0, #ifdef
 * CONFIG_X, IS_ENABLED(CONFIG_X), include guards), and left to libclang where
 * it is not (a macro from some header, arithmetic on versions). */
#ifndef WQCHECK_CONDITIONAL_H
#define WQCHECK_CONDITIONAL_H

#include "front/lexer.h"

enum branch_state {
	BRANCH_ACTIVE,
	BRANCH_INACTIVE,
	BRANCH_UNKNOWN,
};

struct kconfig;

/* Loads root/include/generated/autoconf.h; an unconfigured tree has every
 * CONFIG_ option off, as clang sees it. Never fails. */
struct kconfig *kconfig_load(const char *root);
void kconfig_free(struct kconfig *kc);
/* Whether kc was read from an autoconf.h: without one, "off" is the
 * reading's assumption, not what a configuration builds. */
bool kconfig_configured(const struct kconfig *kc);
/* No configuration at all: every CONFIG_ option unknown, so that only
 * what no configuration builds (#if 0) reads as inactive. */
const struct kconfig *kconfig_unknown(void);

/* Fills states[i] for every token of lf. */
void evaluate_branches(const struct lexed_file *lf, const struct kconfig *kc,
		       enum branch_state *states);

#endif
