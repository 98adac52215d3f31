"""Full-text search over the search index (projections/handlers/search.py).

One query language on both databases, websearch-style: words (all must be
found, stemmed), "quoted phrases", OR between alternatives, -word to exclude;
the last word matches as a prefix while it is being typed (no space after it).
References and serial numbers also match as substrings. PostgreSQL answers with
websearch_to_tsquery over a tsvector in each document's language, ts_rank and
ts_headline; SQLite with FTS5 (porter stemmer, English only), bm25 and
snippet(). Who may see what is part of the query, never filtered afterwards.
See docs/search.md.
"""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    bindparam,
    false,
    text,
    true,
)
from sqlalchemy.exc import DBAPIError

from projections import tables as t
from projections.handlers.search import KINDS
from projections.search_index import FTS, LANGUAGES

if TYPE_CHECKING:
    from api.query.compile import Scope

DOCS = t.search_documents
MIN_LENGTH = 2
"""SPEC §4: search selectors need at least 2 characters."""
LIKE_MIN = 3
"""Shorter text is not looked for inside references on PostgreSQL (the
trigram index needs three characters; shorter would read every document)."""

REFERENCE_KINDS = ("ticket", "asset", "quote", "invoice")
"""The kinds whose documents carry references (the others' ref is empty)."""
REFERENCED = ", ".join(f"'{kind}'" for kind in REFERENCE_KINDS)

START, STOP = "\x02", "\x03"
"""Marks the databases put around a hit, made <mark> once the rest is escaped."""

KIND_PERMISSIONS = {
    "ticket": "tickets.index",
    "message": "tickets.index",
    "company": "companies.index",
    "client": "clients.index",
    "asset": "assets.index",
    "quote": "quotes.index",
    "invoice": "invoices.index",
    "contract": "contracts.index",
    "subscription": "subscriptions.index",
}
"""The list a user must be allowed to see to find a kind of record in it."""

OPERATOR_ONLY = frozenset({"company", "client"})
"""Kinds a portal client never finds: it lists neither companies nor clients."""

_TOKENS = re.compile(r'(-?)"([^"]*)"?|(\S+)')
_WORDS = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass(frozen=True)
class Terms:
    """A search text read once for both databases."""

    raw: str
    """The text as typed, for websearch_to_tsquery (it accepts anything)."""
    head: str
    """The text without its last word, when that word is matched as a prefix."""
    prefix: str | None
    """The last word, being typed, matched as the start of a word."""
    fts: str
    """The FTS5 MATCH expression ('' when no word is left to match)."""
    like: str | None
    """A contains-pattern for references, or None when the text is too short."""
    reference: str | None = None
    """like, when the text could be a reference or serial number: one token.
    On PostgreSQL a pattern with a space in it is not looked for: the trigram
    index reads, for the word boundary, every reference starting with the
    next word's letter ('printer traag' read every ticket's 'T-...')."""


def _like(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped.lower()}%"


def _phrase(words: Sequence[str]) -> str:
    return '"' + " ".join(words) + '"'


def parse(q: str) -> Terms:
    """Read a search text: words, phrases, OR, -exclusions, a typed prefix."""
    raw = " ".join(q.split())
    typing = bool(q) and not q[-1].isspace()
    groups: list[list[tuple[bool, str]]] = [[]]
    last: tuple[int, str] | None = None  # (position in tokens, word)
    tokens = list(_TOKENS.finditer(raw))
    for position, token in enumerate(tokens):
        negated, quoted, bare = token.group(1), token.group(2), token.group(3)
        if bare is not None and bare.upper() == "OR":
            if groups[-1]:
                groups.append([])
            continue
        if bare is not None and bare.startswith("-") and len(bare) > 1:
            negated, bare = "-", bare[1:]
        words = _WORDS.findall(quoted if quoted is not None else bare or "")
        if not words:
            continue
        item = _phrase(words)
        if (
            position == len(tokens) - 1
            and typing
            and quoted is None
            and not negated
            and len(words) == 1
        ):
            last = (position, words[0])
            item += "*"
        groups[-1].append((bool(negated), item))
    rendered = []
    for group in groups:
        positives = [item for negated, item in group if not negated]
        negatives = [item for negated, item in group if negated]
        if positives:
            rendered.append(
                " AND ".join(positives) + "".join(f" NOT {n}" for n in negatives)
            )
    fts = (
        " OR ".join(f"({part})" for part in rendered)
        if len(rendered) > 1
        else (rendered[0] if rendered else "")
    )
    head, prefix = raw, None
    if last is not None:
        prefix = last[1].lower()
        head = raw[: tokens[last[0]].start()].strip()
    stripped = raw.strip('"- ')
    like = _like(stripped) if len(stripped) >= LIKE_MIN else None
    reference = None if like is None or len(stripped.split()) > 1 else like
    return Terms(raw, head, prefix, fts, like, reference)


