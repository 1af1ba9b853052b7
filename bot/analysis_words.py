"""Words of the analysis (issue 33) that the board's own modules show (the Analysis button
under a final board), kept in the analysis's catalog domain with the rest of its words."""

from __future__ import annotations

from .i18n import mark

__all__ = ["ANALYSIS_LABEL"]

ANALYSIS_LABEL = mark("Analysis")
"""The button under a finished game's final board."""
