"""The mail pieces of the browser journey (tests/e2e/run-browser-tests.sh, mail spec).

relay --port P --imap-port I --account ADDRESS:PASSWORD ...
    An SMTP server (aiosmtpd) standing in for the client's provider: each mail
    is placed by IMAP APPEND in the Dovecot account of every recipient it knows
    (others are dropped). Runs until stopped; prints "ready" once listening.
send --port P --sender A --to B --subject S --body TEXT [--in-reply-to ID]
     [--references IDS]
    Sends one plain-text mail with smtplib (to the desk's receiver) and prints
    the Message-ID it carried.
find --imap-port I --account ADDRESS:PASSWORD --text T [--timeout S]
    Waits until a mail in the account's INBOX holds the text, then prints its
    headers (subject, message_id, in_reply_to, references, from, to) as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import email
import email.policy
import imaplib
import json
import signal
import smtplib
import sys
import time
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any

from aiosmtpd.controller import Controller


def account(value: str) -> tuple[str, str]:
    address, _, password = value.partition(":")
    if not address or not password:
        raise argparse.ArgumentTypeError("an account is ADDRESS:PASSWORD")
    return address.lower(), password


def imap(port: int, address: str, password: str) -> imaplib.IMAP4:
    box = imaplib.IMAP4("127.0.0.1", port, timeout=10)
    box.login(address, password)
    return box


class Deliver:
    """Hands each accepted mail to the IMAP accounts of its known recipients."""

    def __init__(self, imap_port: int, accounts: dict[str, str]) -> None:
        self.imap_port = imap_port
        self.accounts = accounts

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        data = envelope.original_content or envelope.content
        for rcpt in envelope.rcpt_tos:
            password = self.accounts.get(rcpt.lower())
            if password is None:
                continue
            await asyncio.to_thread(self.append, rcpt.lower(), password, data)
        return "250 OK delivered"

    def append(self, address: str, password: str, data: bytes) -> None:
        box = imap(self.imap_port, address, password)
        try:
            box.append("INBOX", None, None, data)
        finally:
            box.logout()


def relay(args: argparse.Namespace) -> None:
    accounts = dict(args.account)
    controller = Controller(
        Deliver(args.imap_port, accounts), hostname="127.0.0.1", port=args.port
    )
    controller.start()
    print("ready", flush=True)
    stop = False

    def end(*_: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, end)
    signal.signal(signal.SIGINT, end)
    try:
        while not stop:
            time.sleep(0.2)
    finally:
        controller.stop()


def send(args: argparse.Namespace) -> None:
    m = EmailMessage()
    m["From"] = args.sender
    m["To"] = args.to
    m["Subject"] = args.subject
    m["Date"] = formatdate(localtime=True)
    domain = args.sender.rpartition("@")[2].strip(">") or "client.test"
    message_id = make_msgid(domain=domain)
    m["Message-ID"] = message_id
    if args.in_reply_to:
        m["In-Reply-To"] = args.in_reply_to
    if args.references:
        m["References"] = args.references
    m.set_content(args.body)
    with smtplib.SMTP("127.0.0.1", args.port, timeout=20) as s:
        s.send_message(m)
    print(message_id)


def headers_of(raw: bytes) -> dict[str, str]:
    m = email.message_from_bytes(raw, policy=email.policy.default)
    return {
        "subject": str(m["Subject"] or ""),
        "message_id": str(m["Message-ID"] or ""),
        "in_reply_to": str(m["In-Reply-To"] or ""),
        "references": str(m["References"] or ""),
        "from": str(m["From"] or ""),
        "to": str(m["To"] or ""),
        "cc": str(m["Cc"] or ""),
        "auto_submitted": str(m["Auto-Submitted"] or ""),
    }


def body_text(raw: bytes) -> str:
    m = email.message_from_bytes(raw, policy=email.policy.default)
    parts = [p for p in m.walk() if p.get_content_maintype() == "text"]
    texts = []
    for part in parts:
        try:
            texts.append(str(part.get_content()))
        except (LookupError, ValueError):
            continue
    return "\n".join(texts)


def find(args: argparse.Namespace) -> None:
    address, password = args.account
    end = time.monotonic() + args.timeout
    while True:
        box = imap(args.imap_port, address, password)
        try:
            box.select("INBOX", readonly=True)
            _, found = box.search(None, "ALL")
            for number in reversed(found[0].split()):
                _, data = box.fetch(number, "(RFC822)")
                raw = next(
                    (bytes(item[1]) for item in data if isinstance(item, tuple)), b""
                )
                subject = headers_of(raw)["subject"]
                if args.text in body_text(raw) or args.text in subject:
                    print(json.dumps(headers_of(raw)))
                    return
        finally:
            box.logout()
        if time.monotonic() > end:
            sys.exit(f"no mail with {args.text!r} reached {address} in time")
        time.sleep(0.5)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    r = commands.add_parser("relay")
    r.add_argument("--port", type=int, required=True)
    r.add_argument("--imap-port", type=int, required=True)
    r.add_argument("--account", type=account, action="append", default=[])
    s = commands.add_parser("send")
    s.add_argument("--port", type=int, required=True)
    s.add_argument("--sender", required=True)
    s.add_argument("--to", required=True)
    s.add_argument("--subject", required=True)
    s.add_argument("--body", required=True)
    s.add_argument("--in-reply-to", default="")
    s.add_argument("--references", default="")
    f = commands.add_parser("find")
    f.add_argument("--imap-port", type=int, required=True)
    f.add_argument("--account", type=account, required=True)
    f.add_argument("--text", required=True)
    f.add_argument("--timeout", type=float, default=30)
    args = parser.parse_args(argv)
    {"relay": relay, "send": send, "find": find}[args.command](args)


if __name__ == "__main__":
    main()
