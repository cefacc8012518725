/* The names the audit's lexical pass looks for: the queueing calls with
 * where their workqueue and work item are, the system workqueues (6.17's
 * new ones only on a tree that has them), and the flags of an
 * alloc_workqueue(). */
#include "analysis/callers/classify-priv.h"
#include "lib/usage.h"

#include <pthread.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

static const struct queue_call_api queue_call_apis[] = {
	{ "queue_work", 0, 1, false },
	{ "queue_delayed_work", 0, 1, false },
	{ "mod_delayed_work", 0, 1, false },
	{ "queue_work_on", 1, 2, true },
	{ "queue_delayed_work_on", 1, 2, true },
	{ "mod_delayed_work_on", 1, 2, true },
	{ "queue_rcu_work", 0, 1, false },
	{ "queue_work_node", 1, 2, false },
	{ "schedule_work", -1, 0, false },
	{ "schedule_delayed_work", -1, 0, false },
};
#define NR_QUEUE_CALL_APIS \
	(sizeof(queue_call_apis) / sizeof(queue_call_apis[0]))

bool audit_is_api_file(const char *path)
{
	return !strcmp(path, "kernel/workqueue.c") ||
	       !strcmp(path, "include/linux/workqueue.h");
}

const struct queue_call_api *
queue_call_api_at(const struct lexed_file *lf, size_t i)
{
	size_t k;

	for (k = 0; k < NR_QUEUE_CALL_APIS; k++)
		if (tok_is_ident(lf, (long)i, queue_call_apis[k].name))
			return &queue_call_apis[k];
	return NULL;
}

/* Every name scan_file() asks a token about: the calls above, the system
 * workqueues (6.17's too) and alloc_workqueue(). */
static const char *const other_site_names[] = {
	"system_wq", "system_unbound_wq", "system_percpu_wq", "system_dfl_wq",
	"alloc_workqueue",
};

/* Per first byte, a bit per length some site name has (all are shorter
 * than 32 bytes): built once, read by every reading thread. */
static uint32_t site_name_lengths[256];
static pthread_once_t site_name_once = PTHREAD_ONCE_INIT;

/* Every site name holds one of these: a file's text is searched for them
 * to find the tokens worth asking (site_name_tokens()). Both start with
 * "_w" (next_underscore_w()). */
static const char *const site_name_parts[] = { "_work", "_wq" };

static void note_site_name(const char *name)
{
	size_t len = strlen(name), k;

	if (len >= 32)
		die("site name %s: too long for site_name_lengths", name);
	for (k = 0; k < sizeof(site_name_parts) / sizeof(site_name_parts[0]);
	     k++)
		if (strstr(name, site_name_parts[k]))
			break;
	if (k == sizeof(site_name_parts) / sizeof(site_name_parts[0]))
		die("site name %s holds none of site_name_parts", name);
	site_name_lengths[(unsigned char)name[0]] |= 1U << len;
}

static void site_names_init(void)
{
	size_t k;

	for (k = 0; k < NR_QUEUE_CALL_APIS; k++)
		note_site_name(queue_call_apis[k].name);
	for (k = 0; k < sizeof(other_site_names) / sizeof(other_site_names[0]);
	     k++)
		note_site_name(other_site_names[k]);
}

bool may_be_site_name(const struct lexed_file *lf, size_t i)
{
	const struct token *t = &lf->tokens[i];

	pthread_once(&site_name_once, site_names_init);
	return t->len < 32 &&
	       (site_name_lengths[(unsigned char)lf->text[t->offset]] >>
		t->len) & 1;
}

/* The token holding text offset pos, or nr_tokens. */
static size_t token_at(const struct lexed_file *lf, size_t pos)
{
	size_t lo = 0, hi = lf->nr_tokens;

	/* the last token starting at or before pos */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (lf->tokens[mid].offset <= pos)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? lo - 1 : lf->nr_tokens;
}

/* The next place at or after p where "_w" starts, or len: both parts
 * start so, and "_w" is rare enough in C that one pass for the pair is
 * cheaper than memmem()'s pass for each part (2% of a whole audit). With
 * SSE2 (every x86-64), sixteen places at a time. */
static size_t next_underscore_w(const char *text, size_t p, size_t len)
{
#ifdef __SSE2__
	const __m128i under = _mm_set1_epi8('_'), w = _mm_set1_epi8('w');

	while (p + 17 <= len) {
		__m128i a = _mm_loadu_si128((const __m128i *)(text + p));
		__m128i b = _mm_loadu_si128((const __m128i *)(text + p + 1));
		unsigned bits = (unsigned)_mm_movemask_epi8(
			_mm_and_si128(_mm_cmpeq_epi8(a, under), _mm_cmpeq_epi8(b, w)));

		if (bits)
			return p + (size_t)__builtin_ctz(bits);
		p += 16;
	}
#endif
	for (; p + 1 < len; p++)
		if (text[p] == '_' && text[p + 1] == 'w')
			return p;
	return len;
}

size_t site_name_tokens(const struct lexed_file *lf, size_t **out)
{
	size_t *v = NULL, nr = 0, alloc = 0, k, pos;

	pthread_once(&site_name_once, site_names_init);
	for (pos = next_underscore_w(lf->text, 0, lf->size); pos < lf->size;
	     pos = next_underscore_w(lf->text, pos + 1, lf->size)) {
		size_t t;

		for (k = 0; k < sizeof(site_name_parts) / sizeof(site_name_parts[0]); k++) {
			size_t n = strlen(site_name_parts[k]);

			if (pos + n <= lf->size && !memcmp(lf->text + pos, site_name_parts[k], n))
				break;
		}
		if (k == sizeof(site_name_parts) / sizeof(site_name_parts[0]))
			continue;
		t = token_at(lf, pos);
		if (t == lf->nr_tokens ||
		    pos + strlen(site_name_parts[k]) > lf->tokens[t].offset + lf->tokens[t].len)
			continue;
		/* places in order: a token's several parts are together */
		if (!nr || v[nr - 1] != t) {
			ALLOC_GROW(v, nr, alloc);
			v[nr++] = t;
		}
	}
	*out = v;
	return nr;
}

/* The names 6.17 added count only on a tree that has them. */
bool is_system_wq_name(const struct lexed_file *lf, long i,
			      bool new_names)
{
	return tok_is_ident(lf, i, "system_wq") ||
	       tok_is_ident(lf, i, "system_unbound_wq") ||
	       (new_names && (tok_is_ident(lf, i, "system_percpu_wq") ||
			      tok_is_ident(lf, i, "system_dfl_wq")));
}

bool is_unbound_system_wq(const char *wq)
{
	return !strcmp(wq, "system_unbound_wq") || !strcmp(wq, "system_dfl_wq");
}

bool is_new_system_wq(const char *wq)
{
	return !strcmp(wq, "system_percpu_wq") || !strcmp(wq, "system_dfl_wq");
}

bool names_flag(const struct lexed_file *lf, size_t first, size_t last,
		       const char *flag)
{
	size_t j;

	for (j = first; j <= last && j < lf->nr_tokens; j++)
		if (tok_is_ident(lf, (long)j, flag))
			return true;
	return false;
}
