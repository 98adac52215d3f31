"""Mail that must never open a ticket nor be answered: loops and noise.

RFC 3834 `Auto-Submitted` (anything but "no"), the vendor flags `X-Autoreply`,
`X-Autorespond` and `X-Auto-Response-Suppress: All|OOF|AutoReply`,
`Precedence: bulk|junk|list`, mailing-list mail (`List-Id`, `List-Unsubscribe`),
delivery status notifications (`multipart/report`, `message/delivery-status`)
and mail from a mailer daemon or postmaster, or with an empty return path.
"""

from __future__ import annotations

from inbound.parse import ParsedMail

DAEMONS = ("mailer-daemon@", "postmaster@", "noreply-dmarc", "mail-daemon@")


def noise_reason(mail: ParsedMail) -> str | None:
    """Why the mail is noise, or None when a person wrote it."""
    headers = mail.headers
    auto = headers.get("auto-submitted", "").strip().lower()
    if auto and not auto.startswith("no"):
        return f"Auto-Submitted: {auto}"
    for name in ("x-autoreply", "x-autorespond"):
        if headers.get(name):
            return f"{name}: {headers[name]}"
    suppress = headers.get("x-auto-response-suppress", "").lower()
    if any(word in suppress for word in ("all", "oof", "autoreply")):
        return f"X-Auto-Response-Suppress: {suppress}"
    precedence = headers.get("precedence", "").strip().lower()
    if precedence in ("bulk", "junk", "list", "auto_reply"):
        return f"Precedence: {precedence}"
    if headers.get("list-id") or headers.get("list-unsubscribe"):
        return "mailing list"
    if mail.report or headers.get("x-failed-recipients"):
        return "delivery status notification"
    sender = mail.from_address
    if not sender:
        return "no sender"
    if sender.startswith(DAEMONS):
        return f"mailer daemon {sender}"
    if headers.get("return-path", "").strip() == "<>":
        return "empty return path"
    return None
