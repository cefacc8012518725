// SPDX-License-Identifier: GPL-2.0-only
/// flush_work_sync() and flush_delayed_work_sync() are redundant since
/// Linux 3.7 (dbf2576e37da, "workqueue: make all workqueues non-reentrant"):
/// a work item never runs on two CPUs at once, so flush_work() and
/// flush_delayed_work() wait for its only instance, running or pending.
/// 3.7 deprecated the _sync variants and later kernels removed them.
//
// Confidence: High
// Copyright: (C) 2026 The wqcheck authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: The same sites and fixes as wqcheck's rules WQ001 and WQ002.
//  A file that defines a function of either name (a helper that shares the
//  name), a file that exports the legacy API (the workqueue core: its own
//  deprecation patch converts it), and a local of that name are left alone.
//  Patch mode formats an edited call spanning several lines the way wqcheck
//  does (the wqfix python below): rejoined when it fits in 80 columns, else
//  continuation lines follow their parenthesis.  A line-continuation
//  backslash in a macro body stays where the edit leaves it (wqcheck puts it
//  back in its column: Coccinelle cannot move it).
// Options: --no-includes --include-headers
// Keywords: flush_work_sync, flush_delayed_work_sync, workqueue

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
# --- wqfix begin: the same in flush_work_sync.cocci, system_nrt_wq.cocci
# and wq_non_reentrant.cocci (tests/t-cocci.sh checks) ---
# wqfix: the fix formatting of wqcheck, so that patch mode writes what wqcheck
# writes.  No apostrophes or quote characters in here: the SmPL lexer reads
# script code too.
import bisect
WQ_QUOTES = chr(34) + chr(39)
WQ_BACKSLASH = chr(92)
import re

WQ_PUNCT3 = ("<<=", ">>=", "...")
WQ_PUNCT2 = ("->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
	     "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##")
WQ_STATEMENT_KEYWORDS = ("if", "while", "for", "switch", "return", "sizeof",
			 "typeof", "__typeof__")
WQ_KEYWORDS = ("if", "while", "for", "switch", "return", "sizeof", "do",
	       "else", "case", "typeof", "__typeof__", "defined")

class WqTok(object):
	__slots__ = ("kind", "start", "end", "directive")

	def __init__(self, kind, start, end, directive):
		self.kind, self.start, self.end = kind, start, end
		self.directive = directive

def wq_lex(text):
	toks, i, n, directive, ndir, bol = [], 0, len(text), -1, 0, True
	while i < n:
		c = text[i]
		if c == "\n":
			directive, bol = -1, True
			i += 1
			continue
		if c in " \t\r\f\v":
			i += 1
			continue
		if c == WQ_BACKSLASH and text.startswith("\n", i + 1):
			i += 2
			continue
		if bol and c == "#":
			directive, ndir = ndir, ndir + 1
		bol = False
		if text.startswith("/*", i):
			j = text.find("*/", i + 2)
			if j < 0:
				return None
			kind, end = "comment", j + 2
		elif text.startswith("//", i):
			j = text.find("\n", i)
			kind, end = "comment", j if j >= 0 else n
		elif c in WQ_QUOTES:
			j = i + 1
			while j < n and text[j] != c and text[j] != "\n":
				j += 2 if text[j] == WQ_BACKSLASH else 1
			kind, end = "string", min(j + 1, n)
		elif c.isalpha() or c == "_":
			m = re.compile(r"[A-Za-z0-9_]+").match(text, i)
			kind, end = "ident", m.end()
		elif c.isdigit() or (c == "." and text[i + 1:i + 2].isdigit()):
			m = re.compile(r"[0-9A-Za-z_.]+").match(text, i)
			kind, end = "number", m.end()
		else:
			kind, end = "punct", i + 1
			for op in WQ_PUNCT3 + WQ_PUNCT2:
				if text.startswith(op, i):
					end = i + len(op)
					break
		toks.append(WqTok(kind, i, end, directive))
		i = end
	return toks

def wq_width(s):
	w = 0
	for c in s:
		w = (w + 8) & ~7 if c == "\t" else w + 1
	return w

