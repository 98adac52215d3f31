"""A searched list's statement is compiled once per shape and asked with each
search's own words (no database: SQLAlchemy's statement cache key)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite

from api.query.compile import Scope
from api.query.search import parse
from api.query.search_lists import ticket_documents

SCOPE = Scope("tenant", ("company",))


def _key(q: str) -> object:
    statement = ticket_documents(SCOPE, parse(q))
    key = statement._generate_cache_key()
    assert key is not None, "the statement cannot be cached"
    return key.key


def _values(q: str) -> list[object]:
    statement = ticket_documents(SCOPE, parse(q))
    key = statement._generate_cache_key()
    assert key is not None
    return [bind.value for bind in key.bindparams]


def test_searches_of_one_shape_share_a_compiled_statement() -> None:
    assert _key("printer") == _key("vpn")
    assert _key("toner cartr") == _key("mail box")  # typed, two words


def test_a_different_shape_is_compiled_apart() -> None:
    assert _key("printer") != _key("printer ")  # typed prefix, or not
    assert _key("vpn") != _key("vp")  # long enough for references, or not


def test_each_search_is_asked_with_its_own_words() -> None:
    assert "printer" in _values("printer") and "vpn" not in _values("printer")
    assert "vpn" in _values("vpn") and "%vpn%" in _values("vpn")


def test_the_cached_sql_binds_the_words_it_shows() -> None:
    for dialect in (postgresql.dialect(), sqlite.dialect()):
        first = select(ticket_documents(SCOPE, parse("printer")).subquery())
        compiled = first.compile(dialect=dialect)
        assert any("printer" in str(v) for v in compiled.params.values())
        assert "printer" not in str(compiled)  # a bound value, never inlined


def _postgresql_sql(q: str) -> str:
    statement = select(ticket_documents(SCOPE, parse(q)).subquery())
    return str(statement.compile(dialect=postgresql.dialect()))


def test_only_a_text_of_one_token_is_looked_for_in_references_on_postgresql() -> None:
    # a space in the pattern made the trigram index read every reference
    # that starts with the next word's letter
    assert "ILIKE" not in _postgresql_sql("printer traag")
    assert "ILIKE" not in _postgresql_sql("toner cartr")
    assert "ILIKE" in _postgresql_sql("T-000042")
    assert "ILIKE" in _postgresql_sql("SN-4471")
