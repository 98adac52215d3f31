"""GET /api/search and the tickets list's builder[s] through the search index.

A word only in an internal note, another company's ticket and another tenant:
a portal client finds none of them, on both databases.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

import pytest

import api.query.search
from api.query.compile import Scope
from tests.e2e.api.conftest import OTHER, Portal
from tests.support.statements import statements


def _post(
    portal: Portal,
    headers: dict[str, str],
    ticket_id: str,
    text: str,
    visible: bool = True,
    **files: Any,
) -> dict[str, Any]:
    answer = portal.post(
        "/api/messages",
        headers,
        data={
            "message": text,
            "morphable_type": "Ticket",
            "morphable_id": ticket_id,
            "visible_to_client": "1" if visible else "0",
            "is_from_client": "1" if headers.get("client") else "0",
        },
        **files,
    )
    assert answer.status_code == 201, answer.text
    return answer.json()  # type: ignore[no-any-return]


def _search(portal: Portal, headers: dict[str, str], q: str, **params: Any) -> Any:
    answer = portal.get("/api/search", headers, params={"q": q, **params})
    assert answer.status_code == 200, answer.text
    return answer.json()


def _results(body: dict[str, Any], kind: str | None = None) -> list[dict[str, Any]]:
    return [
        result
        for group in body["groups"]
        if kind is None or group["kind"] == kind
        for result in group["results"]
    ]


def _ticket_of(portal: Portal, headers: dict[str, str]) -> dict[str, Any]:
    return portal.get("/api/tickets", headers).json()["data"][0]  # type: ignore[no-any-return]


def test_an_internal_note_is_found_by_operators_never_by_clients(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket_of(portal, client_a)
    note = _post(
        portal,
        operator,
        ticket["id"],
        "Zebrafinch credentials are in the vault",
        visible=False,
    )
    found = _results(_search(portal, operator, "zebrafinch"), "message")
    assert [r["message_id"] for r in found] == [note["id"]]
    assert found[0]["ticket_id"] == ticket["id"]
    assert found[0]["url"] == f"/tickets/{ticket['id']}#message-{note['id']}"
    assert "<mark>Zebrafinch</mark>" in found[0]["snippet"]
    assert _search(portal, client_a, "zebrafinch")["groups"] == []
    # nor through the list's search: the ticket is not found by its note
    listed = portal.get("/api/tickets", client_a, params={"builder[s]": "zebrafinch"})
    assert listed.json()["total"] == 0
    by_operator = portal.get(
        "/api/tickets", operator, params={"builder[s]": "zebrafinch"}
    ).json()
    assert [row["id"] for row in by_operator["data"]] == [ticket["id"]]
    assert by_operator["total"] == 1 and by_operator["total_is_estimate"] is False


def test_words_are_stemmed_and_the_last_one_matches_as_typed(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket_of(portal, client_a)
    reply = _post(
        portal,
        operator,
        ticket["id"],
        "We replaced the toner cartridges of the plotters",
    )
    for q in (
        "cartridge",
        "cartr",
        "replacing toner",
        '"toner cartridges"',
        "plotter OR xyzzy",
    ):
        found = _results(_search(portal, client_a, q), "message")
        assert reply["id"] in [r["message_id"] for r in found], q
    for q in ("cartridge -plotters", '"cartridges toner"', "cartridge xyzzy"):
        found = _results(_search(portal, client_a, q), "message")
        assert reply["id"] not in [r["message_id"] for r in found], q


def test_a_client_finds_nothing_of_another_company_or_tenant(
    portal: Portal,
    operator: dict[str, str],
    client_a: dict[str, str],
    client_b: dict[str, str],
) -> None:
    theirs = _ticket_of(portal, client_b)
    _post(portal, operator, theirs["id"], "The quasar appliance was rebooted")
    assert _results(_search(portal, client_b, "quasar"), "message")
    assert _search(portal, client_a, "quasar")["groups"] == []
    assert (
        portal.get("/api/tickets", client_a, params={"builder[s]": "quasar"}).json()[
            "total"
        ]
        == 0
    )
    elsewhere = portal.login("first@other.test", host=OTHER)
    assert _search(portal, elsewhere, "quasar")["groups"] == []


def test_a_snippet_is_escaped_but_its_hits(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket_of(portal, client_a)
    _post(
        portal,
        operator,
        ticket["id"],
        "Typed <script>alert(1)</script> near the marmoset",
    )
    snippet = _results(_search(portal, operator, "marmoset"), "message")[0]["snippet"]
    assert "<script>" not in snippet
    assert "<mark>marmoset</mark>" in snippet
    assert snippet.replace("<mark>", "").replace("</mark>", "").count("<") == 0


def test_records_are_found_by_kind_and_a_client_sees_only_its_lists(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    everything = _search(portal, operator, "printer", limit=50)
    kinds = [group["kind"] for group in everything["groups"]]
    assert "ticket" in kinds and "asset" in kinds
    assets = _search(portal, operator, "printer", types="asset")
    assert [group["kind"] for group in assets["groups"]] == ["asset"]
    for result in _results(assets):
        assert result["url"] == f"/assets/{result['id']}"
    companies = _search(portal, operator, "northwind", types="company")
    assert _results(companies, "company")
    assert _search(portal, client_a, "northwind", types="company")["groups"] == []


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({}, "q"),
        ({"q": "a"}, "q"),
        ({"q": " a "}, "q"),
        ({"q": "printer", "types": "ticket,secrets"}, "types"),
        ({"q": "printer", "limit": "0"}, "limit"),
        ({"q": "printer", "limit": "many"}, "limit"),
    ],
)
def test_bad_input_is_a_422_naming_the_field(
    portal: Portal, operator: dict[str, str], params: dict[str, str], field: str
) -> None:
    answer = portal.get("/api/search", operator, params=params)
    assert answer.status_code == 422, answer.text
    assert field in str(answer.json()["errors"])


@pytest.mark.parametrize(
    "q",
    ['""', '"x', "--", "OR OR", "a:*", "(((", "!'&|", "\\\\", "%_%", "é ü", "x" * 200],
)
def test_odd_text_never_fails(portal: Portal, client_a: dict[str, str], q: str) -> None:
    assert portal.get("/api/search", client_a, params={"q": q}).status_code == 200
    listed = portal.get("/api/tickets", client_a, params={"builder[s]": q})
    assert listed.status_code == 200


def test_a_deleted_ticket_is_not_found(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket_of(portal, client_a)
    _post(portal, operator, ticket["id"], "The okapi router was replaced")
    assert _results(_search(portal, operator, "okapi"))
    answer = portal.client.delete(f"/api/tickets/{ticket['id']}", headers=operator)
    assert answer.status_code in (200, 204), answer.text
    assert _search(portal, operator, "okapi")["groups"] == []


def test_attachment_names_are_found(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket_of(portal, client_a)
    _post(
        portal,
        {**client_a, "client": "1"},
        ticket["id"],
        "Log attached",
        files=[("file[0]", ("wombat-crash.txt", b"error 42", "text/plain"))],
    )
    found = _results(_search(portal, client_a, "wombat"), "message")
    assert found and "wombat" in found[0]["snippet"].lower()


def test_a_second_files_names_are_read_without_a_savepoint(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    """Whether the attachments table is there is learnt once (in a savepoint,
    which a database without it needs); later messages' names take one read."""
    ticket = _ticket_of(portal, client_a)
    client = {**client_a, "client": "1"}
    _post(
        portal,
        client,
        ticket["id"],
        "First log",
        files=[("file[0]", ("numbat-first.txt", b"1", "text/plain"))],
    )
    with statements(portal.svc.engine) as sent:
        _post(
            portal,
            client,
            ticket["id"],
            "Second log",
            files=[("file[0]", ("quokka-second.txt", b"2", "text/plain"))],
        )
    reads = [s for s in sent if "api_attachments" in s and "SELECT" in s.upper()]
    assert reads, sent
    assert not [s for s in sent if "SAVEPOINT" in s.upper()]
    for word in ("numbat", "quokka"):
        assert _results(_search(portal, client_a, word), "message"), word


