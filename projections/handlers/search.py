"""The search index: one document per record a user may look for.

Each handler runs after the read model's own handler of its event (`extend`)
and builds the document from the event and the row that handler just wrote.
Tickets, their messages and the documents are in the follower's row cache, so
the busy events (a ticket opened, a message posted) read nothing from the
database and their documents are written with the batch (COPY on PostgreSQL).
The rarer records (quotes, assets, companies...) read their own row once.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import Table, and_, delete, select, update

from projections import tables as t
from projections.context import Apply
from projections.handlers import Handler, chained
from storage.tables import attachments

DOCS = t.search_documents

KINDS = (
    "ticket",
    "message",
    "company",
    "client",
    "asset",
    "quote",
    "invoice",
    "contract",
    "subscription",
)
"""The kinds of document, in the order results are grouped."""

CONFIGURATIONS = {"nl": "dutch", "en": "english", "de": "german"}
"""A tenant's language and the text search configuration of its documents."""

_STOPWORDS = {
    "dutch": frozenset(
        "de het een en van ik je is niet dat op te zijn met voor er maar ook "
        "wij we graag bij kunt heeft nog wordt worden u uw deze dit geen".split()
    ),
    "english": frozenset(
        "the and is of to a in that it for you we with on not are this have be "
        "your our please can has was will".split()
    ),
    "german": frozenset(
        "der die das und ist nicht ich sie wir mit den zu ein eine von auf für "
        "bitte auch sind wird haben es".split()
    ),
}
_LANGUAGE_NAMES = tuple(_STOPWORDS)
_LANGUAGES_OF = {
    word: tuple(i for i, name in enumerate(_LANGUAGE_NAMES) if word in _STOPWORDS[name])
    for word in frozenset().union(*_STOPWORDS.values())
}
"""Each common word and the languages (their places in _LANGUAGE_NAMES) it is
common in: "is" and "we" count for Dutch and English alike."""
_WORDS = re.compile(r"\w+", re.UNICODE)
_TAGS = re.compile(r"<[^>]*>")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_BREAKS = re.compile(r"<(?:br|/p|/div|/li|/h\d)[^>]*>", re.IGNORECASE)

_TENANT_LANGUAGE: dict[str, str] = {}
"""Each tenant's configuration, read once (a tenant's language does not change)."""


def plain(text: str | None, format: str = "html") -> str:
    """The words of a message as plain text: HTML tags dropped, entities read."""
    if not text:
        return ""
    if format == "html" or "<" in text:
        text = html.unescape(_TAGS.sub(" ", _BREAKS.sub("\n", text)))
    # control characters out: the snippets mark their hits with two of them
    return " ".join(_CONTROL.sub(" ", text).split())


def detected(text: str) -> str | None:
    """The language a text is plainly written in, by its common words, or None."""
    # the index builds a document per message, so this runs on every reply: each
    # word is looked up once, common words then count for their languages
    counts = [0] * len(_LANGUAGE_NAMES)
    languages_of = _LANGUAGES_OF.get
    for word in _WORDS.findall(text[:2000].lower()):
        languages = languages_of(word)
        if languages:
            for i in languages:
                counts[i] += 1
    ordered = sorted(counts, reverse=True)
    if ordered[0] >= 2 and ordered[0] > ordered[1]:
        return _LANGUAGE_NAMES[counts.index(ordered[0])]
    return None


def tenant_language(a: Apply) -> str:
    """The tenant's text search configuration (english when unknown)."""
    found = _TENANT_LANGUAGE.get(a.tenant_id)
    if found is None:
        language = a.batch.raw.execute(
            select(t.tenants.c.language).where(t.tenants.c.id == a.tenant_id)
        ).scalar()
        found = CONFIGURATIONS.get(str(language), "english")
        _TENANT_LANGUAGE[a.tenant_id] = found
    return found


def language_of(a: Apply, text: str) -> str:
    """The language a document is indexed in: its text's, else the tenant's."""
    return detected(text) or tenant_language(a)


