"""Hand edits of the store, the read model, the files and the checkpoint log, each
found by verify with the event, aggregate, attachment or checkpoint named.

Each case runs on a database of its own (the `settings` fixture), holding a store
that began before chains were keyed: invoice C has only plain links, invoice A
plain ones then keyed ones, invoice B and the ticket keyed ones only. Two signed
checkpoints cover it all.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest
from sqlalchemy import Engine, insert, text, update

from api.bootstrap import build_application, build_engine, is_sqlite
from api.settings import Settings
from audit.attachments import check_attachments
from audit.checkpoints import Checkpointer, Finding, TamperFound, log_path
from audit.evidence import check_store
from audit.keys import CheckpointKey, create_key
from audit.read_model import compare
from domain.base import SYSTEM
from domain.chain import link_bytes, seal, unseal
from domain.use_cases.invoices import CreateInvoice
from domain.use_cases.messages import PostMessage
from domain.use_cases.tickets import OpenTicket
from projections import tables as t
from projections.follower import Follower
from projections.schema import create_tables
from storage.tables import attachments
from storage.uploads import file_sha256s

LINE = {"description": "Support hours", "quantity": 2, "price": "80"}


@dataclass
class Desk:
    """A store with history, its read model, key, checkpoint log and names."""

    app: Any
    engine: Engine
    settings: Settings
    key: CheckpointKey
    log: Path
    tenant: str
    a: str
    b: str
    c: str
    ticket: str
    attachment: str
    file: Path

    @property
    def table(self) -> str:
        return (
            "stored_events"
            if is_sqlite(self.settings.database_url)
            else ("ledgerdesk_events")
        )

    def raw(self, aggregate_id: str) -> Any:
        """The aggregate id as the events table holds it."""
        found = UUID(aggregate_id)
        return found.hex if is_sqlite(self.settings.database_url) else found

    def rows(self, aggregate_id: str) -> list[Any]:
        with self.engine.connect() as connection:
            return list(
                connection.execute(
                    text(
                        f"SELECT originator_version, topic, state FROM {self.table} "
                        "WHERE originator_id = :o ORDER BY originator_version"
                    ),
                    {"o": self.raw(aggregate_id)},
                )
            )

    def set_state(self, aggregate_id: str, version: int, state: bytes) -> None:
        self.sql(
            f"UPDATE {self.table} SET state = :s "
            "WHERE originator_id = :o AND originator_version = :v",
            s=state,
            o=self.raw(aggregate_id),
            v=version,
        )

    def edit(
        self, aggregate_id: str, version: int, change: Callable[[bytes], bytes]
    ) -> None:
        """Change one stored event's bytes, leaving its recorded link as it is."""
        state = bytes(self.rows(aggregate_id)[version - 1].state)
        changed = change(state)
        assert changed != state
        self.set_state(aggregate_id, version, changed)

    def relink(
        self, aggregate_id: str, version: int, change: Callable[[bytes], bytes]
    ) -> None:
        """Change an event's content and recompute its plain link and every later
        one, as someone who knows the chain's rules but not the key."""
        rows = self.rows(aggregate_id)
        previous = "" if version == 1 else unseal(bytes(rows[version - 2].state))[1]  # type: ignore[index]
        for row in rows[version - 1 :]:
            body = unseal(bytes(row.state))[0]  # type: ignore[index]
            if row.originator_version == version:
                body = change(body)
            previous = link_bytes(previous, row.topic, row.originator_version, body)
            self.set_state(aggregate_id, row.originator_version, seal(body, previous))

    def delete(self, aggregate_id: str, *versions: int) -> None:
        where = (
            " AND originator_version IN ({})".format(
                ",".join(str(int(v)) for v in versions)
            )
            if versions
            else ""
        )
        self.sql(
            f"DELETE FROM {self.table} WHERE originator_id = :o{where}",
            o=self.raw(aggregate_id),
        )

    def sql(self, statement: str, **values: Any) -> None:
        with self.engine.begin() as connection:
            connection.execute(text(statement), values)

    def checkpoint(self) -> Any:
        return Checkpointer(self.app, self.engine, self.key, self.log).write()

    def findings(self) -> list[Finding]:
        """What verify (with --read-model) reports."""
        found = check_store(self.app, self.engine, self.key, self.log).findings
        found += check_attachments(
            self.app, self.engine, self.settings.upload_dir
        ).findings
        return found + compare(self.engine, self.app)


def invoice(app: Any, tenant: str) -> str:
    """A finalised invoice: created (1), its line (2), finalised EXT-1 (3), sent (4)."""
    invoice_id = app.invoices.create(
        tenant,
        "u1",
        CreateInvoice(
            company_id=None,
            client_id=None,
            day="2026-02-01",
            reference_number="R1",
            lines=[LINE],
        ),
    )
    app.invoices.finalise(tenant, "u1", invoice_id, "EXT-1")
    app.invoices.change_status(tenant, "u2", invoice_id, 2)
    return str(invoice_id)


