/*
 * libclang, opened on first use (dlopen) instead of linked: loading it costs
 * every wqcheck process about 70 ms (LLVM's relocations and constructors),
 * and most runs parse no file at all (a whole v6.19 scan parses one). The
 * functions front/parse.c calls are reached through this table; after
 * including this header they keep their names.
 */
#ifndef WQCHECK_LIBCLANG_H
#define WQCHECK_LIBCLANG_H

#include <clang-c/Index.h>
#include <stdbool.h>

#define LIBCLANG_FUNCTIONS(X)							\
	X(clang_createIndex) X(clang_disposeIndex)				\
	X(clang_parseTranslationUnit2) X(clang_disposeTranslationUnit)		\
	X(clang_getFile) X(clang_File_isEqual) X(clang_getSkippedRanges)	\
	X(clang_disposeSourceRangeList) X(clang_getRangeStart)			\
	X(clang_getRangeEnd) X(clang_getSpellingLocation)			\
	X(clang_getNumDiagnostics) X(clang_getDiagnostic)			\
	X(clang_getDiagnosticSeverity) X(clang_getDiagnosticLocation)		\
	X(clang_disposeDiagnostic) X(clang_getCursorSpelling)			\
	X(clang_getCString) X(clang_disposeString) X(clang_getCursorExtent)	\
	X(clang_getCursorKind) X(clang_getLocation) X(clang_getCursor)		\
	X(clang_Cursor_isNull) X(clang_isInvalid) X(clang_isDeclaration)	\
	X(clang_getCursorLocation) X(clang_getCursorReferenced)			\
	X(clang_getCursorSemanticParent) X(clang_getCursorType)		\
	X(clang_getPointeeType) X(clang_getCanonicalType)			\
	X(clang_getTypeSpelling)

struct libclang {
#define LIBCLANG_POINTER(name) __typeof__(name) *name;
	LIBCLANG_FUNCTIONS(LIBCLANG_POINTER)
#undef LIBCLANG_POINTER
};

/* Loads the table once (any thread; the others wait): true, or false with
 * *why set to the loader's message when libclang cannot be opened. A
 * thread calls libclang.<function> only after a libclang_load() of its own
 * said true. */
bool libclang_load(const char **why);
extern struct libclang libclang;

#endif