class WqFile(object):
	def __init__(self, text):
		self.text = text
		self.toks = wq_lex(text)
		self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

	def is_call_start(self, a, b):
		"""Is [a, b) a call: a name, then its parenthesised arguments?"""
		i = self.tok_at(a)
		op = self.next_code(i)
		return i >= 0 and self.toks[i].kind == "ident" and self.is_punct(op, "(") and \
			self.toks[self.match_paren(op)].end == b

	def line_of(self, i):
		return bisect.bisect_right(self.line_starts, self.toks[i].start)

	def offset(self, line, col):
		return self.line_starts[line - 1] + col

	def tok_at(self, offset):
		for i, t in enumerate(self.toks):
			if t.start == offset:
				return i
		return -1

	def s(self, i):
		t = self.toks[i]
		return self.text[t.start:t.end]

	def next_code(self, i):
		i += 1
		while i < len(self.toks) and self.toks[i].kind == "comment":
			i += 1
		return i if i < len(self.toks) else -1

	def prev_code(self, i):
		i -= 1
		while i >= 0 and self.toks[i].kind == "comment":
			i -= 1
		return i

	def is_punct(self, i, s):
		return i >= 0 and self.toks[i].kind == "punct" and self.s(i) == s

	def match_paren(self, i):
		depth = 0
		for j in range(i, len(self.toks)):
			if self.is_punct(j, "("):
				depth += 1
			elif self.is_punct(j, ")"):
				depth -= 1
				if depth == 0:
					return j
		return -1

	def line_start(self, offset):
		return self.text.rfind("\n", 0, offset) + 1

def wq_expression_around(lf, a, b):
	"""The expression a call at [a, b) is part of: up to the operator or
	punctuation that ends an expression, at its own nesting depth."""
	toks = lf.toks
	i = lf.tok_at(a)
	j = [k for k, t in enumerate(toks) if t.end == b][0]
	stop_back = (";", "{", "}", ",", "=", "?", ":", "+=", "-=", "*=", "/=",
		     "%=", "&=", "|=", "^=", "<<=", ">>=")
	depth, k = 0, lf.prev_code(i)
	while k >= 0:
		t = lf.s(k)
		if toks[k].kind == "punct" and t in (")", "]"):
			depth += 1
		elif toks[k].kind == "punct" and t in ("(", "["):
			if depth == 0:
				break
			depth -= 1
		elif depth == 0 and ((toks[k].kind == "punct" and t in stop_back) or
				     t in ("return", "case")):
			break
		i = k
		k = lf.prev_code(k)
	depth, k = 0, lf.next_code(j)
	while k >= 0:
		t = lf.s(k)
		if toks[k].kind == "punct" and t in ("(", "["):
			depth += 1
		elif toks[k].kind == "punct" and t in (")", "]"):
			if depth == 0:
				break
			depth -= 1
		elif depth == 0 and toks[k].kind == "punct" and t in (";", ",", "?", ":", "}", "{"):
			break
		j = k
		k = lf.next_code(k)
	return toks[i].start, toks[j].end

class WqFinding(object):
	def __init__(self):
		self.edits, self.reflow, self.kind = [], None, "rename"

	def edit(self, start, end, repl):
		self.edits.append((start, end, repl))

def wq_reflow_call(lf, f, name):
	"""fix_reflow_call of wqcheck: remember the call to reformat."""
	op = lf.next_code(name)
	if op < 0 or not lf.is_punct(op, "(") or lf.toks[op].directive >= 0:
		return
	cl = lf.match_paren(op)
	if cl < 0:
		return
	may_join = all(lf.toks[k].kind != "comment" and lf.toks[k].directive < 0
		       for k in range(op, cl + 1))
	f.reflow = (name, lf.line_start(lf.toks[name].start), lf.toks[op].start,
		    lf.toks[cl].start, may_join)

def wq_reflow_enclosing_call(lf, f, tok):
	depth, i = 0, lf.prev_code(tok)
	while i >= 0:
		t = lf.toks[i]
		if t.kind == "punct" and t.end - t.start == 1:
			if t.directive != lf.toks[tok].directive:
				return
			c = lf.text[t.start]
			if c in ")]":
				depth += 1
			elif c == "[":
				depth -= 1
			elif c == "(":
				if depth == 0:
					name = lf.prev_code(i)
					if name >= 0 and lf.toks[name].kind == "ident" and \
					   lf.s(name) not in WQ_STATEMENT_KEYWORDS:
						wq_reflow_call(lf, f, name)
					return
				depth -= 1
			elif c in ";{}":
				return
		i = lf.prev_code(i)

def wq_rename_in_comment(lf, f, t, old, new):
	for m in re.finditer(r"(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" % re.escape(old),
			     lf.text[t.start:t.end]):
		f.edit(t.start + m.start(), t.start + m.end(), new)

