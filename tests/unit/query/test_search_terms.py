"""Reading a search text, and what the index keeps of a message (no database)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from api.query.search import marked, parse
from projections.handlers.search import detected, plain


@pytest.mark.parametrize(
    ("q", "fts", "prefix", "head"),
    [
        ("printer", '"printer"*', "printer", ""),
        ("printer ", '"printer"', None, "printer"),
        ("toner cartr", '"toner" AND "cartr"*', "cartr", "toner"),
        ('"toner cartridge"', '"toner cartridge"', None, '"toner cartridge"'),
        ("vpn -printer", '"vpn" NOT "printer"', None, "vpn -printer"),
        ("vpn or mail", '("vpn") OR ("mail"*)', "mail", "vpn or"),
        ("T-000042", '"T 000042"', None, "T-000042"),
        ("-only", "", None, "-only"),
        ('" OR ---', '"OR"', None, '" OR ---'),  # an open quote runs to the end
    ],
)
def test_a_search_text_reads_as_web_search(
    q: str, fts: str, prefix: str | None, head: str
) -> None:
    terms = parse(q)
    assert (terms.fts, terms.prefix, terms.head) == (fts, prefix, head)


def test_references_are_looked_for_from_three_characters() -> None:
    assert parse("ab").like is None
    assert parse("T-0042").like == "%t-0042%"
    assert parse("50%_x").like == "%50\\%\\_x%"


@given(st.text(max_size=60))
def test_any_text_gives_an_fts5_expression_of_quoted_terms_only(q: str) -> None:
    """Nothing typed reaches FTS5 unquoted: no syntax error, no column filter."""
    fts = parse(q).fts
    outside = fts.split('"')[::2]  # the parts between quoted terms
    for part in outside:
        assert set(part) <= set(" ANDOTR()*"), (q, fts)


def test_a_snippet_is_escaped_but_its_marks() -> None:
    assert marked("a <b> & \x02hit\x03") == "a &lt;b&gt; &amp; <mark>hit</mark>"


def test_a_message_is_indexed_as_plain_text() -> None:
    html = "<p>Replaced the <b>toner</b>&nbsp;cartridges</p><p>Done\x02</p>"
    assert plain(html) == "Replaced the toner cartridges Done"
    assert plain("a < b, plain", "text") == "a < b, plain"


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("De printer op de tweede verdieping werkt niet meer", "dutch"),
        ("The printer on the second floor stopped working", "english"),
        ("Der Drucker ist nicht erreichbar und die Anzeige bleibt leer", "german"),
        ("Printer", None),
    ],
)
def test_a_text_plainly_in_a_language_is_indexed_in_it(
    text: str, language: str | None
) -> None:
    assert detected(text) == language


@pytest.mark.parametrize(
    ("q", "reference"),
    [
        ("T-000042", "%t-000042%"),
        ("sn4471", "%sn4471%"),
        ("printer traag", None),
        ('"stopped working"', None),
        ("ab", None),
    ],
)
def test_only_one_token_is_a_reference(q: str, reference: str | None) -> None:
    assert parse(q).reference == reference
