"""A raw mail made readable: its addresses, threading ids, shown text and files.

Any charset and transfer encoding is decoded by the standard library's parser
(a charset it does not know is read as Latin-1 rather than refused); headers
that are missing or broken leave their field empty instead of failing the mail.
HTML is sanitised by nh3 down to text; quoted history and signatures are cut
from the shown text by mail-parser-reply (with the Dutch and German wrote-lines
Gmail writes, which it misses).
"""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage, Message
from email.utils import getaddresses, parseaddr, parsedate_to_datetime
from typing import Any

import nh3
from mailparser_reply import EmailReplyParser

REPLY_PARSER = EmailReplyParser(languages=["nl", "de", "en"])
WROTE_LINE = re.compile(
    r"^\s*(?:Op|On|Am|Le|El)\s.{4,200}?\s(?:schreef|wrote|schrieb|a écrit|escribió)"
    r"[^\n]{0,200}:\s*$",
    re.MULTILINE | re.IGNORECASE,
)
"""The line a mail client writes above quoted history, in nl, en, de, fr and es."""
OUTLOOK_SEPARATOR = re.compile(
    r"^\s*(?:-{2,}\s*(?:Original Message|Oorspronkelijk bericht|Ursprüngliche "
    r"Nachricht)\s*-{2,}|_{10,})\s*$",
    re.MULTILINE | re.IGNORECASE,
)
BLOCK_END = re.compile(r"<\s*(?:br|/p|/div|/li|/tr|/h\d)\s*/?>", re.IGNORECASE)
TNEF_TYPES = frozenset({"application/ms-tnef", "application/vnd.ms-tnef"})


@dataclass(frozen=True)
class Part:
    """A file that came with the mail: an attachment or an inline image."""

    name: str
    content_type: str
    content: bytes
    inline: bool = False


@dataclass(frozen=True)
class ParsedMail:
    """What the intake needs of one mail."""

    raw: bytes
    message_id: str
    subject: str
    from_address: str
    from_name: str
    to: list[str]
    cc: list[str]
    date: datetime | None
    in_reply_to: list[str]
    references: list[str]
    text: str
    parts: list[Part] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    content_type: str = "text/plain"
    report: bool = False

    @property
    def thread_ids(self) -> list[str]:
        """The Message-IDs it answers, the nearest first."""
        seen: list[str] = []
        for found in [*self.in_reply_to, *reversed(self.references)]:
            if found not in seen:
                seen.append(found)
        return seen


def _header(message: Message, name: str) -> str:
    """A header as text; a broken one reads as empty, never as an error."""
    try:
        value = message.get(name)
    except Exception:  # noqa: BLE001 - the parser's defects, of any kind
        return ""
    if value is None:
        return ""
    try:
        return " ".join(str(value).split())
    except Exception:  # noqa: BLE001
        return ""


def _addresses(message: Message, name: str) -> list[str]:
    values = []
    try:
        values = [str(v) for v in message.get_all(name, [])]
    except Exception:  # noqa: BLE001
        return []
    found = []
    for _, address in getaddresses(values):
        address = address.strip().lower()
        if "@" in address and address not in found:
            found.append(address)
    return found


def message_ids(value: str) -> list[str]:
    """The <ids> a Message-ID, In-Reply-To or References header names."""
    return re.findall(r"<[^<>\s]{1,900}>", value)


def _date(message: Message) -> datetime | None:
    value = _header(message, "Date")
    if not value:
        return None
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def _decoded(part: Message) -> str:
    """A text part's content in any charset; an unknown charset reads as Latin-1."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return str(part.get_payload() or "")
    charset = part.get_content_charset() or "us-ascii"
    try:
        return payload.decode(charset)
    except (LookupError, UnicodeDecodeError):
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            return payload.decode("latin-1")


def html_to_text(markup: str) -> str:
    """HTML sanitised by nh3 to no tags at all, its blocks kept as lines."""
    markup = re.sub(r"(?is)<(script|style|head)\b.*?</\1\s*>", " ", markup)
    markup = BLOCK_END.sub("\n", markup)
    cleaned = nh3.clean(markup, tags=set(), strip_comments=True)
    lines = [" ".join(html.unescape(line).split()) for line in cleaned.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def shown_text(text: str) -> str:
    """The new words of a reply: quoted history and the signature cut."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for pattern in (WROTE_LINE, OUTLOOK_SEPARATOR):
        found = pattern.search(text)
        if found and text[: found.start()].strip():
            text = text[: found.start()]
    try:
        mail = REPLY_PARSER.read(text)
        body = mail.replies[0].body if mail.replies else text
    except Exception:  # noqa: BLE001 - a pathological text keeps all of it
        body = text
    lines = body.rstrip().splitlines()
    while lines and lines[-1].lstrip().startswith(">"):
        lines.pop()
    shown = "\n".join(lines).strip()
    return shown or text.strip()