def _document(
    a: Apply,
    kind: str,
    record_id: str,
    title: str,
    text: str = "",
    ref: str = "",
    company_id: str | None = None,
    visible_to_client: bool = True,
    ticket_id: str | None = None,
    doc_id: str | None = None,
    updated_at: datetime | None = None,
) -> None:
    a.insert(
        DOCS,
        id=doc_id or record_id,
        kind=kind,
        record_id=record_id,
        ticket_id=ticket_id,
        company_id=company_id,
        visible_to_client=visible_to_client,
        deleted=False,
        language=language_of(a, f"{title} {text}"),
        title=title,
        text=text,
        ref=ref,
        updated_at=updated_at or a.at,
    )


def _change(a: Apply, doc_id: str, **values: Any) -> None:
    """Change a document (nothing when there is none: a template, say)."""
    values.setdefault("updated_at", a.at)
    a.update(DOCS, doc_id, touch=False, **values)


def _of_ticket(a: Apply, ticket_id: str, **values: Any) -> None:
    """Change every document of a ticket's (its own and its messages')."""
    a.connection.execute(
        update(DOCS)
        .where(and_(DOCS.c.tenant_id == a.tenant_id, DOCS.c.ticket_id == ticket_id))
        .values(**values)
    )


# -- tickets and their messages ----------------------------------------------


def _ticket_title(row: Mapping[str, Any]) -> str:
    return f"{row['reference']} {row['description']}".strip()


def ticket_opened(a: Apply) -> None:
    row = a.peek(t.tickets)
    if row is None or row["is_template"]:
        return  # templates are not looked for: they are no one's ticket
    _document(
        a,
        "ticket",
        a.aggregate_id,
        _ticket_title(row),
        ref=row["search"],
        company_id=row["company_id"],
        ticket_id=a.aggregate_id,
    )


def ticket_updated(a: Apply) -> None:
    changes = a.event.changes
    if not ({"description", "company_id"} & set(changes)):
        return
    row = a.peek(t.tickets)
    if row is None or row["is_template"]:
        return
    if "company_id" in changes:
        _of_ticket(a, a.aggregate_id, company_id=row["company_id"])
    _change(
        a,
        a.aggregate_id,
        title=_ticket_title(row),
        ref=row["search"],
        company_id=row["company_id"],
    )


def _attachment_names(a: Apply, ids: Iterable[str]) -> str:
    """The names of a message's files, from the kept attachments table.

    A rebuild on SQLite replays into a file of its own, without the kept
    tables: there the names are left out (docs/search.md). Whether the table
    is there is learnt once, in a savepoint (a failed statement would undo
    the batch), and kept with the follower's cache: the next messages' names
    are one statement each, not three.
    """
    ids = [str(i) for i in ids or ()]
    if not ids:
        return ""
    connection = a.batch.raw
    table: Table = attachments
    if connection.dialect.name == "postgresql":
        table = _public_attachments()
    elif connection.get_execution_options().get("schema_translate_map"):
        return ""
    kept = a.batch.rows.kept
    found = kept.get(_ATTACHMENTS)
    if found is False:
        return ""
    statement = select(table.c.name).where(
        table.c.tenant_id == a.tenant_id, table.c.id.in_(ids)
    )
    if found:
        return " ".join(connection.execute(statement).scalars())
    try:
        with connection.begin_nested():
            names = " ".join(connection.execute(statement).scalars())
    except Exception:  # noqa: BLE001 - no kept tables here (a rebuild's file)
        kept[_ATTACHMENTS] = False
        return ""
    kept[_ATTACHMENTS] = True
    return names


_ATTACHMENTS = "search: the attachments table is there"
"""The key in the follower's cache (RowCache.kept) of whether it is."""


_PUBLIC: list[Table] = []


def _public_attachments() -> Table:
    """The attachments table named in its schema, so a rebuild's staging
    schema (a translation of the default one) still finds it."""
    if not _PUBLIC:
        from sqlalchemy import MetaData

        _PUBLIC.append(attachments.to_metadata(MetaData(), schema="public"))
    return _PUBLIC[0]