@pytest.fixture
def desk(settings, tmp_path):  # type: ignore[no-untyped-def]
    key_file = tmp_path / "keys" / "checkpoint.key"
    key = create_key(key_file)
    keyed = Settings(
        database_url=settings.database_url,
        upload_dir=settings.upload_dir,
        export_dir=settings.export_dir,
        checkpoint_key=str(key_file),
    )
    app = build_application(keyed)
    engine = build_engine(keyed)
    create_tables(engine)
    assert app.chain_key == key.chain_key
    try:
        app.chain_key = None  # the release before keyed links
        tenant = str(app.tenants.create(SYSTEM, "Acme IT", "acme"))
        app.settings.add(
            tenant, SYSTEM, "ticket_statuses", "Open", {"type": 1}, is_default=True
        )
        a, c = invoice(app, tenant), invoice(app, tenant)
        app.chain_key = key.chain_key
        b = invoice(app, tenant)
        ticket = str(app.tickets.open(tenant, "u1", OpenTicket(description="Printer")))
        attachment = str(uuid4())
        file = Path(keyed.upload_dir) / tenant / f"{attachment}.txt"
        file.parent.mkdir(parents=True)
        file.write_bytes(b"the signed work order")
        with engine.begin() as connection:
            connection.execute(
                insert(attachments).values(
                    id=attachment,
                    tenant_id=tenant,
                    token="t" * 40,
                    name="order.txt",
                    extension="txt",
                    content_type="text/plain",
                    size=21,
                    path=str(file),
                    uploaded_by="u1",
                    created_at=datetime.now(UTC),
                )
            )
        app.messages.post(
            tenant,
            "u1",
            ticket,
            PostMessage(
                message="The order, signed",
                visible_to_client=True,
                is_from_client=False,
                attachment_ids=[attachment],
                attachment_sha256=file_sha256s(keyed.upload_dir, tenant, [attachment]),
            ),
        )
        Follower(app, engine).catch_up()
        found = Desk(
            app,
            engine,
            keyed,
            key,
            log_path(key_file),
            tenant,
            a,
            b,
            c,
            ticket,
            attachment,
            file,
        )
        found.checkpoint()
        app.invoices.change_status(tenant, "u2", a, 4)  # A's first keyed link
        Follower(app, engine).catch_up()
        found.checkpoint()
        yield found
    finally:
        app.close()
        engine.dispose()


def named(findings: list[Finding], *parts: str) -> bool:
    """Whether one finding names every part."""
    return any(all(part in str(f) for part in parts) for f in findings)


def test_an_untouched_store_holds(desk: Desk) -> None:
    assert desk.findings() == []
    assert [r.originator_version for r in desk.rows(desk.a)] == [1, 2, 3, 4, 5]


def forge_paid(desk: Desk, aggregate_id: str) -> int:
    """Append a 'paid' status change with a correctly computed plain link."""
    rows = desk.rows(aggregate_id)
    template = next(r for r in reversed(rows) if r.topic.endswith("StatusChanged"))
    body = unseal(bytes(template.state))[0]  # type: ignore[index]
    paid = re.sub(rb'"status_id":\d+', b'"status_id":3', body)
    assert paid != body
    body = paid
    version = rows[-1].originator_version + 1
    previous = unseal(bytes(rows[-1].state))[1]  # type: ignore[index]
    chain = link_bytes(previous, template.topic, version, body)
    desk.sql(
        f"INSERT INTO {desk.table} (originator_id, originator_version, topic, state) "
        "VALUES (:o, :v, :t, :s)",
        o=desk.raw(aggregate_id),
        v=version,
        t=template.topic,
        s=seal(body, chain),
    )
    return version


def swap(desk: Desk, aggregate_id: str, one: int, other: int) -> None:
    for old, new in ((one, 9999), (other, one), (9999, other)):
        desk.sql(
            f"UPDATE {desk.table} SET originator_version = :n "
            "WHERE originator_id = :o AND originator_version = :v",
            n=new,
            o=desk.raw(aggregate_id),
            v=old,
        )


def edit_log(desk: Desk, change: Callable[[list[str]], list[str]]) -> None:
    lines = desk.log.read_text().splitlines()
    desk.log.write_text("".join(line + "\n" for line in change(lines)))


def tampered_header(lines: list[str]) -> list[str]:
    record = json.loads(lines[0])
    record["checkpoint"]["events"] -= 1
    return [json.dumps(record), *lines[1:]]


CASES: dict[str, Callable[[Desk], tuple[str, ...]]] = {}


def case(
    function: Callable[[Desk], tuple[str, ...]],
) -> Callable[[Desk], tuple[str, ...]]:
    CASES[function.__name__] = function
    return function


@case
def payload_edited(d: Desk) -> tuple[str, ...]:
    d.edit(d.b, 3, lambda s: s.replace(b"EXT-1", b"EXT-9"))
    return (f"aggregate {d.b} version 3",)


@case
def link_edited(d: Desk) -> tuple[str, ...]:
    def other_link(state: bytes) -> bytes:
        found = re.search(rb'"chain":"([0-9a-f]{64})"', state)
        assert found is not None
        return state.replace(found.group(1), found.group(1)[::-1])

    d.edit(d.b, 2, other_link)
    return (f"aggregate {d.b} version 2",)