def test_a_page_longer_than_the_ranking_window_is_filled(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket_of(portal, client_a)
    posted = [
        _post(portal, operator, ticket["id"], f"The zeppelin report, part {n}")["id"]
        for n in range(3)
    ]
    with patch.object(api.query.search, "CANDIDATES", 1):
        found = _results(_search(portal, operator, "zeppelin", limit=3), "message")
    assert sorted(r["message_id"] for r in found) == sorted(posted)


def test_equal_scores_are_ranked_newest_first_as_the_pages_are(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket_of(portal, client_a)
    posted = [
        _post(portal, operator, ticket["id"], "The axolotl report")["id"]
        for _ in range(3)
    ]
    grouped = _results(_search(portal, operator, "axolotl", limit=3), "message")
    assert [r["message_id"] for r in grouped] == posted[::-1]
    paged = [
        _results(
            _search(portal, operator, "axolotl", types="message", page=n, per_page=1)
        )[0]["message_id"]
        for n in (1, 2, 3)
    ]
    assert paged == posted[::-1]


def test_matches_older_than_the_walked_documents_are_found(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    ticket = _ticket_of(portal, client_a)
    posted = [
        _post(portal, operator, ticket["id"], f"The capybara report, part {n}")["id"]
        for n in range(3)
    ]
    for n in range(3):
        _post(portal, operator, ticket["id"], f"Nothing to see, part {n}")
    with patch.object(api.query.search, "WALK", 2):
        found = _results(_search(portal, operator, "capybara", limit=5), "message")
        client = _results(_search(portal, client_a, "capybara", limit=5), "message")
    assert [r["message_id"] for r in found] == posted[::-1]
    assert [r["message_id"] for r in client] == posted[::-1]


def test_three_letters_of_a_word_only_in_an_old_reply_find_it_first(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    # the measure of done: a word that appears in one reply, older than
    # every document the walk reads, typed as its first three letters
    ticket = _ticket_of(portal, client_a)
    old = _post(portal, operator, ticket["id"], "The xylograph in the hall is loose")
    for n in range(4):
        _post(portal, operator, ticket["id"], f"Checked the hall again, part {n}")
    with patch.object(api.query.search, "WALK", 2):
        for who in (operator, client_a):
            found = _results(_search(portal, who, "xyl"), "message")
            assert found and found[0]["message_id"] == old["id"]


def test_a_page_found_in_the_walked_documents_is_ranked_among_them(
    portal: Portal, operator: dict[str, str], client_a: dict[str, str]
) -> None:
    if portal.svc.engine.dialect.name != "postgresql":
        pytest.skip("the walk is PostgreSQL's; FTS5 ranks every match")
    ticket = _ticket_of(portal, client_a)
    older = _post(portal, operator, ticket["id"], "Quokka quokka quokka quokka")
    recent = [
        _post(portal, operator, ticket["id"], f"One quokka, part {n}")["id"]
        for n in range(2)
    ]
    with patch.object(api.query.search, "WALK", 2):
        walked = _results(_search(portal, operator, "quokka", limit=2), "message")
        beyond = _results(_search(portal, operator, "quokka", limit=3), "message")
    # two recent matches fill a page of two: the older, better one is not read
    assert [r["message_id"] for r in walked] == recent[::-1]
    # a page of three is not filled by the walk: every match is read and ranked
    assert beyond[0]["message_id"] == older["id"]


def test_a_search_leaves_its_connection_as_it_found_it(portal: Portal) -> None:
    if portal.svc.engine.dialect.name != "postgresql":
        pytest.skip("the planner's settings are PostgreSQL's")
    with portal.svc.reader.connect() as connection:
        api.query.search.search(
            connection, Scope("no-tenant", None), "printer", ["ticket", "message"], 5
        )
        shown = connection.exec_driver_sql("SHOW enable_seqscan").scalar_one()
    assert shown == "on"
