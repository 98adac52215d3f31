"""The API's answers travel gzipped to a client that accepts it, and only then."""

from __future__ import annotations

import gzip
import json

from tests.e2e.api.conftest import Portal


def test_a_large_answer_is_gzipped_and_decodes_to_the_same_json(
    portal: Portal, operator: dict[str, str]
) -> None:
    plain = portal.get("/api/auth/me", {**operator, "Accept-Encoding": "identity"})
    zipped = portal.client.get(
        "/api/auth/me",
        headers={**operator, "Accept-Encoding": "gzip"},
    )
    assert plain.status_code == zipped.status_code == 200
    assert "content-encoding" not in plain.headers
    assert len(plain.content) > 1024
    assert zipped.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in zipped.headers["vary"].lower()
    # the bytes on the wire are a fraction of the JSON, and decode to the same answer
    assert zipped.num_bytes_downloaded < len(plain.content) / 2
    assert zipped.json() == plain.json()
    # the security headers come with it
    assert "content-security-policy" in zipped.headers


def test_a_small_answer_and_a_refusing_client_get_it_plain(
    portal: Portal, operator: dict[str, str]
) -> None:
    small = portal.get("/api/system/status", {**operator, "Accept-Encoding": "gzip"})
    assert small.status_code == 200
    assert len(small.content) < 1024
    assert "content-encoding" not in small.headers
    refusing = portal.get("/api/tickets", {**operator, "Accept-Encoding": "br"})
    assert refusing.status_code == 200
    assert "content-encoding" not in refusing.headers
    assert refusing.json()["data"]


def test_a_list_page_is_gzipped_on_the_wire(
    portal: Portal, operator: dict[str, str]
) -> None:
    # read without the client's own decoding: the body is a gzip stream of the JSON
    with portal.client.stream(
        "GET",
        "/api/tickets",
        params={"builder[paginate]": 50},
        headers={**operator, "Accept-Encoding": "gzip"},
    ) as answer:
        raw = b"".join(answer.iter_raw())
    assert answer.headers["content-encoding"] == "gzip"
    page = json.loads(gzip.decompress(raw))
    assert len(page["data"]) > 0
    assert len(raw) < len(gzip.decompress(raw)) / 2