def wq_rename_in_comments(lf, f, tok, old, new):
	toks, d = lf.toks, lf.toks[tok].directive
	first = last = tok
	i = tok - 1
	while i >= 0:
		t = toks[i]
		if t.directive != d or t.kind == "comment":
			break
		if t.kind == "punct" and lf.s(i) in (";", "{", "}"):
			break
		first = i
		i -= 1
	i = tok + 1
	while i < len(toks):
		t = toks[i]
		if t.directive != d:
			break
		if t.kind == "punct" and lf.s(i) in ("{", "}"):
			break
		last = i
		if t.kind == "punct" and lf.s(i) == ";":
			break
		i += 1
	for i in range(first, last + 1):
		if toks[i].kind == "comment":
			wq_rename_in_comment(lf, f, toks[i], old, new)
	if last + 1 < len(toks):
		t = toks[last + 1]
		if t.kind == "comment" and "\n" not in lf.text[toks[last].start:t.start]:
			wq_rename_in_comment(lf, f, t, old, new)
	i = first - 1
	while i >= 0:
		t, nxt = toks[i], toks[i + 1]
		if t.kind != "comment" or (t.directive >= 0) != (toks[tok].directive >= 0):
			break
		gap = lf.text[t.end:nxt.start]
		if gap.strip(" \t\r\n") or gap.count("\n") > 1:
			break
		wq_rename_in_comment(lf, f, t, old, new)
		i -= 1

WQ_RENAME = {
	"flush_work_sync": "flush_work",
	"flush_delayed_work_sync": "flush_delayed_work",
	"system_nrt_wq": "system_wq",
	"system_nrt_freezable_wq": "system_freezable_wq",
}

def wq_finding(lf, tok):
	"""The edits wqcheck makes for the finding at token tok."""
	f, name = WqFinding(), lf.s(tok)
	t = lf.toks[tok]
	if name in ("flush_work_sync", "flush_delayed_work_sync"):
		f.edit(t.start, t.end, WQ_RENAME[name])
		wq_reflow_call(lf, f, tok)
		if f.reflow is None:
			wq_reflow_enclosing_call(lf, f, tok)
	elif name == "system_nrt_wq":
		op = lf.prev_code(tok)
		call = lf.prev_code(op) if lf.is_punct(op, "(") else -1
		new = {"queue_work": "schedule_work",
		       "queue_delayed_work": "schedule_delayed_work"}.get(
			       lf.s(call) if call >= 0 and lf.toks[call].kind == "ident" else "")
		comma = lf.next_code(tok)
		nxt = lf.next_code(comma) if lf.is_punct(comma, ",") else -1
		if new and nxt >= 0 and lf.toks[nxt].directive == t.directive:
			f.kind = "schedule"
			f.edit(lf.toks[call].start, lf.toks[call].end, new)
			op2 = lf.next_code(call)
			cl = lf.match_paren(op2) if op2 >= 0 else -1
			semi = lf.next_code(cl) if cl >= 0 else -1
			if nxt != comma + 1 and semi >= 0 and lf.s(semi) == ";":
				# wqcheck moves the comment behind the statement, renamed;
				# SmPL cannot write a comment there (documented)
				moved = "".join("\t" + re.sub("system_nrt_wq", "system_wq", lf.s(k))
						for k in range(comma + 1, nxt))
				f.edit(t.start, lf.toks[nxt].start, "")
				f.edit(lf.toks[semi].end, lf.toks[semi].end, moved)
			else:
				f.edit(t.start, lf.toks[nxt].start, "")
			wq_reflow_call(lf, f, call)
		else:
			f.edit(t.start, t.end, "system_wq")
			wq_reflow_enclosing_call(lf, f, tok)
		wq_rename_in_comments(lf, f, tok, name, "system_wq")
	elif name == "system_nrt_freezable_wq":
		f.edit(t.start, t.end, "system_freezable_wq")
		wq_reflow_enclosing_call(lf, f, tok)
		wq_rename_in_comments(lf, f, tok, name, "system_freezable_wq")
	elif name == "WQ_NON_REENTRANT":
		prev, nxt = lf.prev_code(tok), lf.next_code(tok)
		after_nxt = lf.next_code(nxt) if nxt >= 0 else -1
		breaks = after_nxt >= 0 and lf.line_of(after_nxt) != lf.line_of(nxt)
		if lf.is_punct(nxt, "|") and lf.toks[nxt].directive == t.directive and \
		   not (lf.is_punct(prev, "|") and breaks and lf.line_of(prev) == lf.line_of(tok)):
			f.edit(t.start, lf.toks[lf.next_code(nxt)].start, "")
		elif lf.is_punct(prev, "|"):
			f.edit(lf.toks[lf.prev_code(prev)].end, t.end, "")
		elif lf.is_punct(prev, "|=") and lf.is_punct(nxt, ";"):
			f.kind = "statement"
			return f	# the statement goes; SmPL does that
		else:
			f.edit(t.start, t.end, "0")
		wq_reflow_enclosing_call(lf, f, tok)
	return f