def audience(scope: Scope) -> list[ColumnElement[bool]]:
    """A client's documents: its companies' and shown to clients; else all."""
    parts: list[ColumnElement[bool]] = [
        DOCS.c.tenant_id == scope.tenant_id,
        DOCS.c.deleted == false(),
    ]
    if scope.company_ids is not None:
        ids = list(scope.company_ids)
        parts.append(DOCS.c.visible_to_client == true())
        parts.append(DOCS.c.company_id.in_(ids) if ids else false())
    return parts


# -- the grouped search -----------------------------------------------------------


@dataclass(frozen=True)
class Hit:
    """One document found."""

    id: str
    kind: str
    record_id: str
    ticket_id: str | None
    title: str
    snippet: str
    score: float
    updated_at: datetime


def marked(snippet: str) -> str:
    """A snippet HTML-escaped, its hits in <mark>."""
    escaped = html.escape(snippet, quote=True)
    return escaped.replace(START, "<mark>").replace(STOP, "</mark>")


def _highlight(text: str, terms: Terms, size: int = 24) -> str:
    """A snippet made here (a reference hit): the text's start, hits marked."""
    whole = terms.raw.strip('"- ')
    long_words = [w for w in _WORDS.findall(terms.raw) if len(w) >= LIKE_MIN]
    needles = [n for n in (whole, *long_words) if n]
    shown = " ".join(text.split()[:size])
    if not needles:
        return marked(shown)
    pattern = re.compile("|".join(re.escape(n) for n in needles), re.IGNORECASE)
    return marked(pattern.sub(lambda m: f"{START}{m.group(0)}{STOP}", shown))


def search(
    connection: Connection,
    scope: Scope,
    q: str,
    kinds: Sequence[str],
    limit: int,
) -> list[Hit]:
    """The best `limit` documents of each kind, best first (kinds in KINDS order)."""
    terms = parse(q)
    if not kinds:
        return []
    if connection.dialect.name == "postgresql":
        hits = _search_postgresql(connection, scope, terms, kinds, limit)
    else:
        hits = _search_sqlite(connection, scope, terms, kinds, limit)
    order = {kind: i for i, kind in enumerate(KINDS)}
    # as the SQL ranks them: equal scores newest first, then by id, so every
    # page of one kind cuts the same sequence
    return sorted(
        hits,
        key=lambda h: (order[h.kind], -h.score, -h.updated_at.timestamp(), h.id),
    )


def _where(scope: Scope, kinds: Sequence[str]) -> tuple[str, dict[str, Any], list[Any]]:
    """The audience and kinds as SQL over the alias d, with its parameters."""
    sql = "d.tenant_id = :tenant AND d.deleted = :no AND d.kind IN :kinds"
    params: dict[str, Any] = {
        "tenant": scope.tenant_id,
        "no": False,
        "kinds": list(kinds),
    }
    expanding: list[Any] = [bindparam("kinds", expanding=True)]
    if scope.company_ids is not None:
        ids = list(scope.company_ids) or ["-"]
        sql += " AND d.visible_to_client = :yes AND d.company_id IN :companies"
        params.update(yes=True, companies=ids)
        expanding.append(bindparam("companies", expanding=True))
    return sql, params, expanding


_HEADLINE = (
    f"StartSel={START}, StopSel={STOP}, MaxWords=30, MinWords=12, "
    'MaxFragments=2, FragmentDelimiter=" … "'
)


CANDIDATES = 50
"""Per kind, the most recent matches that are ranked (PostgreSQL), or the page
when it asks more: every match of a rare word, the latest of a common one, so
the cost stays that of a page. A common word's recent matches are found by
testing each document newest first (about CANDIDATES / its share of them), the
larger part of a search's time: 200 cost four times as much."""


WALK = 5000
"""Per kind, the newest documents tested one by one for the most recent
matches (PostgreSQL): up to CANDIDATES of them are ranked. Finding fewer than
the page asks there, the word is rare in the kind (under limit / WALK of its
recent documents) and its matches are read through the GIN index instead: a
search tests at most WALK documents of a kind plus the matches of a word that
rare, however large the tenant. Either way the candidates are the kind's most
recent matches; a word found a few times in the walk, but fewer than
CANDIDATES, is ranked among those (reading all its matches through the index,
thousands at a million tickets, cost more than the whole search may)."""


