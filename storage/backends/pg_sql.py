"""The repositories' SQL, as PostgreSQL runs it.

The repositories write one dialect: SQLite's placeholders (``?`` and ``:name``) and a few
SQLite function names. This module rewrites a statement's text once (cached) for PostgreSQL:

- ``?`` becomes ``$1``, ``$2``, ... in order; ``:name`` becomes one ``$n`` per distinct name
  (``::`` casts are left alone);
- ``json_group_array`` → ``json_agg``, ``json_array`` → ``json_build_array``, ``instr`` →
  ``strpos`` (same argument order), ``ifnull`` → ``coalesce``;
- the two-argument scalar ``max(a, b)`` / ``min(a, b)`` → ``greatest`` / ``least`` (one
  argument stays the aggregate).

String literals (``'...'``), quoted identifiers (``"..."``) and comments are copied untouched,
so a ``?`` or ``:x`` inside a literal is never mistaken for a placeholder. Everything else that
differs between the two (booleans, ``IS`` against a value, subquery aliases, ...) is written
in a form both accept; docs/storage.md lists the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

__all__ = ["Compiled", "compile_sql", "bind"]

_RENAMED = {
    "json_group_array": "json_agg",
    "json_array": "json_build_array",
    "instr": "strpos",
    "ifnull": "coalesce",
}
_SCALAR_WHEN_SEVERAL = {"max": "greatest", "min": "least"}


@dataclass(frozen=True)
class Compiled:
    """A statement rewritten for PostgreSQL and how to order its arguments."""

    text: str
    #: ``None``: positional (``?``), the arguments in the given order; else the ``:name`` of
    #: each ``$n`` in turn.
    names: tuple[str, ...] | None
    positional: int


def _skip_quoted(sql: str, start: int, quote: str) -> int:
    """The index just past the literal or identifier opening at ``start`` (doubled quotes
    are the escape in both dialects)."""
    i = start + 1
    while i < len(sql):
        if sql[i] == quote:
            if i + 1 < len(sql) and sql[i + 1] == quote:
                i += 2
                continue
            return i + 1
        i += 1
    raise ValueError(f"unterminated {quote} in SQL: {sql[:80]!r}")


def _skip_comment(sql: str, start: int) -> int:
    if sql.startswith("--", start):
        end = sql.find("\n", start)
        return len(sql) if end < 0 else end
    end = sql.find("*/", start + 2)
    if end < 0:
        raise ValueError(f"unterminated comment in SQL: {sql[:80]!r}")
    return end + 2


def _argument_count(sql: str, open_paren: int) -> int:
    """How many top-level arguments the call whose ``(`` is at ``open_paren`` has."""
    depth = 0
    count = 1
    i = open_paren
    empty = True
    while i < len(sql):
        ch = sql[i]
        if ch in "'\"":
            i = _skip_quoted(sql, i, ch)
            empty = False
            continue
        if sql.startswith("--", i) or sql.startswith("/*", i):
            i = _skip_comment(sql, i)
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return 0 if empty else count
        elif ch == "," and depth == 1:
            count += 1
        elif not ch.isspace() and depth >= 1 and i != open_paren:
            empty = False
        i += 1
    raise ValueError(f"unbalanced parentheses in SQL: {sql[:80]!r}")


@lru_cache(maxsize=2048)
def compile_sql(sql: str) -> Compiled:
    """``sql`` (the repositories' dialect) as PostgreSQL text; see the module docstring."""
    out: list[str] = []
    names: list[str] = []
    positional = 0
    i = 0
    n = len(sql)
    while i < n:
        ch = sql[i]
        if ch in "'\"":
            end = _skip_quoted(sql, i, ch)
            out.append(sql[i:end])
            i = end
        elif sql.startswith("--", i) or sql.startswith("/*", i):
            end = _skip_comment(sql, i)
            out.append(sql[i:end])
            i = end
        elif ch == "?":
            positional += 1
            out.append(f"${positional}")
            i += 1
        elif ch == ":" and i + 1 < n and sql[i + 1] == ":":
            out.append("::")
            i += 2
        elif ch == ":" and i + 1 < n and (sql[i + 1].isalpha() or sql[i + 1] == "_"):
            j = i + 1
            while j < n and (sql[j].isalnum() or sql[j] == "_"):
                j += 1
            name = sql[i + 1 : j]
            if name not in names:
                names.append(name)
            out.append(f"${names.index(name) + 1}")
            i = j
        elif ch.isalpha() or ch == "_":
            j = i
            while j < n and (sql[j].isalnum() or sql[j] in "_$"):
                j += 1
            word = sql[i:j]
            k = j
            while k < n and sql[k].isspace():
                k += 1
            lower = word.lower()
            is_call = k < n and sql[k] == "(" and (i == 0 or sql[i - 1] != ".")
            if is_call and lower in _RENAMED:
                word = _RENAMED[lower]
            elif is_call and lower in _SCALAR_WHEN_SEVERAL and _argument_count(sql, k) > 1:
                word = _SCALAR_WHEN_SEVERAL[lower]
            out.append(word)
            i = j
        else:
            out.append(ch)
            i += 1
    if positional and names:
        raise ValueError(f"SQL mixes ? and :name placeholders: {sql[:80]!r}")
    return Compiled("".join(out), tuple(names) if names else None, positional)


def bind(compiled: Compiled, params: Sequence[Any] | Mapping[str, Any]) -> list[Any]:
    """The arguments for ``compiled``'s ``$1 ... $n`` from the repository's parameters."""
    if compiled.names is None:
        if isinstance(params, Mapping):
            if params:
                raise ValueError("named parameters given for a statement with ? placeholders")
            return []
        args = list(params)
        if len(args) != compiled.positional:
            raise ValueError(
                f"the statement has {compiled.positional} placeholders, {len(args)} values given"
            )
        return args
    if not isinstance(params, Mapping):
        raise ValueError("a statement with :name placeholders needs a mapping of values")
    return [params[name] for name in compiled.names]
