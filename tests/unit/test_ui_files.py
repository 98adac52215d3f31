"""The built UI's files: compressed copies the browser takes, hashed ones kept."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.testclient import TestClient

from api import ui

SCRIPT = b"console.log('ledgerdesk');" * 100


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    """A build as vite writes it: index.html, hashed assets and their .br/.gz copies."""
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><div id=root></div>")
    script = tmp_path / "assets" / "index-abc123.js"
    script.write_bytes(SCRIPT)
    script.with_name(script.name + ".gz").write_bytes(gzip.compress(SCRIPT))
    script.with_name(script.name + ".br").write_bytes(b"brotli bytes")
    (tmp_path / "favicon.svg").write_text("<svg/>")
    return tmp_path


@pytest.fixture
def client(dist: Path) -> TestClient:
    app = FastAPI()
    ui.mount_ui(app, dist)
    return TestClient(app)


def test_a_script_comes_gzipped_to_a_browser_that_takes_gzip(
    client: TestClient,
) -> None:
    answer = client.get(
        "/app/assets/index-abc123.js", headers={"Accept-Encoding": "gzip, deflate"}
    )
    assert answer.status_code == 200
    assert answer.headers["content-encoding"] == "gzip"
    assert "javascript" in answer.headers["content-type"]
    assert answer.headers["vary"] == "Accept-Encoding"
    assert answer.content == SCRIPT  # the client undoes the gzip
    assert int(answer.headers["content-length"]) < len(SCRIPT)


def test_brotli_is_preferred_when_the_browser_takes_it(dist: Path) -> None:
    answer = ui.ui_response("assets/index-abc123.js", dist, "gzip, deflate, br, zstd")
    assert isinstance(answer, FileResponse)
    assert answer.headers["content-encoding"] == "br"
    assert str(answer.path).endswith("index-abc123.js.br")
    assert "javascript" in answer.headers["content-type"]


def test_no_coding_the_browser_refuses(dist: Path) -> None:
    for refused in ("br;q=0, gzip;q=0", "identity", ""):
        plain = ui.ui_response("assets/index-abc123.js", dist, refused)
        assert isinstance(plain, FileResponse)
        assert "content-encoding" not in plain.headers
        assert str(plain.path).endswith("index-abc123.js")


def test_hashed_assets_are_kept_a_year_the_page_itself_revalidated(
    client: TestClient,
) -> None:
    script = client.get(
        "/app/assets/index-abc123.js", headers={"Accept-Encoding": "gzip"}
    )
    assert script.headers["cache-control"] == "public, max-age=31536000, immutable"
    page = client.get("/app/tickets/123")
    assert "text/html" in page.headers["content-type"]
    assert page.headers["cache-control"] == "no-cache"
    assert "immutable" not in client.get("/app/favicon.svg").headers.get(
        "cache-control", ""
    )


def test_a_file_without_a_compressed_copy_comes_as_it_is(client: TestClient) -> None:
    answer = client.get("/app/favicon.svg", headers={"Accept-Encoding": "gzip, br"})
    assert answer.status_code == 200
    assert "content-encoding" not in answer.headers


def test_nothing_outside_the_build_is_served(client: TestClient) -> None:
    answer = client.get("/app/..%2f..%2fetc/passwd")
    assert answer.status_code == 200
    assert "text/html" in answer.headers["content-type"]
    assert "root:" not in answer.text
