"""The repositories' SQL rewritten for PostgreSQL (storage/backends/pg_sql.py)."""

from __future__ import annotations

import pytest

from storage.backends.pg_sql import bind, compile_sql


def test_question_marks_become_numbered_parameters_outside_literals() -> None:
    compiled = compile_sql("SELECT '?', \"a?\" FROM t WHERE a = ? AND b = ? -- ?\n")
    assert compiled.text == "SELECT '?', \"a?\" FROM t WHERE a = $1 AND b = $2 -- ?\n"
    assert bind(compiled, (1, 2)) == [1, 2]
    with pytest.raises(ValueError, match="2 placeholders, 1 values"):
        bind(compiled, (1,))


def test_named_parameters_are_numbered_once_each_and_casts_stay() -> None:
    compiled = compile_sql("SELECT x::text, ':no' FROM t WHERE a = :id OR b = :other OR c = :id")
    assert compiled.text == "SELECT x::text, ':no' FROM t WHERE a = $1 OR b = $2 OR c = $1"
    assert bind(compiled, {"other": "o", "id": 7, "unused": 0}) == [7, "o"]


def test_a_quote_doubled_inside_a_literal_does_not_end_it() -> None:
    compiled = compile_sql("SELECT 'it''s ?' WHERE a = ?")
    assert compiled.text == "SELECT 'it''s ?' WHERE a = $1"


def test_sqlite_functions_get_their_postgresql_names() -> None:
    compiled = compile_sql(
        "SELECT json_group_array(json_array(a, b)), max(a), min(a, max(b, c)),"
        " coalesce(max(seat), -1), instr(lower(n), ?), IFNULL(a, 0), t.max(1, 2) FROM t"
    )
    assert compiled.text == (
        "SELECT json_agg(json_build_array(a, b)), max(a), least(a, greatest(b, c)),"
        " coalesce(max(seat), -1), strpos(lower(n), $1), coalesce(a, 0), t.max(1, 2) FROM t"
    )


def test_mixing_placeholder_styles_is_refused() -> None:
    with pytest.raises(ValueError, match="mixes"):
        compile_sql("SELECT ? WHERE a = :a")
