"""The parser reads the real-world shapes of tests/fixtures/mail without failing."""

from __future__ import annotations

from pathlib import Path

import pytest

from inbound.noise import noise_reason
from inbound.parse import ParsedMail, parse

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "mail"


def mail(name: str) -> ParsedMail:
    return parse((CORPUS / name).read_bytes())


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.eml")), ids=lambda p: p.name)
def test_every_shape_parses(path: Path) -> None:
    parsed = parse(path.read_bytes())
    assert parsed.message_id.startswith("<")
    assert parsed.raw == path.read_bytes()


def test_iso_8859_1_quoted_printable_is_decoded() -> None:
    parsed = mail("latin1-quoted-printable.eml")
    assert parsed.subject == "Drucker druckt nicht über Netzwerk"
    assert parsed.from_name == "Jörg Müller"
    assert "nicht mehr über das Netzwerk. Grüße aus Köln." in parsed.text
    assert parsed.date is not None and parsed.date.hour == 8  # 09:15 +0100 in UTC


def test_base64_utf8_and_cc() -> None:
    parsed = mail("base64-utf8.eml")
    assert parsed.subject == "Serveur très lent"
    assert "très lent depuis la mise à jour" in parsed.text
    assert parsed.to == ["support@demo.localhost"]
    assert parsed.cc == ["manager@client.test"]


def test_multipart_alternative_shows_the_plain_part() -> None:
    parsed = mail("multipart-alternative.eml")
    assert parsed.text == "Outlook keeps asking for my password, every five minutes."
    assert parsed.parts == []


def test_html_only_is_sanitised_to_text() -> None:
    text = mail("html-only.eml").text
    assert "The VPN drops every ten minutes." in text
    assert "Café wifi too & home." in text
    assert "<" not in text and "alert" not in text and "color" not in text


def test_nested_multipart_keeps_the_inline_image_and_attachments() -> None:
    parsed = mail("nested-inline-image.eml")
    assert parsed.text == "See the screenshot: the error appears when I log in."
    names = [(p.name, p.inline) for p in parsed.parts]
    assert names == [
        ("screenshot.png", True),
        ("invoice.pdf", False),
        ("setup.exe", False),
    ]
    assert parsed.parts[0].content.startswith(b"\x89PNG")


def test_winmail_dat_is_an_attachment() -> None:
    parsed = mail("winmail-dat.eml")
    assert [(p.name, p.content_type) for p in parsed.parts] == [
        ("winmail.dat", "application/ms-tnef")
    ]


def test_broken_and_missing_headers_leave_fields_empty() -> None:
    broken = mail("broken-headers.eml")
    assert broken.from_address == ""
    assert broken.date is None
    assert "Café machine broken" in broken.text
    missing = mail("missing-headers.eml")
    assert missing.subject == "" and missing.date is None
    assert missing.message_id.endswith("@ledgerdesk.invalid>")
    assert (
        missing.message_id
        == parse((CORPUS / "missing-headers.eml").read_bytes()).message_id
    )


@pytest.mark.parametrize(
    ("name", "shown", "cut"),
    [
        ("reply-en.eml", "It is still broken after the restart.", "Could you restart"),
        ("reply-nl.eml", "de printer doet het nog steeds niet.", "herstarten"),
        ("reply-de.eml", "es geht immer noch nicht.", "Bitte starten"),
    ],
)
def test_quoted_history_and_signature_are_cut(name: str, shown: str, cut: str) -> None:
    text = mail(name).text
    assert shown in text
    assert cut not in text
    assert "Anna de Vries" not in text and "Grüßen" not in text
    assert "vriendelijke groet" not in text


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("out-of-office.eml", "Auto-Submitted"),
        ("bounce-dsn.eml", "delivery status"),
        ("bulk-newsletter.eml", "Precedence: bulk"),
    ],
)
def test_noise_is_recognised(name: str, reason: str) -> None:
    found = noise_reason(mail(name))
    assert found is not None and reason in found


@pytest.mark.parametrize(
    "name", ["reply-en.eml", "multipart-alternative.eml", "latin1-quoted-printable.eml"]
)
def test_a_person_is_not_noise(name: str) -> None:
    assert noise_reason(mail(name)) is None


def test_thread_ids_come_nearest_first() -> None:
    raw = (
        b"From: a@b.test\r\nIn-Reply-To: <b@x>\r\nReferences: <root@x> <a@x> <b@x>\r\n"
        b"\r\nhi\r\n"
    )
    assert parse(raw).thread_ids == ["<b@x>", "<a@x>", "<root@x>"]