@case
def event_deleted_in_the_middle(d: Desk) -> tuple[str, ...]:
    d.delete(d.b, 2)
    return (f"aggregate {d.b} version 3", "version 2 expected")


@case
def last_events_deleted(d: Desk) -> tuple[str, ...]:
    d.delete(d.a, 4, 5)
    return (f"aggregate {d.a} version 5", "ends at version 3")


@case
def events_reordered(d: Desk) -> tuple[str, ...]:
    swap(d, d.b, 2, 3)
    # in the log's order the event now numbered 3 comes first
    return (f"aggregate {d.b} version 3", "version 2 expected, found 3")


@case
def forged_paid_event_appended(d: Desk) -> tuple[str, ...]:
    version = forge_paid(d, d.a)
    return (f"aggregate {d.a} version {version}", "without the chain key")


@case
def price_changed_later_links_recomputed(d: Desk) -> tuple[str, ...]:
    d.relink(d.b, 2, lambda body: body.replace(b'"price":"80', b'"price":"8'))
    return (f"aggregate {d.b} version 2",)


@case
def price_changed_in_plain_history_links_recomputed(d: Desk) -> tuple[str, ...]:
    d.relink(d.c, 2, lambda body: body.replace(b'"price":"80', b'"price":"8'))
    return (f"aggregate {d.c} version 4", "rewritten")


@case
def whole_invoice_deleted(d: Desk) -> tuple[str, ...]:
    d.delete(d.c)
    return (f"aggregate {d.c}", "vanished")


@case
def read_model_amounts_times_ten(d: Desk) -> tuple[str, ...]:
    with d.engine.begin() as connection:
        connection.execute(
            update(t.invoices)
            .where(t.invoices.c.id == d.a)
            .values(amount_excl=t.invoices.c.amount_excl * 10)
        )
    return (f"invoice {d.a} amount_excl",)


@case
def attachment_file_changed(d: Desk) -> tuple[str, ...]:
    d.file.write_bytes(b"an unsigned work order")
    return (f"attachment {d.attachment}", f"aggregate {d.ticket}")


@case
def attachment_hash_edited(d: Desk) -> tuple[str, ...]:
    d.file.write_bytes(b"an unsigned work order")
    new = hashlib.sha256(b"an unsigned work order").hexdigest().encode()
    message = next(
        r.originator_version
        for r in d.rows(d.ticket)
        if r.topic.endswith("MessagePosted")
    )
    d.edit(
        d.ticket,
        message,
        lambda s: re.sub(
            rb'("attachment_sha256":\{"[0-9a-f-]+":")[0-9a-f]{64}', rb"\g<1>" + new, s
        ),
    )
    return (f"aggregate {d.ticket} version {message}",)


@case
def checkpoint_file_edited(d: Desk) -> tuple[str, ...]:
    edit_log(d, tampered_header)
    return ("checkpoint 1", "signature does not hold")


@case
def checkpoint_log_truncated(d: Desk) -> tuple[str, ...]:
    edit_log(d, lambda lines: lines[:-1])
    return ("checkpoint 2", "missing from")


@case
def tenant_id_changed(d: Desk) -> tuple[str, ...]:
    other = str(uuid4()).encode()
    d.edit(d.b, 3, lambda s: s.replace(d.tenant.encode(), other))
    return (f"aggregate {d.b} version 3",)


@case
def timestamp_edited(d: Desk) -> tuple[str, ...]:
    d.edit(
        d.b, 4, lambda s: re.sub(rb'"_data_":"\d{4}-', b'"_data_":"2019-', s, count=1)
    )
    return (f"aggregate {d.b} version 4",)


@pytest.mark.parametrize("tamper", sorted(CASES))
def test_each_hand_edit_is_named(desk: Desk, tamper: str) -> None:
    expected = CASES[tamper](desk)
    findings = desk.findings()
    assert named(findings, *expected), [str(f) for f in findings]


def test_a_checkpoint_is_not_signed_over_an_edited_event(desk: Desk) -> None:
    desk.app.invoices.change_status(desk.tenant, "u2", desk.b, 4)
    version = len(desk.rows(desk.b))
    desk.edit(desk.b, version, lambda s: s.replace(b'"actor":"u2"', b'"actor":"u9"'))
    lines = desk.log.read_text().count("\n")
    with pytest.raises(TamperFound, match=f"{desk.b} version {version}"):
        desk.checkpoint()
    assert desk.log.read_text().count("\n") == lines


def test_no_checkpoint_is_chained_to_an_edited_one(desk: Desk) -> None:
    edit_log(desk, tampered_header)
    with pytest.raises(TamperFound, match="checkpoint 1 in .* signature"):
        desk.checkpoint()
    findings = desk.findings()
    assert named(findings, "checkpoint 1", "signature does not hold")
    assert not named(findings, "checkpoint 2 in")  # it follows one that failed
