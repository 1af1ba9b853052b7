"""Checks that a message the bot sent is whole: within Discord's limits and with no markdown
cut in half (an unclosed bold or code span, half a mention or timestamp)."""

from __future__ import annotations

import re

_ESCAPED = re.compile(r"\\.")
_CODE = re.compile(r"`[^`]*`")
_TAG = re.compile(r"<(@!?|@&|#|t:)\d[^>]*>")


def unclosed_markdown(text: str) -> list[str]:
    """What is left open in ``text`` ([] when nothing): bold, code spans, mentions, brackets."""
    plain = _ESCAPED.sub("", text)
    problems = []
    if plain.count("```") % 2:
        problems.append("code block")
    plain = plain.replace("```", "")
    if plain.count("`") % 2:
        problems.append("code span")
    plain = _CODE.sub("", plain)
    if plain.count("**") % 2:
        problems.append("bold")
    if re.search(r"<(@!?|@&|#|t:)[\d:A-Za-z]*$", plain):
        problems.append("mention or timestamp")
    plain = _TAG.sub("", plain)
    if plain.count("(") != plain.count(")"):
        problems.append("parenthesis")
    return problems


def assert_whole(text: str, limit: int = 2000) -> None:
    assert len(text) <= limit, f"{len(text)} characters: {text[:80]!r}…"
    assert not unclosed_markdown(text), (unclosed_markdown(text), text)
