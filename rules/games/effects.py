"""What an action did, as typed effects: the one report every surface reads.

:meth:`Session.push <rules.games.base.Session.push>` returns an
:class:`~rules.games.base.ActionResult` whose ``effects`` list, in the order they happened, what
the action changed on the board and in the game: pieces moved (with the path of a jump), taken,
released, promoted, placed; backgammon's hits, checkers borne off, the cube; dice rolled; ludo's
tokens knocked home; a seat finishing; the outcome. The bot's words, the pictures, the replay
GIF, the computer and the web board read these, and never parse a position or a move text again
to learn what happened.

Conventions shared with :mod:`rules.games.view`:

* A **cell** is a string in the game's own naming: square names in chess and Latrunculi
  (``"e4"``, ``"d5"``), square numbers in draughts (``"12"``), point numbers in backgammon from
  White's side (``"1"`` … ``"24"``) plus ``"bar"`` and ``"off"``, ludo's track fields by number
  (``"17"``) plus ``"yard"``, home-column fields (``"home:3"``) and ``"home"`` (finished).

  - Backgammon: whoever moves, White's point ``p`` is ``"p"`` and Black's point ``q`` (Black's
    own numbering) is ``str(25 - q)``: Black's 24-point is ``"1"``, its 1-point ``"24"``, and
    Black bears off from ``"19"`` … ``"24"``. ``"bar"`` and ``"off"`` are the bar and the
    borne-off tray of the effect's seat.
  - Ludo: track fields ``"0"`` … ``"39"`` clockwise, red's start field ``"0"`` (blue ``"10"``,
    yellow ``"20"``, green ``"30"``), as the command line's ``captured`` numbers them; a
    colour's home line is ``"home:0"`` … ``"home:3"`` (progress 40–43, ``"home:0"`` next to the
    track), the same names for every colour (the seat says whose line); ``"yard"`` is the base
    and ``"home"`` the finish.
* A **seat** is the seat's name (``"white"``, ``"red"``).
* A **piece** is the game's own kind of piece, a lower-case word: ``"soldier"``, ``"eagle"``,
  ``"counter"`` (Latrunculi: the LPN letters ``S``, ``E`` (the dux), ``C`` (Schädler's
  counters), and LAT's ``"queen"``, ``"valkyrie"``, ``"berserker"`` for ``Q``, ``V``, ``B``);
  ``"pawn"``, ``"knight"``, ``"bishop"``, ``"rook"``, ``"queen"``, ``"king"`` (chess);
  ``"man"``, ``"king"`` (draughts); ``"checker"`` (backgammon); ``"token"`` (ludo).

Order within one action: the :class:`Moved` (or :class:`Placed`, :class:`Passed`) first, then
what it took (:class:`Taken`; a chess capture is taken on the square the mover now stands on:
the taken piece is the one of the losing ``seat`` there), what it released, what it promoted,
and :class:`Ended` last. A Schädler removal (``xd5``) is a :class:`Taken` alone.

How the dice games report an action (:mod:`.backgammon.contract`, :mod:`.ludo.contract`):

* backgammon: a roll is one :class:`Rolled` (the opening roll two, White's die then Black's,
  also when they tie); a turn is one :class:`Moved` per checker step in the order played, a
  :class:`Hit` right after the step that hits, a :class:`Borne` right after a step off; a
  forced pass is :class:`Passed`; ``double`` :class:`CubeOffered` (the value offered), ``take``
  :class:`CubeTaken` (the new value), ``drop`` :class:`Ended` (reason ``drop``); the turn that
  bears off the last checker ends with :class:`Ended` (single, gammon or backgammon, points
  times the cube).
* ludo: a roll is one :class:`Rolled` (the roll for the first turn one per colour rolling, in
  seat order); a move is one :class:`Moved` per token (two for ``BB-0``), then one
  :class:`Knocked` per token knocked; the last token home adds :class:`SeatFinished` and
  :class:`Ended` (``finished``, with the places); ``resign:red`` and ``timeout:red`` are
  :class:`Resigned` (the seat's tokens come off the board, yard and home included), followed
  by :class:`Ended` when one seat is left; a pass is :class:`Passed`.

Every effect is a frozen dataclass with a ``kind`` and :meth:`as_json`, so the whole list goes
to a web page as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

__all__ = [
    "Borne",
    "CubeOffered",
    "CubeTaken",
    "Effect",
    "Ended",
    "Hit",
    "Knocked",
    "Moved",
    "Passed",
    "Placed",
    "Promoted",
    "Released",
    "Resigned",
    "Rolled",
    "SeatFinished",
    "Taken",
    "effects_json",
]


@dataclass(frozen=True, slots=True)
class Effect:
    """One thing an action did. Subclasses set :attr:`kind`, the word used in JSON."""

    kind: ClassVar[str] = "effect"

    def as_json(self) -> dict[str, object]:
        """``{"kind": …, <field>: …}``; tuples become lists."""
        data: dict[str, object] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data


@dataclass(frozen=True, slots=True)
class Moved(Effect):
    """A piece of ``seat`` went from ``source`` to ``target``; ``path`` holds the cells it
    stopped on between them (a multiple jump, a Latrunculi multi-leap), not the ends. Castling
    is two :class:`Moved` (king, then rook); a backgammon checker entering moves from
    ``"bar"``; a ludo token leaving the yard moves from ``"yard"``."""

    kind: ClassVar[str] = "moved"
    seat: str
    piece: str
    source: str
    target: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Taken(Effect):
    """A piece of ``seat`` (the side that lost it) was taken off ``cell`` (en passant: the
    pawn's own square, not the target). A Latrunculi captive that stays on the board is
    ``Taken`` too, with ``stays`` set."""

    kind: ClassVar[str] = "taken"
    seat: str
    piece: str
    cell: str
    stays: bool = False


@dataclass(frozen=True, slots=True)
class Released(Effect):
    """A captive of ``seat`` on ``cell`` was freed (the Latrunculi rule sets that free them)."""

    kind: ClassVar[str] = "released"
    seat: str
    piece: str
    cell: str


@dataclass(frozen=True, slots=True)
class Promoted(Effect):
    """The piece of ``seat`` on ``cell`` became ``piece`` (a chess promotion, a draughts man
    crowned king, a Latrunculi promotion)."""

    kind: ClassVar[str] = "promoted"
    seat: str
    cell: str
    source_piece: str
    piece: str


@dataclass(frozen=True, slots=True)
class Placed(Effect):
    """A piece of ``seat`` was put on ``cell`` from the hand (a Latrunculi drop)."""

    kind: ClassVar[str] = "placed"
    seat: str
    piece: str
    cell: str


@dataclass(frozen=True, slots=True)
class Hit(Effect):
    """A backgammon blot of ``seat`` on ``cell`` was hit and went to the bar."""

    kind: ClassVar[str] = "hit"
    seat: str
    cell: str


@dataclass(frozen=True, slots=True)
class Borne(Effect):
    """A checker of ``seat`` was borne off from ``cell`` (backgammon)."""

    kind: ClassVar[str] = "borne"
    seat: str
    cell: str


@dataclass(frozen=True, slots=True)
class Knocked(Effect):
    """A ludo token of ``seat`` on ``cell`` was knocked back to its yard."""

    kind: ClassVar[str] = "knocked"
    seat: str
    cell: str


@dataclass(frozen=True, slots=True)
class Rolled(Effect):
    """``seat`` rolled ``dice`` (the bot's dice; backgammon's opening roll gives one die each:
    ``seat`` is then the one whose die it is)."""

    kind: ClassVar[str] = "rolled"
    seat: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CubeOffered(Effect):
    """``seat`` doubled: the cube is offered at ``value``."""

    kind: ClassVar[str] = "cube_offered"
    seat: str
    value: int


@dataclass(frozen=True, slots=True)
class CubeTaken(Effect):
    """``seat`` took the cube at ``value`` and owns it now."""

    kind: ClassVar[str] = "cube_taken"
    seat: str
    value: int


@dataclass(frozen=True, slots=True)
class Passed(Effect):
    """``seat`` had no legal move and passed (played by the rules themselves)."""

    kind: ClassVar[str] = "passed"
    seat: str


@dataclass(frozen=True, slots=True)
class Resigned(Effect):
    """``seat`` left the game (ludo's ``resign:red``; backgammon's dropped cube is
    :class:`Ended` with reason ``drop``)."""

    kind: ClassVar[str] = "resigned"
    seat: str


@dataclass(frozen=True, slots=True)
class SeatFinished(Effect):
    """``seat`` finished in ``place`` (1 = first): ludo's last token home."""

    kind: ClassVar[str] = "seat_finished"
    seat: str
    place: int


@dataclass(frozen=True, slots=True)
class Ended(Effect):
    """The game ended: ``winner`` (``None`` for a draw), the reason id (``Reason.value``), the
    points won (backgammon) and the places (ludo)."""

    kind: ClassVar[str] = "ended"
    winner: str | None
    reason: str
    points: int | None = None
    places: tuple[str, ...] = ()


def effects_json(effects: tuple[Effect, ...]) -> list[dict[str, object]]:
    """The effects of one action as JSON objects, in order."""
    return [e.as_json() for e in effects]