def wq_map(applied, p):
	delta = 0
	for (s, e, r) in applied:
		if e <= p and s < p:
			delta += len(r) - (e - s)
		elif s <= p < e:
			return s + delta
		elif s > p:
			break
	return p + delta

def wq_paren_columns(s):
	cols, i, n, ls = [], 0, len(s), 0
	while i < n:
		c = s[i]
		if c == "\n":
			ls = i + 1
		elif c in WQ_QUOTES:
			i += 1
			while i < n and s[i] != c and s[i] != "\n":
				i += 2 if s[i] == WQ_BACKSLASH else 1
		elif s.startswith("/*", i):
			i += 2
			while i + 1 < n and not s.startswith("*/", i):
				if s[i] == "\n":
					ls = i + 1
				i += 1
			i += 1
		elif c == "(":
			cols.append(wq_width(s[ls:i + 1]))
		i += 1
	return cols

def wq_try_join(region):
	out = ""
	lines = region.split("\n")
	for k, line in enumerate(lines):
		b = 0 if k == 0 else len(line) - len(line.lstrip(" \t"))
		seg = line[b:].rstrip(" \t")
		if k and out and seg:
			if out[-1] not in "([" and seg[0] not in ")],;":
				out += " "
		out += seg
	return out if wq_width(out) <= 80 else None

def wq_indent(w):
	tabs, spaces = divmod(w, 8)
	return "\t" * tabs + " " * spaces

def wq_reflow_region(old, region, may_join):
	if "\n" not in region:
		return region
	if may_join:
		j = wq_try_join(region)
		if j is not None:
			return j
	oc, nc = wq_paren_columns(old), wq_paren_columns(region)
	out, stack, k, first = "", [], 0, True
	for line in re.findall(r"[^\n]*\n|[^\n]+", region):
		done = False
		if not first and stack and len(oc) == len(nc):
			o = stack[-1]
			body = line.lstrip(" \t")
			ws = line[:len(line) - len(body)]
			if oc[o] != nc[o] and body and body[0] != "\n" and wq_width(ws) == oc[o]:
				out += wq_indent(nc[o]) + body
				done = True
		if not done:
			out += line
		j, n = 0, len(line)
		while j < n:
			c = line[j]
			if c in WQ_QUOTES:
				j += 1
				while j < n and line[j] != c:
					j += 2 if line[j] == WQ_BACKSLASH else 1
			elif c == "(":
				stack.append(k)
				k += 1
			elif c == ")" and stack:
				stack.pop()
			j += 1
		first = False
	return out

def wq_apply(text, findings):
	"""fix_apply of wqcheck, without the macro backslash realignment."""
	edits = sorted(e for f in findings for e in f.edits)
	applied, out, pos = [], [], 0
	for e in edits:
		if applied:
			last = applied[-1]
			if last == e:
				continue
			if e[0] < last[1] or (e[0] == last[0] and e[0] == e[1]):
				continue
		out.append(text[pos:e[0]])
		out.append(e[2])
		pos = e[1]
		applied.append(e)
	out.append(text[pos:])
	tmp = "".join(out)
	reflows = sorted((f.reflow for f in findings if f.reflow and f.edits),
			 key=lambda r: -r[2])
	last_start = None
	for (name, ls, op, cl, may_join) in reflows:
		if op == last_start:
			continue
		if last_start is not None and cl > last_start:
			continue
		last_start = op
		start, o, c = wq_map(applied, ls), wq_map(applied, op), wq_map(applied, cl)
		if not (start <= o < c < len(tmp)):
			continue
		end = tmp.find("\n", c)
		end = len(tmp) if end < 0 else end
		old_end = text.find("\n", cl)
		old_end = len(text) if old_end < 0 else old_end
		tmp = tmp[:start] + wq_reflow_region(text[ls:old_end], tmp[start:end], may_join) + tmp[end:]
	return tmp

# Per file: the sites SmPL found, and the calls patch mode rewrites whole.
wq_sites, wq_shadowed, wq_units, wq_kinds = {}, set(), {}, {}

