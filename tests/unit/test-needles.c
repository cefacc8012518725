/* Unit tests of text_holds_any(): the answer of a memmem() per needle, on
 * texts made to hold needles at the edges, overlapping anchors, near misses,
 * and on random texts over a small alphabet where those happen by chance;
 * the same inside a needles scope, where one anchor's places are kept and
 * a longer anchor's are found among them. */
#include "lib/needles.h"
#include "test-lib.h"

#include <stdlib.h>
#include <string.h>

static bool naive(const char *text, size_t len, const char *const *needles)
{
	for (; *needles; needles++)
		if (memmem(text, len, *needles, strlen(*needles)))
			return true;
	return false;
}

static const char *const needles[] = { "queue_work", "alloc_workqueue",
				       "system_wq", "work.func", NULL };
static const char *const anchors[] = { "work", "_wq", NULL };

/* A second list whose anchor holds the first list's ("work_on" in
 * "work"): in a scope its places come from the first anchor's. */
static const char *const on_needles[] = { "queue_work_on", "mod_work_on", NULL };
static const char *const on_anchors[] = { "work_on", NULL };

static bool same(const char *text)
{
	size_t len = strlen(text);
	bool ok, opened;

	ok = text_holds_any(text, len, needles, anchors) == naive(text, len, needles) &&
	     text_holds_any(text, len, on_needles, on_anchors) == naive(text, len, on_needles);
	/* In a scope, asked twice: the kept places give the same answers. */
	opened = needles_scope_begin(text, len);
	ok &= opened && !needles_scope_begin(text, len);
	ok &= text_holds_any(text, len, needles, anchors) == naive(text, len, needles);
	ok &= text_holds_any(text, len, on_needles, on_anchors) == naive(text, len, on_needles);
	ok &= text_holds_any(text, len, needles, anchors) == naive(text, len, needles);
	needles_scope_end();
	return ok;
}

int main(void)
{
	static const char *const cases[] = {
		"", "work", "queue_work", "xqueue_workx", "queue_wor",
		"ueue_work", "system_wq", "system_w", "ystem_wq",
		"work work work queue_wor", "alloc_workqueu", "_wq_wq_wq",
		"work.fun", "a work.func", "queue_queue_work", "alloc_work",
		"queue_work_on", "mod_work_o", "xmod_work_onx", "work_on",
		"work work_o mod_work_on", "system_wq queue_work_on", NULL
	};
	static const char alphabet[] = "queu_wokrsytmlcaq.fnd";
	const char *const *c;
	char text[64];
	int ok = 1, held = 0, i;
	size_t k;

	for (c = cases; *c; c++)
		ok &= same(*c);
	CHECK("needles: edges, overlaps and near misses as memmem() says", ok);
	{
		/* A NUL inside: the scope searches anchor by anchor. */
		static const char nul[] = "xx\0queue_work\0system_wq";
		size_t len = sizeof(nul) - 1;
		bool opened = needles_scope_begin(nul, len);

		CHECK("needles: a text with a NUL inside, in a scope, as memmem() says",
		      opened && text_holds_any(nul, len, needles, anchors) &&
		      text_holds_any(nul, len, on_needles, on_anchors) ==
			      naive(nul, len, on_needles));
		needles_scope_end();
	}
	ok = 1;
	srand(1);
	for (i = 0; i < 200000; i++) {
		size_t len = (size_t)(rand() % 40);

		for (k = 0; k < len; k++)
			text[k] = alphabet[rand() % (sizeof(alphabet) - 1)];
		/* Plant a needle now and then, cut at a random end. */
		if (rand() % 4 == 0 && len > 12) {
			const char *n = rand() % 3 ? needles[rand() % 4] : on_needles[rand() % 2];
			size_t at = (size_t)rand() % len, nl = strlen(n);

			for (k = 0; k < nl && at + k < len; k++)
				text[at + k] = n[k];
		}
		text[len] = '\0';
		held += naive(text, len, needles) || naive(text, len, on_needles);
		ok &= same(text);
	}
	CHECK("needles: 200,000 random texts as memmem() says", ok);
	CHECK("needles: the random texts held needles often enough to tell",
	      held > 1000);
	return test_failures ? 1 : 0;
}
