"""`ledgerdesk checkpoint`, and `ledgerdesk verify` against it, as auditors run them."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from sqlalchemy import select, text

from api.bootstrap import build_engine, is_sqlite
from api.cli import main
from api.settings import Settings


@pytest.fixture
def environment(monkeypatch, database_url, tmp_path):  # type: ignore[no-untyped-def]
    """A seeded database and a checkpoint key file that does not exist yet."""
    monkeypatch.setenv("LEDGERDESK_DATABASE_URL", database_url)
    monkeypatch.setenv("LEDGERDESK_UPLOAD_DIR", str(tmp_path / "uploads"))
    assert main(["seed", "--tenant", "acme"]) == 0
    monkeypatch.setenv("LEDGERDESK_CHECKPOINT_KEY", str(tmp_path / "keys" / "cp.key"))
    return Settings()


def delete_last_event(settings: Settings) -> None:
    table = "stored_events" if is_sqlite(settings.database_url) else "ledgerdesk_events"
    column = "rowid" if is_sqlite(settings.database_url) else "notification_id"
    engine = build_engine(settings)
    try:
        with engine.begin() as connection:
            connection.execute(
                text(
                    f"DELETE FROM {table} WHERE {column} = "
                    f"(SELECT max({column}) FROM {table})"
                )
            )
    finally:
        engine.dispose()


def test_a_first_checkpoint_makes_the_key_and_verify_holds_until_an_edit(
    environment, capsys
) -> None:  # type: ignore[no-untyped-def]
    capsys.readouterr()
    key = Path(environment.checkpoint_key)
    assert main(["checkpoint"]) == 0
    out = capsys.readouterr().out
    assert f"created the checkpoint key {key}" in out and "checkpoint 1:" in out
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert (key.parent / "cp.key.pub").is_file()
    assert (key.parent / "checkpoints.jsonl").read_text().count("\n") == 1
    assert main(["verify", "--read-model"]) == 0
    assert "OK:" in capsys.readouterr().out
    delete_last_event(environment)
    assert main(["verify"]) == 1
    out = capsys.readouterr().out
    assert "TAMPERED truncation: aggregate" in out and "FAILED" in out


def test_a_second_checkpoint_names_only_what_changed(environment, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["checkpoint"]) == 0
    assert main(["checkpoint"]) == 0
    assert "checkpoint 2:" in capsys.readouterr().out
    assert main(["verify"]) == 0


def test_checkpoint_wants_a_key_file_name(environment, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("LEDGERDESK_CHECKPOINT_KEY")
    assert main(["checkpoint"]) == 2
    assert "LEDGERDESK_CHECKPOINT_KEY is unset" in capsys.readouterr().err


def test_verify_refuses_a_key_file_that_is_no_key(environment, capsys) -> None:  # type: ignore[no-untyped-def]
    key = Path(environment.checkpoint_key)
    key.parent.mkdir(parents=True)
    key.write_text("not a key")
    assert main(["verify"]) == 2
    assert "is not a PEM private key" in capsys.readouterr().err
    assert main(["checkpoint"]) == 2


def test_one_aggregate_with_keyed_links_verifies(environment, capsys) -> None:  # type: ignore[no-untyped-def]
    from api.bootstrap import build_application
    from projections import tables as t

    assert main(["checkpoint"]) == 0
    engine = build_engine(environment)
    with engine.connect() as connection:
        row = connection.execute(
            select(t.invoices.c.tenant_id, t.invoices.c.id)
            .where(t.invoices.c.status_id.is_not(None))
            .limit(1)
        ).one()
    engine.dispose()
    app = build_application(Settings())
    try:
        assert app.chain_key is not None
        app.invoices.change_status(row.tenant_id, "u1", row.id, 4)
    finally:
        app.close()
    capsys.readouterr()
    assert main(["verify", "invoices", row.id]) == 0
    assert main(["verify"]) == 0
    assert "OK:" in capsys.readouterr().out


def test_read_model_amounts_are_compared_without_a_key_too(  # type: ignore[no-untyped-def]
    environment, monkeypatch, capsys
) -> None:
    from sqlalchemy import update

    from projections import tables as t

    monkeypatch.delenv("LEDGERDESK_CHECKPOINT_KEY")
    assert main(["verify", "--read-model"]) == 0
    engine = build_engine(environment)
    with engine.begin() as connection:
        connection.execute(update(t.quotes).values(total=t.quotes.c.total * 10 + 1))
    engine.dispose()
    capsys.readouterr()
    assert main(["verify", "--read-model"]) == 1
    out = capsys.readouterr().out
    assert "TAMPERED read model: quote " in out and " total: " in out
    assert main(["verify"]) == 0  # the events themselves hold


def test_serve_makes_no_key_of_its_own(environment) -> None:  # type: ignore[no-untyped-def]
    import threading

    from api.commands.checkpoint import start_checkpoint_thread

    stop = threading.Event()
    assert start_checkpoint_thread(environment, stop) is None
    assert not Path(environment.checkpoint_key).exists()
    assert main(["checkpoint"]) == 0
    thread = start_checkpoint_thread(environment, stop)
    assert thread is not None and thread.is_alive()
    stop.set()
    thread.join(10)
