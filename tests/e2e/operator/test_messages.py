"""Operator replies, internal notes, @mentions, inline images and edits."""

from __future__ import annotations

from domain.use_cases.users import UpdateUser
from tests.e2e.operator.conftest import Desk
from tests.outbox import follow, outbox

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32


def _form(ticket_id: str, message: str, visible: str, **extra: str) -> dict[str, str]:
    return {
        "message": message,
        "is_from_client": "0",
        "visible_to_client": visible,
        "morphable_type": "Ticket",
        "morphable_id": ticket_id,
        **extra,
    }


def test_an_operator_reply_reaches_the_clients_portal_ticket(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    sent = desk.post(
        "/api/messages/store",
        first,
        data=_form(
            ticket_id, "<p onclick='x()'>Fixed it<script>alert(1)</script></p>", "1"
        ),
    )
    assert sent.status_code == 201, sent.text
    reply = sent.json()
    assert reply["message"] == "<p>Fixed it</p>"
    assert reply["actor"]["is_operator"] == 1
    assert reply["recipients"] == [
        {"address": "client@demo.test", "isClient": True, "type": "to"}
    ]
    assert reply["to"] == ["client@demo.test"] and reply["cc"] == []
    seen = desk.get(f"/api/tickets/{ticket_id}", client_a).json()
    assert reply["id"] in [m["id"] for m in seen["messages"]]
    follow(desk.svc)
    [mail] = outbox(desk.svc.engine, "reply")
    assert mail.recipients == ["client@demo.test"]
    assert mail.message["To"] == "client@demo.test"


def test_a_mention_in_a_note_notifies_the_operator_and_stays_internal(
    desk: Desk, first: dict[str, str], second: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    sander = desk.user_id("second@demo.test")
    html = f'<p>Can you look, <span data-mention="{sander}">@Sander Visser</span>?</p>'
    note = desk.post("/api/messages/store", first, data=_form(ticket_id, html, "0"))
    assert note.status_code == 201, note.text
    assert note.json()["mentions"] == [sander]
    assert note.json()["visible_to_client"] is False

    inbox = desk.get("/api/notifications", second).json()
    assert inbox[0]["message_id"] == note.json()["id"]
    assert inbox[0]["morphable_id"] == ticket_id and inbox[0]["kind"] == "mention"
    assert desk.get("/api/notifications", first).json() == []
    read = desk.put(f"/api/notifications/{inbox[0]['id']}/read", second).json()
    assert read["read_at"] is not None
    assert desk.get("/api/notifications", second, params={"unread": True}).json() == []

    by_name = desk.post(
        "/api/messages/store",
        second,
        data=_form(ticket_id, "<p>Thanks @Femke Bakker</p>", "0"),
    )
    assert by_name.json()["mentions"] == [desk.user_id("first@demo.test")]
    assert desk.get("/api/notifications", first).json()[0]["text"].startswith("Sander")

    seen = desk.get(f"/api/tickets/{ticket_id}", client_a).json()
    ids = [m["id"] for m in seen["messages"]]
    assert note.json()["id"] not in ids and by_name.json()["id"] not in ids
    assert all(m["visible_to_client"] for m in seen["messages"])


def test_sending_needs_an_address_on_a_non_template(
    desk: Desk, first: dict[str, str]
) -> None:
    bare = desk.post(
        "/api/tickets/open", first, json={"description": "No client"}
    ).json()
    refused = desk.post("/api/messages/store", first, data=_form(bare["id"], "Hi", "1"))
    assert refused.status_code == 422
    assert "morphable_id" in refused.json()["errors"]
    note = desk.post("/api/messages/store", first, data=_form(bare["id"], "Hi", "0"))
    assert note.status_code == 201
    desk.put(
        f"/api/tickets/{bare['id']}", first, json={"original_email_from": "x@ext.test"}
    )
    sent = desk.post("/api/messages/store", first, data=_form(bare["id"], "Hi", "1"))
    assert sent.status_code == 201, sent.text
    template = desk.post(
        "/api/ticket-templates",
        first,
        json={"description": "T", "original_email_from": "x@ext.test"},
    ).json()
    on_template = desk.post(
        "/api/messages/store", first, data=_form(template["id"], "Hi", "1")
    )
    assert on_template.status_code == 422


def test_sending_needs_messages_store(desk: Desk, first: dict[str, str]) -> None:
    operator_id = desk.user_id("first@demo.test")
    desk.svc.domain.users.update(
        desk.tenant_id(),
        operator_id,
        operator_id,
        UpdateUser(permissions=["tickets.index"]),
    )
    desk.svc.follower.catch_up()
    ticket_id = desk.ticket_of("client@demo.test").id
    answer = desk.post("/api/messages/store", first, data=_form(ticket_id, "Hi", "0"))
    assert answer.status_code == 403


def test_inline_images_attachments_edit_and_delete(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    image = desk.post(
        "/api/attachments",
        first,
        data={"is_embedded": "1"},
        files={"file": ("shot.png", PNG, "image/png")},
    )
    assert image.status_code == 201, image.text
    found = image.json()
    assert found["url"].startswith(f"/api/attachments/{found['id']}/")
    assert desk.client.get(found["url"]).content == PNG
    wrong = desk.post(
        "/api/attachments", first, files={"file": ("x.exe", b"MZ", "application/x")}
    )
    assert wrong.status_code == 422

    posted = desk.post(
        "/api/messages/store",
        first,
        data={
            **_form(ticket_id, f'<p><img src="{found["url"]}" onerror="x()"></p>', "1"),
            "attachment_ids[]": [found["id"]],
            "description": "Screenshot",
        },
        files={"file[0]": ("log.txt", b"log line", "text/plain")},
    )
    assert posted.status_code == 201, posted.text
    message = posted.json()
    assert "onerror" not in message["message"]
    assert {a["name"] for a in message["attachments"]} == {"shot.png", "log.txt"}

    changed = desk.put(
        f"/api/messages/{message['id']}", first, json={"visible_to_client": False}
    )
    assert changed.status_code == 200, changed.text
    assert changed.json()["visible_to_client"] is False
    assert changed.json()["message"] == message["message"]
    hidden = desk.get(f"/api/tickets/{ticket_id}", client_a).json()
    assert message["id"] not in [m["id"] for m in hidden["messages"]]
    text = desk.put(
        f"/api/messages/{message['id']}",
        first,
        json={"message": "<b>new</b><script>x</script>"},
    )
    assert text.json()["message"] == "<b>new</b>"

    removed = desk.delete(f"/api/messages/{message['id']}", first)
    assert removed.json() == {"message": "Item verwijderd."}
    assert desk.get(f"/api/messages/{message['id']}", first).status_code == 404
    assert desk.delete(f"/api/messages/{message['id']}", first).status_code == 404


def test_messages_on_assets_and_unknown_types(
    desk: Desk, first: dict[str, str]
) -> None:
    from projections import tables as t

    asset = desk.rows(t.assets, tenant_id=desk.tenant_id())[0]
    note = desk.post(
        "/api/messages/store",
        first,
        data={**_form(asset.id, "Checked", "0"), "morphable_type": "Asset"},
    )
    assert note.status_code == 201, note.text
    company = desk.post(
        "/api/messages/store",
        first,
        data={**_form(asset.id, "x", "0"), "morphable_type": "Company"},
    )
    assert company.status_code == 422
    assert (
        desk.post("/api/messages/store", first, data={"message": "x"}).status_code
        == 422
    )


def test_one_message_endpoint_serves_both_audiences(
    desk: Desk, first: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    for path in ("/api/messages", "/api/messages/store"):
        note = desk.post(path, first, data=_form(ticket_id, "<p>internal</p>", "0"))
        assert note.status_code == 201, note.text
        assert note.json()["visible_to_client"] is False
        assert note.json()["format"] == "html" and "mentions" in note.json()
    reply = desk.post(
        "/api/messages", client_a, data={"message": "a<b", "morphable_id": ticket_id}
    )
    assert reply.status_code == 201, reply.text
    assert reply.json()["message"] == "a<b" and reply.json()["format"] == "text"
    assert "mentions" not in reply.json()
    # the operator editor's path stays closed to clients
    closed = desk.post(
        "/api/messages/store",
        client_a,
        data={"message": "x", "morphable_id": ticket_id},
    )
    assert closed.status_code == 403
    # a client never makes an internal note, nor sets what only operators set
    for field, value in (
        ("visible_to_client", "0"),
        ("is_from_client", "0"),
        ("cc", "boss@example.com"),
        ("action", "2"),
    ):
        refused = desk.post(
            "/api/messages",
            client_a,
            data={"message": "x", "morphable_id": ticket_id, field: value},
        )
        assert refused.status_code == 422, field
        assert field in refused.json()["errors"]
    seen = desk.get(f"/api/tickets/{ticket_id}", client_a).json()["messages"]
    assert "<p>internal</p>" not in [m["message"] for m in seen]
    note_id = note.json()["id"]
    assert desk.get(f"/api/messages/{note_id}", client_a).status_code == 403


def test_a_reply_goes_to_cc_and_bcc_and_a_note_to_nobody(
    desk: Desk, first: dict[str, str]
) -> None:
    ticket_id = desk.ticket_of("client@demo.test").id
    sent = desk.post(
        "/api/messages",
        first,
        data={
            **_form(ticket_id, "<p>Done</p>", "1"),
            "cc": "Boss@Example.com, it@example.com",
            "bcc[]": "audit@example.com",
        },
    )
    assert sent.status_code == 201, sent.text
    reply = sent.json()
    assert reply["to"] == ["client@demo.test"]
    assert reply["cc"] == ["boss@example.com", "it@example.com"]
    assert reply["bcc"] == ["audit@example.com"]
    follow(desk.svc)
    [mail] = outbox(desk.svc.engine, "reply")
    assert mail.recipients == [
        "client@demo.test",
        "boss@example.com",
        "it@example.com",
        "audit@example.com",
    ]
    assert mail.message["Cc"] == "boss@example.com, it@example.com"
    assert mail.message["Bcc"] is None
    shown = desk.get(f"/api/tickets/{ticket_id}/edit", first).json()["messages"]
    assert [m for m in shown if m["id"] == reply["id"]][0]["cc"] == reply["cc"]
    bad = desk.post(
        "/api/messages", first, data={**_form(ticket_id, "x", "1"), "to": "nobody"}
    )
    assert bad.status_code == 422 and "to" in bad.json()["errors"]
    note = desk.post(
        "/api/messages",
        first,
        data={**_form(ticket_id, "x", "0"), "cc": "boss@example.com"},
    )
    assert note.status_code == 422 and "cc" in note.json()["errors"]