def _file_name(part: Message, index: int) -> str:
    try:
        name = part.get_filename()
    except Exception:  # noqa: BLE001
        name = None
    content_type = part.get_content_type()
    if content_type in TNEF_TYPES:
        return name or "winmail.dat"
    if name:
        return str(name)
    extension = {
        "image/png": "png",
        "image/jpeg": "jpg",
        "image/gif": "gif",
        "application/pdf": "pdf",
        "text/plain": "txt",
        "message/rfc822": "eml",
    }.get(content_type, "bin")
    return f"part-{index}.{extension}"


def _walk(message: Message) -> tuple[str | None, str | None, list[Part], bool]:
    """The first plain and HTML bodies, the files, and whether it is a report."""
    plain: str | None = None
    markup: str | None = None
    parts: list[Part] = []
    report = message.get_content_type() == "multipart/report"
    for index, part in enumerate(message.walk()):
        content_type = part.get_content_type()
        if content_type == "multipart/report":
            report = True
        if part.is_multipart():
            continue
        disposition = (part.get_content_disposition() or "").lower()
        is_body = disposition != "attachment" and content_type in (
            "text/plain",
            "text/html",
        )
        if is_body and content_type == "text/plain" and plain is None:
            plain = _decoded(part)
            continue
        if is_body and content_type == "text/html" and markup is None:
            markup = _decoded(part)
            continue
        if content_type == "message/delivery-status":
            report = True
        payload = part.get_payload(decode=True)
        if content_type == "message/rfc822" and not isinstance(payload, bytes):
            inner = part.get_payload()
            first = inner[0] if isinstance(inner, list) and inner else None
            payload = first.as_bytes() if isinstance(first, Message) else b""
        if not isinstance(payload, bytes) or not payload:
            continue
        parts.append(
            Part(
                name=_file_name(part, index),
                content_type=content_type,
                content=payload,
                inline=disposition == "inline" or bool(part.get("Content-ID")),
            )
        )
    return plain, markup, parts, report


def parse(raw: bytes) -> ParsedMail:
    """Parse a mail as received; never fails on a malformed one."""
    message: Any = message_from_bytes(raw, policy=policy.compat32)
    if not isinstance(message, Message):  # pragma: no cover - always a Message
        message = EmailMessage()
    plain, markup, parts, report = _walk(message)
    if plain is not None and plain.strip():
        text = plain
    elif markup is not None:
        text = html_to_text(markup)
    else:
        text = plain or ""
    from_name, from_address = parseaddr(_header(message, "From"))
    subject = _decoded_header(_header_raw(message, "Subject"))
    own_id = message_ids(_header(message, "Message-ID"))
    headers = {
        name.lower(): _header(message, name)
        for name in (
            "Auto-Submitted",
            "X-Autoreply",
            "X-Autorespond",
            "X-Auto-Response-Suppress",
            "Precedence",
            "List-Id",
            "List-Unsubscribe",
            "Return-Path",
            "X-Failed-Recipients",
            "Delivered-To",
        )
        if _header(message, name)
    }
    return ParsedMail(
        raw=raw,
        message_id=own_id[0] if own_id else derived_message_id(raw),
        subject=subject[:250],
        from_address=from_address.strip().lower() if "@" in from_address else "",
        from_name=_decoded_header(from_name)[:200],
        to=_addresses(message, "To"),
        cc=_addresses(message, "Cc"),
        date=_date(message),
        in_reply_to=message_ids(_header(message, "In-Reply-To")),
        references=message_ids(_header(message, "References")),
        text=shown_text(text),
        parts=parts,
        headers=headers,
        content_type=message.get_content_type(),
        report=report,
    )


def _header_raw(message: Message, name: str) -> str:
    try:
        value = message.get(name)
    except Exception:  # noqa: BLE001
        return ""
    return "" if value is None else str(value)


def _decoded_header(value: str) -> str:
    """An RFC 2047 encoded header as text; a broken encoding stays as written."""
    from email.header import decode_header, make_header

    try:
        return " ".join(str(make_header(decode_header(value))).split())
    except (LookupError, UnicodeDecodeError, ValueError, TypeError):
        return " ".join(value.split())


def derived_message_id(raw: bytes) -> str:
    """The id of a mail that has none: its content's hash, the same every time."""
    return f"<sha256-{hashlib.sha256(raw).hexdigest()[:40]}@ledgerdesk.invalid>"
