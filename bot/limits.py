"""Discord's size limits, and the one way the bot fits text into them.

Discord refuses a message over 2,000 characters (the user then sees only "something went
wrong"), more than 25 autocomplete choices or select options, and choice names over 100
characters. Every reply whose length depends on data (games, moves, names) goes through
:func:`fit_lines`, :func:`paginate` or :func:`cut`, which shorten at whole lines or words and
never leave markdown half open: a cut never ends inside bold, a code span or a mention.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial

from .i18n import DEFAULT_LANGUAGE, translate_plural

__all__ = [
    "MAX_ALT_TEXT",
    "MAX_CHOICES",
    "MAX_CHOICE_NAME",
    "MAX_CONTENT",
    "MAX_EMBED_DESCRIPTION",
    "MAX_SELECT_OPTIONS",
    "cut",
    "fit_lines",
    "is_balanced",
    "paginate",
]

MAX_CONTENT = 2000
"""Characters of a message's text."""
MAX_EMBED_DESCRIPTION = 4096
MAX_CHOICES = 25
"""Autocomplete choices (and command choices) per option."""
MAX_CHOICE_NAME = 100
MAX_SELECT_OPTIONS = 25
MAX_ALT_TEXT = 1024
"""An attachment's description (its alt text)."""
ELLIPSIS = "…"

_ESCAPED = re.compile(r"\\.", re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`]*`")
_OPEN_TAG = re.compile(r"<(@[!&]?|#|t:)?[\d:A-Za-z]*$")


def is_balanced(text: str) -> bool:
    """Whether ``text`` leaves no markdown open: code blocks and spans, bold, and a mention or
    timestamp (``<@…>``, ``<t:…>``) cut before its ``>``. Escaped characters do not count."""
    plain = _ESCAPED.sub("", text)
    if plain.endswith("\\"):
        return False
    if plain.count("```") % 2:
        return False
    plain = plain.replace("```", "")
    if plain.count("`") % 2:
        return False
    plain = _CODE_SPAN.sub("", plain)
    return plain.count("**") % 2 == 0 and not _OPEN_TAG.search(plain)


def cut(text: str, limit: int) -> str:
    """``text`` if it fits in ``limit`` characters, else its longest start that ends at a word
    break with no markdown left open, followed by "…"."""
    if len(text) <= limit:
        return text
    room = limit - len(ELLIPSIS)
    head = text[:room]
    while head:
        if is_balanced(head):
            return head.rstrip() + ELLIPSIS
        space = max(head.rfind(" "), head.rfind("\n"))
        head = head[:space] if space > 0 else ""
    # one unbreakable open construct: drop the markdown characters rather than cut one open
    return re.sub(r"[*_`~|<>\\]", "", text)[:room].rstrip() + ELLIPSIS


def fit_lines(
    lines: Sequence[str],
    limit: int = MAX_CONTENT,
    *,
    keep_head: int = 0,
    keep_tail: int = 0,
    more: Callable[[int], str] | None = None,
    language: str = DEFAULT_LANGUAGE,
) -> str:
    """Join ``lines`` with newlines within ``limit`` characters.

    When they do not fit, the middle lines (after the first ``keep_head``, before the last
    ``keep_tail``, which are always kept) are dropped from the end, whole, and ``more(n)``
    says how many were left out (by default "… and 3 more." in ``language``). A kept line that
    alone is too long is :func:`cut`.
    """
    if more is None:
        more = partial(_and_more, language=language)
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    head = list(lines[:keep_head])
    tail = list(lines[len(lines) - keep_tail :]) if keep_tail else []
    middle = list(lines[keep_head : len(lines) - keep_tail])
    fixed = [*head, *tail]
    room = limit - len(more(len(middle))) - len(fixed)
    if len("\n".join(fixed)) > room:  # the kept lines alone are too long: each gets a share
        share = max(1, room // max(1, len(fixed)))
        head = [cut(line, share) for line in head]
        tail = [cut(line, share) for line in tail]
    kept: list[str] = []
    for n in range(len(middle), -1, -1):
        kept = middle[:n]
        dropped = len(middle) - n
        body = [*head, *kept, *([more(dropped)] if dropped else []), *tail]
        if len("\n".join(body)) <= limit:
            return "\n".join(body)
    return cut("\n".join([*head, *tail]), limit)


def _and_more(count: int, language: str) -> str:
    return translate_plural("… and {count} more.", "… and {count} more.", count, language)


def paginate(lines: Sequence[str], limit: int = MAX_CONTENT) -> list[list[str]]:
    """Split ``lines`` into pages whose lines, joined by newlines, fit in ``limit``
    characters each (a line too long for a page alone is :func:`cut`). Always one page at
    least, so an empty list still has a page to show."""
    pages: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = cut(line, limit)
        extra = len(line) + (1 if pages[-1] else 0)
        if pages[-1] and size + extra > limit:
            pages.append([])
            size, extra = 0, len(line)
        pages[-1].append(line)
        size += extra
    return pages
