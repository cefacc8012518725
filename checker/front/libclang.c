#include "front/libclang.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

/* The soname the Makefile found beside the headers it compiles with. */
#ifndef LIBCLANG_SONAME
#define LIBCLANG_SONAME "libclang.so"
#endif

struct libclang libclang;
static bool loaded;
static const char *load_error;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* WQCHECK_LIBCLANG: another libclang (a path or a soname) than the one
 * built against. */
static void load(void)
{
	const char *name = getenv("WQCHECK_LIBCLANG");
	void *handle = dlopen(name && *name ? name : LIBCLANG_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!handle) {
		load_error = dlerror();
		return;
	}
#define LIBCLANG_RESOLVE(name)							\
	libclang.name = (__typeof__(libclang.name))dlsym(handle, #name);	\
	if (!libclang.name) {							\
		load_error = "libclang lacks " #name;				\
		return;								\
	}
	LIBCLANG_FUNCTIONS(LIBCLANG_RESOLVE)
#undef LIBCLANG_RESOLVE
	loaded = true;
}

bool libclang_load(const char **why)
{
	pthread_once(&once, load);
	if (!loaded && why)
		*why = load_error;
	return loaded;
}