def wq_key(p):
	return (p.file, int(p.line), int(p.column))

def wq_text(name):
	with open(name) as f:
		return f.read()

def wq_macro_parameter(p):
	"""Is the name at p a parameter of the #define it is in?"""
	lines = wq_text(p.file).split("\n")
	i = int(p.line) - 1
	while i > 0 and lines[i - 1].endswith(WQ_BACKSLASH):
		i -= 1
	m = re.match(r"\s*#\s*define\s+\w+\(([^)]*)\)", lines[i])
	name = lines[int(p.line) - 1][int(p.column):int(p.column_end)]
	return m is not None and name in [a.strip() for a in m.group(1).split(",")]

wq_lexed = {}

def wq_file(name):
	if name not in wq_lexed:
		wq_lexed[name] = WqFile(wq_text(name))
	return wq_lexed[name]

WQ_EXPORTS = re.compile(r"\bEXPORT_SYMBOL(_GPL)?\s*\(\s*(flush_work_sync|"
			r"flush_delayed_work_sync|system_nrt_wq|system_nrt_freezable_wq|"
			r"WQ_NON_REENTRANT)\s*\)")

def wq_implements(name):
	"""The file exports the legacy API: the workqueue core, whose own uses
	its deprecation patch converts, not its users."""
	return WQ_EXPORTS.search(wq_text(name)) is not None

def wq_keep(p):
	"""A site unless the name is a local or a macro parameter, the file
	implements the API, or the file does not even lex (an unterminated
	comment: wqcheck lists such a file as not analysed)."""
	if wq_file(p.file).toks is None:
		return False
	if wq_implements(p.file):
		return False
	return wq_key(p) not in wq_shadowed and not wq_macro_parameter(p)

def wq_site(p):
	wq_sites.setdefault(p.file, set()).add((int(p.line), int(p.column)))

def wq_analyse(name):
	"""Group the sites of a file by the multi-line call wqcheck reformats."""
	if name in wq_units:
		return wq_units[name]
	text = wq_text(name)
	lf, units = wq_file(name), {}
	if lf.toks is None:
		wq_units[name] = units
		return units
	found = []
	for (line, col) in sorted(wq_sites.get(name, ())):
		tok = lf.tok_at(lf.offset(line, col))
		if tok < 0:
			continue
		f = wq_finding(lf, tok)
		wq_kinds[(name, (line, col))] = f.kind
		found.append(((line, col), f, lf.toks[tok].start))
	ranges = set()
	for (site, f, at) in found:
		if f.reflow is None or lf.s(f.reflow[0]) in WQ_KEYWORDS:
			continue
		a = lf.toks[f.reflow[0]].start
		b = f.reflow[3] + 1
		# A plain rule would do for a one-line rename, but Coccinelle
		# breaks a long line of code it writes itself (schedule_work(w),
		# or what is left of A | WQ_NON_REENTRANT | B); wqcheck does not.
		deletes = any(e[2] == "" for e in f.edits)
		if "\n" not in text[a:b] and f.kind != "schedule" and not deletes:
			continue
		# A call whose last line the expression goes on from: the next
		# line would lose its indentation (spatch re-indents a line that
		# follows replaced lines), so the unit is the whole expression.
		ea, eb = wq_expression_around(lf, a, b)
		nl = text.find("\n", b)
		if (ea, eb) != (a, b) and 0 <= nl < eb:
			a, b = ea, eb
		ranges.add((a, b))
	# Outermost ranges only; every site inside one belongs to it.
	ranges = [r for r in ranges
		  if not any(o != r and o[0] <= r[0] and r[1] <= o[1] for o in ranges)]
	for (a, b) in ranges:
		units[(a, b)] = [(site, f) for (site, f, at) in found if a <= at < b]
	result = {}
	for (a, b), members in units.items():
		fs = []
		for (site, f) in members:
			g = WqFinding()
			g.edits = [e for e in f.edits if a <= e[0] and e[1] <= b]
			g.reflow = f.reflow
			fs.append(g)
		r = wq_apply(text, fs)
		tail = len(text) - b
		if r[:a] != text[:a] or r[len(r) - tail:] != text[b:]:
			continue
		line = text.count("\n", 0, a) + 1
		col = a - lf.line_start(a)
		key = (line, col)
		if not lf.is_call_start(a, b):
			key = (line, col, text.count("\n", 0, b) + 1, b - lf.line_start(b))
		result[key] = (r[a:len(r) - tail], [s for (s, f) in members])
	wq_units[name] = result
	return result

