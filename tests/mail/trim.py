#!/usr/bin/env python3
"""Writes mails of a public-inbox archive (one commit a mail, the file m) as
an mbox with only the headers check-patch reads, for tests/mail/.

    trim.py INBOX-GIT-DIR COMMIT... > OUT.mbox

The bodies are kept as sent (their encoding too)."""
import subprocess
import sys

KEEP = ("from", "subject", "date", "message-id", "in-reply-to", "references",
        "mime-version", "content-type", "content-transfer-encoding")


def trim(mail):
    head, _, body = mail.partition(b"\n\n")
    out, keep = [], False
    for line in head.split(b"\n"):
        if line[:1] in (b" ", b"\t"):
            if keep:
                out.append(line)
            continue
        name = line.split(b":", 1)[0].strip().lower().decode("ascii", "replace")
        keep = name in KEEP
        if keep:
            out.append(line)
    return b"\n".join(out) + b"\n\n" + body


def main():
    git_dir, commits = sys.argv[1], sys.argv[2:]
    for c in commits:
        mail = subprocess.run(["git", "--git-dir", git_dir, "show", c + ":m"],
                              check=True, capture_output=True).stdout
        sys.stdout.buffer.write(b"From mboxrd@z Thu Jan  1 00:00:00 1970\n")
        sys.stdout.buffer.write(trim(mail).rstrip(b"\n") + b"\n\n")


main()
