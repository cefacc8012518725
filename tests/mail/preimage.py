#!/usr/bin/env python3
"""Builds, in TREE, the pre-image of every file the patches of MBOX... touch,
from the patches themselves: each hunk's context and removed lines at the
line its header names, the lines between them empty. git apply then finds
each hunk where the sender's tree had it, and the scan sees the lines the
patch reads; no kernel source file is kept for it. A file the hunks of
two mails disagree on keeps the first mail's lines.

    preimage.py TREE MBOX..."""
import email
import email.policy
import mailbox
import os
import re
import sys

HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@")


def hunks_of(text):
    """(path, {line: text}) for each file of a diff."""
    files, path, lines, old = {}, None, None, 0
    for line in text.split("\n"):
        if line.startswith("--- "):
            name = line[4:].split("\t")[0]
            path = None if name == "/dev/null" else name[2:] if name[:2] == "a/" else name
            lines = files.setdefault(path, {}) if path else None
            continue
        m = HUNK.match(line)
        if m and lines is not None:
            old = int(m.group(1))
            continue
        if lines is None or not line[:1] in (" ", "-", ""):
            continue
        if line.startswith("---"):
            continue
        lines.setdefault(old, line[1:])
        old += 1
    return files


def body(msg):
    part = msg.get_body(preferencelist=("plain",)) if msg.is_multipart() else msg
    return part.get_content() if part else ""


def main():
    tree, mboxes = sys.argv[1], sys.argv[2:]
    files = {}
    for path in mboxes:
        for msg in mailbox.mbox(path, factory=lambda f: email.message_from_binary_file(
                f, policy=email.policy.default)):
            subject = str(msg.get("Subject", ""))
            if re.match(r"(?i)\s*(re|aw):", subject):
                continue
            for name, lines in hunks_of(body(msg)).items():
                have = files.setdefault(name, {})
                for n, t in lines.items():
                    have.setdefault(n, t)
    for name, lines in files.items():
        out = os.path.join(tree, name)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        last = max(lines) if lines else 0
        with open(out, "w") as f:
            f.write("".join(lines.get(i, "") + "\n" for i in range(1, last + 1)))


main()
