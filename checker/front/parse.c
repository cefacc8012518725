#include "front/parse.h"
#include "front/libclang.h"
#include "lib/strbuf.h"
#include "lib/usage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	CXIndex index;		/* made at the first parse: NULL before */
};

struct skipped_range {
	size_t start, end;
};

struct parsed_file {
	CXTranslationUnit tu;
	CXFile file;
	struct skipped_range *skipped;
	unsigned nr_skipped;
	unsigned errors;
};

/* libclang is loaded, and the index made, when a file is first parsed. */
struct parser *parser_new(void)
{
	return xcalloc(1, sizeof(struct parser));
}

void parser_free(struct parser *p)
{
	if (!p)
		return;
	if (p->index)
		libclang.clang_disposeIndex(p->index);
	free(p);
}

static const char *error_code_name(enum CXErrorCode code)
{
	switch (code) {
	case CXError_Success:
		return "success";
	case CXError_Failure:
		return "libclang could not parse it";
	case CXError_Crashed:
		return "libclang crashed while parsing it";
	case CXError_InvalidArguments:
		return "libclang rejected the arguments";
	case CXError_ASTReadError:
		return "libclang could not read the AST";
	}
	return "libclang failed";
}

static void collect_skipped(struct parsed_file *pf)
{
	CXSourceRangeList *list = libclang.clang_getSkippedRanges(pf->tu, pf->file);
	unsigned i;

	if (!list)
		return;
	pf->skipped = xcalloc(list->count ? list->count : 1, sizeof(*pf->skipped));
	for (i = 0; i < list->count; i++) {
		unsigned start, end;

		CXSourceRange r = list->ranges[i];

		libclang.clang_getSpellingLocation(libclang.clang_getRangeStart(r), NULL, NULL,
						   NULL, &start);
		libclang.clang_getSpellingLocation(libclang.clang_getRangeEnd(r), NULL, NULL, NULL,
						   &end);
		pf->skipped[pf->nr_skipped].start = start;
		pf->skipped[pf->nr_skipped].end = end;
		pf->nr_skipped++;
	}
	libclang.clang_disposeSourceRangeList(list);
}

static void count_errors(struct parsed_file *pf)
{
	unsigned n = libclang.clang_getNumDiagnostics(pf->tu), i;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = libclang.clang_getDiagnostic(pf->tu, i);
		CXFile file;

		if (libclang.clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			libclang.clang_getSpellingLocation(libclang.clang_getDiagnosticLocation(d), &file, NULL,
						  NULL, NULL);
			if (file && libclang.clang_File_isEqual(file, pf->file))
				pf->errors++;
		}
		libclang.clang_disposeDiagnostic(d);
	}
}

struct parsed_file *parse_file(struct parser *p, const char *path,
			       const char *const *args, int nr_args, char **reason)
{
	struct parsed_file *pf = xcalloc(1, sizeof(*pf));
	unsigned options = CXTranslationUnit_KeepGoing |
			   CXTranslationUnit_DetailedPreprocessingRecord;
	enum CXErrorCode code;
	const char *why = NULL;

	if (!libclang_load(&why)) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "libclang cannot be loaded: %s", why ? why : "unknown error");
		*reason = strbuf_detach(&sb);
		free(pf);
		return NULL;
	}
	if (!p->index) {
		p->index = libclang.clang_createIndex(0, 0);
		if (!p->index)
			die("libclang: cannot create an index");
	}
	code = libclang.clang_parseTranslationUnit2(p->index, path, args, nr_args, NULL, 0, options,
					   &pf->tu);
	if (code != CXError_Success || !pf->tu) {
		*reason = xstrdup(error_code_name(code));
		free(pf);
		return NULL;
	}
	pf->file = libclang.clang_getFile(pf->tu, path);
	if (!pf->file) {
		*reason = xstrdup("libclang did not read the file");
		libclang.clang_disposeTranslationUnit(pf->tu);
		free(pf);
		return NULL;
	}
	collect_skipped(pf);
	count_errors(pf);
	return pf;
}

void parsed_file_free(struct parsed_file *pf)
{
	if (!pf)
		return;
	libclang.clang_disposeTranslationUnit(pf->tu);
	free(pf->skipped);
	free(pf);
}

bool parsed_offset_is_skipped(const struct parsed_file *pf, size_t offset)
{
	unsigned i;

	for (i = 0; i < pf->nr_skipped; i++)
		if (offset >= pf->skipped[i].start && offset < pf->skipped[i].end)
			return true;
	return false;
}

unsigned parsed_error_count(const struct parsed_file *pf)
{
	return pf->errors;
}

static bool cursor_spelled(CXCursor c, const char *name, size_t len)
{
	CXString s = libclang.clang_getCursorSpelling(c);
	const char *cs = libclang.clang_getCString(s);
	bool same = cs && strlen(cs) == len && !memcmp(cs, name, len);

	libclang.clang_disposeString(s);
	return same;
}