def _tsqueries(connection: Connection, terms: Terms) -> dict[str, str]:
    """The search text as a tsquery in each configuration, made once."""
    parts = []
    for language in LANGUAGES:
        query = f"websearch_to_tsquery('{language}', :q)"
        if terms.prefix is not None:
            query = (
                f"({query} || (websearch_to_tsquery('{language}', :head) && "
                f"(to_tsquery('{language}', :prefix) || "
                "to_tsquery('simple', :prefix))))"
            )
        parts.append(f"({query})::text AS {language}")
    row = connection.execute(
        text(f"SELECT {', '.join(parts)}"),
        {"q": terms.raw, "head": terms.head, "prefix": f"{terms.prefix}:*"},
    ).one()
    return {language: str(getattr(row, language)) for language in LANGUAGES}


def _search_postgresql(
    connection: Connection,
    scope: Scope,
    terms: Terms,
    kinds: Sequence[str],
    limit: int,
) -> list[Hit]:
    where, params, expanding = _where(scope, ())
    where = where.replace(" AND d.kind IN :kinds", "")
    expanding = [p for p in expanding if p.key != "kinds"]
    params.pop("kinds", None)
    for language, query in _tsqueries(connection, terms).items():
        params[f"q_{language}"] = query
    match = " OR ".join(
        f"(d.language = '{language}' AND d.tsv @@ CAST(:q_{language} AS tsquery))"
        for language in LANGUAGES
    )
    reference = "false"
    referenced = match
    if terms.reference is not None:  # only kinds with references hold any
        referenced += " OR d.ref ILIKE :like"
        reference = "c.ref ILIKE :like"
        params["like"] = terms.reference
    rank = (
        "CASE c.language "
        + " ".join(
            f"WHEN '{language}' THEN ts_rank(c.tsv, CAST(:q_{language} AS tsquery))"
            for language in LANGUAGES
        )
        + " END"
    )
    headline = (
        "CASE h.language "
        + " ".join(
            f"WHEN '{language}' THEN ts_headline('{language}', "
            "CASE WHEN h.text = '' THEN h.title ELSE h.text END, "
            f"CAST(:q_{language} AS tsquery), :options)"
            for language in LANGUAGES
        )
        + " END"
    )
    # each kind's most recent matches, found the cheaper way: walking the
    # newest WALK documents of the kind (a common word has its matches there),
    # else, and only then, through the GIN index (a word rare in this kind)
    columns = (
        "d.id, d.kind, d.record_id, d.ticket_id, d.title, d.text, d.ref, "
        "d.language, d.updated_at, d.tsv"
    )
    walks, arms = [], []
    for n, kind in enumerate(k for k in kinds if k in KINDS):
        wanted = max(CANDIDATES, limit)
        found = referenced if kind in REFERENCE_KINDS else match
        walks.append(
            f"""w{n} AS MATERIALIZED (
                SELECT d.* FROM (
                    SELECT {columns} FROM search_documents d
                    WHERE {where} AND d.kind = '{kind}'
                    ORDER BY d.updated_at DESC LIMIT {WALK}
                ) d
                WHERE {found} ORDER BY d.updated_at DESC LIMIT {wanted})"""
        )
        enough = f"(SELECT count(*) FROM w{n}) >= {limit}"
        arms.append(f"(SELECT * FROM w{n} WHERE {enough})")
        arms.append(
            f"""(SELECT * FROM (
                    SELECT {columns} FROM search_documents d
                    WHERE {where} AND d.kind = '{kind}' AND ({found})
                      AND NOT {enough}
                    OFFSET 0
                ) m ORDER BY m.updated_at DESC LIMIT {wanted})"""
        )
    if not arms:
        return []
    candidates = " UNION ALL ".join(arms)
    statement = (
        text(
            f"""
        WITH {", ".join(walks)}
        SELECT h.id, h.kind, h.record_id, h.ticket_id,
               COALESCE(NULLIF(h.title, ''), tk.title, '') AS title, h.updated_at,
               h.score, {headline} AS snippet
        FROM (
            SELECT c.id, c.kind, c.record_id, c.ticket_id, c.title, c.text,
                   c.language, c.updated_at, s.score,
                   row_number() OVER (
                       PARTITION BY c.kind
                       ORDER BY s.score DESC, c.updated_at DESC, c.id
                   ) AS n
            FROM ({candidates}) c,
                 LATERAL (SELECT {rank}
                     + CASE WHEN {reference} THEN 0.1 ELSE 0 END AS score) s
        ) h
        LEFT JOIN search_documents tk
            ON tk.tenant_id = :tenant AND tk.id = h.ticket_id AND h.kind = 'message'
        WHERE h.n <= :limit
        """
        )
        .bindparams(*expanding)
        .columns(updated_at=DOCS.c.updated_at.type)
    )
    params.update(limit=limit, options=_HEADLINE)
    rows = _without_sequential_scans(connection, statement, params)
    return [
        Hit(
            id=row.id,
            kind=row.kind,
            record_id=row.record_id,
            ticket_id=row.ticket_id,
            title=row.title,
            snippet=marked(row.snippet or ""),
            score=round(float(row.score), 6),
            updated_at=row.updated_at,
        )
        for row in rows
    ]