def _message(a: Apply, ticket: Mapping[str, Any], message: Mapping[str, Any]) -> None:
    if message.get("type") == "status-changed":
        return
    text = plain(message.get("message"), message.get("format") or "html")
    names = _attachment_names(a, message.get("attachment_ids") or ())
    if names:
        text = f"{text} {names}".strip()
    if not text:
        return
    _document(
        a,
        "message",
        str(message["id"]),
        "",  # shown with its ticket's title, found by its own words only
        text=text,
        company_id=ticket["company_id"],
        visible_to_client=bool(message.get("visible_to_client")),
        ticket_id=a.aggregate_id,
        doc_id=f"{a.aggregate_id}/{message['id']}",
        updated_at=message.get("created_at") or a.at,
    )


def message_posted(a: Apply) -> None:
    ticket = a.peek(t.tickets)
    if ticket is None or ticket["is_template"]:
        return
    e = a.event
    _message(
        a,
        ticket,
        {
            "id": e.message_id,
            "message": getattr(e, "message", ""),
            "format": getattr(e, "format", "html"),
            "visible_to_client": e.visible_to_client,
            "attachment_ids": getattr(e, "attachment_ids", []),
        },
    )


def message_edited(a: Apply) -> None:
    changes = a.event.changes
    doc_id = f"{a.aggregate_id}/{a.event.message_id}"
    values: dict[str, Any] = {}
    if "message" in changes:
        values["text"] = plain(changes["message"], changes.get("format") or "html")
    if "visible_to_client" in changes:
        values["visible_to_client"] = bool(changes["visible_to_client"])
    if values:
        _change(a, doc_id, **values)


def message_removed(a: Apply) -> None:
    a.connection.execute(
        delete(DOCS).where(
            and_(
                DOCS.c.tenant_id == a.tenant_id,
                DOCS.c.id == f"{a.aggregate_id}/{a.event.message_id}",
            )
        )
    )


def absorbed(a: Apply) -> None:
    ticket = a.peek(t.tickets)
    if ticket is None or ticket["is_template"]:
        return
    for message in a.event.messages:
        _message(a, ticket, message)


def ticket_deleted(deleted: bool) -> Handler:
    def apply(a: Apply) -> None:
        _of_ticket(a, a.aggregate_id, deleted=deleted)

    return apply


# -- the other records ---------------------------------------------------------


def _lines(lines: Any) -> str:
    return " ".join(
        str(line.get("description") or "")
        for line in lines or ()
        if isinstance(line, Mapping)
    )


def _asset(row: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "title": row["name"],
        "text": plain(row["description"]),
        "ref": " ".join(
            str(row[k]) for k in ("serial_number", "tracking_number") if row[k]
        ),
    }


def _quote(row: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "title": row["name"],
        "text": _lines(row["lines"]),
        "ref": str(row["number"]),
    }


def _invoice(row: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "title": f"{row['code']} {row['reference_number']}".strip(),
        "text": _lines(row["lines"]),
        "ref": f"{row['code']} {row['reference_number']}",
        # a client sees an invoice once it is final (api/query/compile.py)
        "visible_to_client": row["external_id"] is not None,
    }


def _contract(row: Mapping[str, Any]) -> dict[str, Any]:
    return {"title": row["name"], "text": "", "ref": ""}


def _subscription(row: Mapping[str, Any]) -> dict[str, Any]:
    return {"title": row["description"], "text": _lines(row["lines"]), "ref": ""}


def _company(row: Mapping[str, Any]) -> dict[str, Any]:
    words = (row["address_1"], row["city"], row["email"], row["phone"])
    return {
        "title": row["name"],
        "text": " ".join(str(w) for w in words if w),
        "ref": "",
        "company_id": row["id"],
    }


def _client(row: Mapping[str, Any]) -> dict[str, Any]:
    return {"title": row["full_name"], "text": row["email"] or "", "ref": ""}