def wq_is_unit(p):
	return (int(p.line), int(p.column)) in wq_analyse(p.file)

def wq_expr_key(p):
	return (int(p.line), int(p.column), int(p.line_end), int(p.column_end))

def wq_is_expr_unit(p):
	return wq_expr_key(p) in wq_analyse(p.file)

def wq_unit_text(p):
	units = wq_analyse(p.file)
	key = (int(p.line), int(p.column))
	if key not in units:
		key = wq_expr_key(p)
	return units[key][0]

def wq_natural(p, kind):
	"""A site patch mode rewrites with a plain rule: kind is schedule for
	queue_work(system_nrt_wq, w) and its delayed twin, rename otherwise,
	statement for a whole flags |= WQ_NON_REENTRANT;"""
	site = (int(p.line), int(p.column))
	if site not in wq_sites.get(p.file, ()):
		return False
	if any(site in sites for (t, sites) in wq_analyse(p.file).values()):
		return False
	return wq_kinds.get((p.file, site)) == kind
# --- wqfix end ---

// A file defining a function of that name: the workqueue core itself, or an
// unrelated helper that happens to share the name.
// scoped_guard(lock, &l) { ... } (6.1.y backports) parses as an iterator.
@own_flush_work_sync@
iterator name scoped_guard, scoped_cond_guard;
type T;
@@
T flush_work_sync(...) { ... }

@own_flush_delayed_work_sync@
type T;
@@
T flush_delayed_work_sync(...) { ... }

// A local variable or parameter of that name.
@shadow@
local idexpression e;
symbol flush_work_sync, flush_delayed_work_sync;
position p;
@@
(
e@p
&
\(flush_work_sync\|flush_delayed_work_sync\)
)

@script:python@
p << shadow.p;
@@
wq_shadowed.add(wq_key(p[0]))

// Calls, and the functions used as values (.flush = flush_work_sync).
@r1 depends on !own_flush_work_sync@
symbol flush_work_sync;
position p : script:python() { wq_keep(p[0]) };
@@
flush_work_sync@p

@r2 depends on !own_flush_delayed_work_sync@
symbol flush_delayed_work_sync;
position p : script:python() { wq_keep(p[0]) };
@@
flush_delayed_work_sync@p

// ----------------------------------------------------------------------------
// Patch mode.  A call spanning several lines that holds a site is rewritten
// whole, formatted by wq_unit_text() as wqcheck formats it; every other site
// by a plain rename.

@script:python depends on patch@
p << r1.p;
@@
wq_site(p[0])

@script:python depends on patch@
p << r2.p;
@@
wq_site(p[0])

// A call the expression goes on from (`a(...,\n b) +\n c`) is rewritten with
// the whole expression: spatch re-indents a line that follows replaced lines.
// One rule does all the rewriting: after a rule has changed a function,
// later rules see it re-parsed, with positions that no longer name the file.
@depends on patch && (r1 || r2)@
symbol flush_work_sync, flush_delayed_work_sync;
identifier f;
expression list es;
expression X;
position q : script:python() { wq_is_unit(q[0]) };
fresh identifier t = script:python(q) { wq_unit_text(q[0]) };
position qx : script:python() { wq_is_expr_unit(qx[0]) };
fresh identifier tx = script:python(qx) { wq_unit_text(qx[0]) };
position p : script:python() { wq_natural(p[0], "rename") };
@@
(
- X@qx
+ tx
|
- f@q(es)
+ t
|
- flush_work_sync@p
+ flush_work
|
- flush_delayed_work_sync@p
+ flush_delayed_work
)

// ----------------------------------------------------------------------------

@depends on context@
symbol flush_work_sync;
position r1.p;
@@
* flush_work_sync@p

@depends on context@
symbol flush_delayed_work_sync;
position r2.p;
@@
* flush_delayed_work_sync@p

@script:python depends on org@
p << r1.p;
@@
coccilib.org.print_todo(p[0], "flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]")

@script:python depends on org@
p << r2.p;
@@
coccilib.org.print_todo(p[0], "flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]")

@script:python depends on report@
p << r1.p;
@@
coccilib.report.print_report(p[0], "flush_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_work() now waits for the running instance too; use flush_work() [WQ001]")

@script:python depends on report@
p << r2.p;
@@
coccilib.report.print_report(p[0], "flush_delayed_work_sync() is redundant since 3.7: workqueues are non-reentrant and flush_delayed_work() now waits for the running instance too; use flush_delayed_work() [WQ002]")