def _without_sequential_scans(
    connection: Connection, statement: Any, params: dict[str, Any]
) -> list[Any]:
    """The statement's rows, planned with sequential scans off.

    A kind's GIN arm is planned from the whole column's statistics: a word
    common in messages but absent from tickets ('scanner') was expected in
    190,000 ticket documents at a million tickets, and PostgreSQL read all 4.25
    million documents in parallel (1.5 s) rather than the partial index
    `ix_search_tsv_records`, which holds none. Every arm has an index made for
    it, so no sequential scan is ever the way: off for this statement, as it
    was after. (A failed statement's rollback undoes the SET in a transaction.)
    """
    connection.exec_driver_sql("SET enable_seqscan = off")
    try:
        return list(connection.execute(statement, params))
    finally:
        with contextlib.suppress(DBAPIError):
            connection.exec_driver_sql("RESET enable_seqscan")


def _search_sqlite(
    connection: Connection,
    scope: Scope,
    terms: Terms,
    kinds: Sequence[str],
    limit: int,
) -> list[Hit]:
    where, params, expanding = _where(scope, kinds)
    like = terms.like or _like(terms.raw.strip('"- '))
    params.update(like=like, limit=limit, fts=terms.fts)
    reference = "lower(d.ref) LIKE :like ESCAPE '\\'"
    hits = (
        f"SELECT rowid AS rid, bm25({FTS}, 10.0, 2.0, 5.0) AS bm FROM {FTS} "
        f"WHERE {FTS} MATCH :fts"
        if terms.fts
        else "SELECT NULL AS rid, NULL AS bm WHERE 0"
    )
    score = f"(COALESCE(b.bm, 0) + CASE WHEN {reference} THEN 0.1 ELSE 0 END)"
    # driven by what matched, not by the tenant's documents: the full-text hits
    # and the documents with references holding the text, then looked up by rowid
    where = where.replace("d.tenant_id = :tenant", "+d.tenant_id = :tenant")
    statement = (
        text(
            f"""
        WITH hits AS ({hits}),
        found AS (
            SELECT rid, -bm AS bm FROM hits
            UNION ALL
            SELECT r.rowid, NULL FROM search_documents r
            WHERE r.tenant_id = :tenant AND r.kind IN ({REFERENCED})
              AND lower(r.ref) LIKE :like ESCAPE '\\'
        ),
        best AS (SELECT rid, MAX(bm) AS bm FROM found GROUP BY rid)
        SELECT w.*, COALESCE(NULLIF(w.own_title, ''), tk.title, '') AS title
        FROM (
            SELECT d.rowid AS rid, d.id, d.kind, d.record_id, d.ticket_id,
                   d.title AS own_title, d.text, d.updated_at, b.bm AS full_text,
                   {score} AS score,
                   row_number() OVER (
                       PARTITION BY d.kind
                       ORDER BY {score} DESC, d.updated_at DESC, d.id
                   ) AS n
            FROM best b JOIN search_documents d ON d.rowid = b.rid
            WHERE {where}
        ) w
        LEFT JOIN search_documents tk
            ON tk.tenant_id = :tenant AND tk.id = w.ticket_id AND w.kind = 'message'
        WHERE w.n <= :limit
        """
        )
        .bindparams(*expanding)
        .columns(updated_at=DOCS.c.updated_at.type)
    )
    rows = list(connection.execute(statement, params))
    hit = [r.rid for r in rows if r.full_text is not None]
    snippets = _snippets(connection, terms, hit)
    found = []
    for row in rows:
        snippet = snippets.get(row.rid) or _highlight(row.text or row.title, terms)
        found.append(
            Hit(
                id=row.id,
                kind=row.kind,
                record_id=row.record_id,
                ticket_id=row.ticket_id,
                title=row.title,
                snippet=snippet,
                score=round(float(row.score), 6),
                updated_at=row.updated_at,
            )
        )
    return found


def _snippets(
    connection: Connection, terms: Terms, rowids: list[int]
) -> dict[int, str]:
    """snippet() of the rows found by full text: the text's, else the title's."""
    if not rowids:
        return {}
    statement = text(
        f"SELECT rowid AS rid, "
        f"snippet({FTS}, 1, :start, :stop, '…', 16) AS body, "
        f"snippet({FTS}, 0, :start, :stop, '…', 16) AS title "
        f"FROM {FTS} WHERE {FTS} MATCH :fts AND rowid IN :rowids"
    ).bindparams(bindparam("rowids", expanding=True))
    rows = connection.execute(
        statement, {"start": START, "stop": STOP, "fts": terms.fts, "rowids": rowids}
    )
    return {
        row.rid: marked(row.body if START in (row.body or "") else row.title or "")
        for row in rows
    }