static bool same_location(CXSourceLocation a, CXSourceLocation b)
{
	unsigned oa, ob;
	CXFile fa, fb;

	libclang.clang_getSpellingLocation(a, &fa, NULL, NULL, &oa);
	libclang.clang_getSpellingLocation(b, &fb, NULL, NULL, &ob);
	return fa && fb && libclang.clang_File_isEqual(fa, fb) && oa == ob;
}

/* Implicit declarations span only the name of the call that made them. */
static bool is_implicit_function(CXCursor ref, size_t name_len)
{
	CXSourceRange extent = libclang.clang_getCursorExtent(ref);
	unsigned start, end;

	if (libclang.clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return false;
	libclang.clang_getSpellingLocation(libclang.clang_getRangeStart(extent), NULL, NULL, NULL, &start);
	libclang.clang_getSpellingLocation(libclang.clang_getRangeEnd(extent), NULL, NULL, NULL, &end);
	return end - start <= name_len;
}

static bool is_local_declaration_kind(enum CXCursorKind kind)
{
	return kind == CXCursor_ParmDecl || kind == CXCursor_FieldDecl;
}

enum ref_class parsed_classify(const struct parsed_file *pf, unsigned line, unsigned column,
			       const char *name, size_t name_len)
{
	CXSourceLocation loc = libclang.clang_getLocation(pf->tu, pf->file, line, column);
	CXCursor cursor = libclang.clang_getCursor(pf->tu, loc);
	CXCursor ref;
	enum CXCursorKind kind = libclang.clang_getCursorKind(cursor);
	CXFile ref_file;

	if (libclang.clang_Cursor_isNull(cursor) || libclang.clang_isInvalid(kind))
		return REF_UNKNOWN;
	if (libclang.clang_isDeclaration(kind) && cursor_spelled(cursor, name, name_len) &&
	    same_location(libclang.clang_getCursorLocation(cursor), loc))
		return REF_DECLARATION;
	if (kind == CXCursor_MacroDefinition)
		return REF_UNKNOWN;
	ref = libclang.clang_getCursorReferenced(cursor);
	if (libclang.clang_Cursor_isNull(ref) ||
	    libclang.clang_isInvalid(libclang.clang_getCursorKind(ref)) ||
	    !cursor_spelled(ref, name, name_len))
		return REF_UNKNOWN;
	if (is_local_declaration_kind(libclang.clang_getCursorKind(ref)))
		return REF_LOCAL;
	if (libclang.clang_getCursorKind(ref) == CXCursor_VarDecl &&
	    libclang.clang_getCursorKind(libclang.clang_getCursorSemanticParent(ref)) ==
		    CXCursor_FunctionDecl)
		return REF_LOCAL;
	/* An implicitly declared function (its header is missing) is "declared"
	 * at its first call: that says nothing about the name. */
	if (same_location(libclang.clang_getCursorLocation(ref), loc) ||
	    is_implicit_function(ref, name_len))
		return REF_UNKNOWN;
	libclang.clang_getSpellingLocation(libclang.clang_getCursorLocation(ref), &ref_file, NULL,
					   NULL, NULL);
	if (!ref_file)
		return REF_UNKNOWN;
	return libclang.clang_File_isEqual(ref_file, pf->file) ? REF_LOCAL : REF_EXTERNAL;
}

char *parsed_type_at(const struct parsed_file *pf, unsigned line, unsigned column)
{
	CXSourceLocation loc = libclang.clang_getLocation(pf->tu, pf->file, line, column);
	CXCursor cursor = libclang.clang_getCursor(pf->tu, loc);
	enum CXCursorKind kind = libclang.clang_getCursorKind(cursor);
	CXType type;
	CXString s;
	char *text;
	int depth;

	if (libclang.clang_Cursor_isNull(cursor) || libclang.clang_isInvalid(kind))
		return NULL;
	type = libclang.clang_getCursorType(cursor);
	/* `p` of `p->work` and the parameter `struct x *p` alike: the
	 * structure, not the pointer to it */
	for (depth = 0; depth < 4 && type.kind != CXType_Invalid; depth++) {
		CXType c = libclang.clang_getCanonicalType(type);

		if (c.kind != CXType_Pointer)
			break;
		type = libclang.clang_getPointeeType(c);
	}
	type = libclang.clang_getCanonicalType(type);
	if (type.kind == CXType_Invalid || type.kind == CXType_Unexposed || type.kind == CXType_Int)
		return NULL;
	s = libclang.clang_getTypeSpelling(type);
	text = xstrdup(libclang.clang_getCString(s));
	libclang.clang_disposeString(s);
	return text;
}