RECORDS: dict[str, tuple[Table, Callable[[Mapping[str, Any]], dict[str, Any]]]] = {
    "asset": (t.assets, _asset),
    "quote": (t.quotes, _quote),
    "invoice": (t.invoices, _invoice),
    "contract": (t.contracts, _contract),
    "subscription": (t.subscriptions, _subscription),
    "company": (t.companies, _company),
    "client": (t.users, _client),
}


def _values(kind: str, row: Mapping[str, Any]) -> dict[str, Any]:
    values = {"company_id": row.get("company_id"), **RECORDS[kind][1](row)}
    values["ref"] = values.get("ref") or ""
    return values


def record_created(kind: str) -> Handler:
    """The document of a record just made, from the row its handler wrote."""

    def apply(a: Apply) -> None:
        row = a.row(RECORDS[kind][0])
        if row is None or (kind == "client" and row["is_operator"]):
            return
        _document(a, kind, a.aggregate_id, **_values(kind, row))

    return apply


def record_changed(kind: str) -> Handler:
    """The document of a record again, from its changed row."""

    def apply(a: Apply) -> None:
        row = a.row(RECORDS[kind][0])
        if row is None:
            return
        values = _values(kind, row)
        values["language"] = language_of(a, f"{values['title']} {values['text']}")
        _change(a, a.aggregate_id, **values)

    return apply


def archivable_updated(a: Apply) -> None:
    if a.model() == "company":
        record_changed("company")(a)


def company_merged(a: Apply) -> None:
    """The merged company's records are the survivor's; it is looked for no more."""
    target = a.survivor(a.event.target_id) or str(a.event.target_id)
    a.connection.execute(
        update(DOCS)
        .where(
            and_(DOCS.c.tenant_id == a.tenant_id, DOCS.c.company_id == a.aggregate_id)
        )
        .values(company_id=target)
    )
    _change(a, a.aggregate_id, deleted=True)


def tenant_created(a: Apply) -> None:
    _TENANT_LANGUAGE[a.aggregate_id] = CONFIGURATIONS.get(a.event.language, "english")


def invoice_folded(a: Apply) -> None:
    _change(a, a.aggregate_id, deleted=True)


HANDLERS: dict[str, Handler] = {
    "Tenant.Created": tenant_created,
    "Ticket.Opened": ticket_opened,
    "Ticket.Updated": ticket_updated,
    "Ticket.MessagePosted": message_posted,
    "Ticket.MessageEdited": message_edited,
    "Ticket.MessageRemoved": message_removed,
    "Ticket.Absorbed": absorbed,
    "Ticket.Deleted": ticket_deleted(True),
    "Ticket.Restored": ticket_deleted(False),
    "Asset.Registered": record_created("asset"),
    "Asset.Updated": record_changed("asset"),
    "Quote.Drafted": record_created("quote"),
    "Quote.Revised": record_changed("quote"),
    "Invoice.Created": record_created("invoice"),
    "Invoice.LineAdded": record_changed("invoice"),
    "Invoice.LineRemoved": record_changed("invoice"),
    "Invoice.Finalised": record_changed("invoice"),
    "Invoice.StatusChanged": record_changed("invoice"),
    "Invoice.Restored": record_changed("invoice"),
    "Invoice.FoldedInto": invoice_folded,
    "Contract.Concluded": record_created("contract"),
    "Contract.Amended": record_changed("contract"),
    "Subscription.Started": record_created("subscription"),
    "Subscription.LinesChanged": record_changed("subscription"),
    "Company.Registered": record_created("company"),
    "Company.MergedInto": company_merged,
    "Archivable.Updated": archivable_updated,
    "User.Registered": record_created("client"),
    "User.Updated": record_changed("client"),
}


def extend(handlers: Mapping[str, Handler]) -> dict[str, Handler]:
    """The read model's handlers with the index's run after each of their own."""
    return chained(handlers, HANDLERS)
