"""Turning one letter (kind, recipients, names) into a MIME message.

HTML with a plain-text part, in the recipient's language, from the built-in
texts or the tenant's own (config `mail.template.<kind>.<language>` or
`mail.template.<kind>`: an object with any of subject, greeting, lines, button,
rendered in a sandbox). Threading headers follow RFC 5322: a Message-ID per
mail, In-Reply-To and References to what it answers and to the ticket's root.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from jinja2.sandbox import SandboxedEnvironment

from outbound.mail_texts import LANGUAGES, TEXTS

TEMPLATES = Path(__file__).resolve().parent / "templates" / "mail"


@dataclass(frozen=True)
class Letter:
    """One mail to compose: who gets it, in which language, with which names."""

    kind: str
    tenant_id: str
    subdomain: str
    tenant_name: str
    language: str
    to: list[str]
    cc: list[str] = field(default_factory=list)
    bcc: list[str] = field(default_factory=list)
    names: dict[str, Any] = field(default_factory=dict)
    message_html: str | None = None
    link: str | None = None
    ticket_id: str | None = None
    in_reply_to: str | None = None
    references: list[str] = field(default_factory=list)
    automatic: bool = True
    overrides: dict[str, Any] = field(default_factory=dict)
    """The tenant's configs; `mail.template.*` ones replace the built-in texts."""
    attachments: tuple[tuple[str, str, bytes], ...] = ()
    """Files sent along: name, content type, content."""

    @property
    def recipients(self) -> list[str]:
        """Every envelope recipient: to, cc and bcc, each once."""
        return list(dict.fromkeys([*self.to, *self.cc, *self.bcc]))


def message_id(kind: str, key: str, subdomain: str, domain: str) -> str:
    """`<{kind}-{key}@{subdomain}.{domain}>`: stable, and names its tenant."""
    return f"<{kind.replace('_', '-')}-{key}@{subdomain}.{domain}>"


def thread_root(ticket_id: str, subdomain: str, domain: str) -> str:
    """The Message-ID every mail about the ticket refers to."""
    return f"<ticket-{ticket_id}@{subdomain}.{domain}>"


@cache
def _layout() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
    )


@cache
def _sandbox() -> SandboxedEnvironment:
    # the words are text: the HTML layout escapes them where they are placed
    return SandboxedEnvironment(autoescape=False)


def _texts(letter: Letter) -> dict[str, Any]:
    language = letter.language if letter.language in LANGUAGES else "en"
    texts: dict[str, Any] = dict(TEXTS[letter.kind][language])
    for name in (
        f"mail.template.{letter.kind}",
        f"mail.template.{letter.kind}.{language}",
    ):
        own = letter.overrides.get(name)
        if isinstance(own, dict):
            texts.update(
                {
                    k: v
                    for k, v in own.items()
                    if k in texts and isinstance(v, str | list)
                }
            )
    names = {"tenant": letter.tenant_name, **letter.names}
    sandbox = _sandbox()

    def fill(source: str) -> str:
        return sandbox.from_string(str(source)).render(**names)

    lines = texts["lines"] if isinstance(texts["lines"], list) else [texts["lines"]]
    return {
        "language": language,
        "subject": " ".join(fill(texts["subject"]).split()),
        "greeting": fill(texts["greeting"]),
        # a line whose words depend on a name may come out empty: left out
        "lines": [text for text in map(fill, lines) if text.strip()],
        "button": fill(texts["button"]),
    }


class _Text(HTMLParser):
    """The readable text of sanitised HTML: paragraphs and line breaks kept."""

    BREAKS = {"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "blockquote"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in self.BREAKS:
            self.parts.append("\n")
        if tag == "li":
            self.parts.append("- ")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.BREAKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def html_to_text(html: str) -> str:
    """Plain text for the text/plain part of an HTML message."""
    parser = _Text()
    parser.feed(html or "")
    parser.close()
    lines = [" ".join(line.split()) for line in "".join(parser.parts).splitlines()]
    text = "\n".join(lines)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.strip()


def compose(
    letter: Letter, sender: str, mail_id: str, now: datetime | None = None
) -> EmailMessage:
    """The MIME message of a letter: headers, a text part and an HTML part."""
    words = _texts(letter)
    context = {
        **words,
        "tenant": letter.tenant_name,
        "link": letter.link,
        "message_html": letter.message_html,
        "message_text": html_to_text(letter.message_html or ""),
    }
    layout = _layout()
    message = EmailMessage()
    message["From"] = formataddr((letter.tenant_name, sender))
    message["To"] = ", ".join(letter.to)
    if letter.cc:
        message["Cc"] = ", ".join(letter.cc)
    message["Subject"] = words["subject"]
    message["Date"] = format_datetime(now or datetime.now(UTC))
    message["Message-ID"] = mail_id
    if letter.in_reply_to:
        message["In-Reply-To"] = letter.in_reply_to
    if letter.references:
        message["References"] = " ".join(dict.fromkeys(letter.references))
    if letter.automatic:
        # RFC 3834: automatic mail, so auto-responders stay silent
        message["Auto-Submitted"] = "auto-generated"
    message.set_content(layout.get_template("layout.txt").render(**context))
    message.add_alternative(
        layout.get_template("layout.html").render(**context), subtype="html"
    )
    for name, content_type, content in letter.attachments:
        maintype, _, subtype = content_type.partition("/")
        if not subtype:
            maintype, subtype = "application", "octet-stream"
        message.add_attachment(
            content, maintype=maintype, subtype=subtype, filename=name
        )
    # after the parts are made: the multipart itself names the language
    message["Content-Language"] = words["language"]
    return message
