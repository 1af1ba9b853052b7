"""Spec review of rules.md sections 3 (``schadler``) and 4 (``lat``), checked as an external tool
would: through ``python -m rules`` in a subprocess.

Each test names the spec sentence it reads. They complement test_schadler.py and test_lat.py with
the cases a reviewer would try first to expose a misreading.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PIECE_LETTERS = "CQVBcqvb"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules", *args], capture_output=True, text=True, check=False
    )


def lpn(variant: str, pieces: str, side: str = "w", extra: str = "") -> str:
    """LPN from ``"Cd4 c*e5 ..."`` (letter, optional ``*``, square)."""
    width = 11 if variant == "lat" else 8
    board: dict[str, str] = {}
    for token in pieces.split():
        symbol = token[:2] if token[1] == "*" else token[0]
        assert symbol[0] in PIECE_LETTERS
        board[token[len(symbol) :]] = symbol
    rows = []
    for rank in range(8, 0, -1):
        out, empty = "", 0
        for f in range(width):
            here = board.get(f"{chr(97 + f)}{rank}")
            if here is None:
                empty += 1
                continue
            if empty:
                out, empty = out + str(empty), 0
            out += here
        rows.append(out + (str(empty) if empty else ""))
    text = f"{variant}:{'/'.join(rows)} {side}"
    return f"{text} {extra}" if extra else text


def play(position: str, *moves: str) -> dict[str, object]:
    done = cli("play", position, *moves)
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def effects(position: str, *moves: str) -> list[tuple[str, list[str], list[str]]]:
    out = play(position, *moves)["moves"]
    assert isinstance(out, list)
    return [(m["move"], m["captured"], m["released"]) for m in out]


def moves(position: str) -> list[str]:
    done = cli("moves", position)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


# ----- schadler ---------------------------------------------------------------------------------

# White c3 jumps over c4 to c5 (between black b5/d5 and c4/c6: legal because it traps b5 against
# a5 and c6 against c7), then over d5 to e5 (between d5 and f5: traps f5 against g5).
LANDINGS = lpn("schadler", "Cc3 cc4 cd5 cb5 Ca5 cc6 Cc7 cf5 Cg5 ch8 Ch1", extra="hand=0,0")


def test_schadler_trapping_at_every_landing_and_net_effects() -> None:
    # "At every landing square of a step or jump, each enemy free counter on a neighbour ...
    # becomes alligatus"; "A counter trapped at an intermediate landing and free again at the end
    # of the same jump sequence appears in neither list."
    assert effects(LANDINGS, "c3-c5") == [("c3-c5", ["b5", "c6"], [])]
    assert effects(LANDINGS, "c3-c5-e5") == [("c3-c5-e5", ["f5"], [])]
    assert play(LANDINGS, "c3-c5-e5")["position"] == (
        "schadler:7c/2C5/2c5/Cc1cCc*C1/2c5/8/8/7C b hand=0,0"
    )


def test_schadler_trapping_a_trapper_midway_frees_the_victim_once_at_the_end() -> None:
    # White d4 is alligatus between black c4 and e4. White e7 jumps over e6 to e5, trapping e4
    # against e3 (rule 6), then on over f5 to g5. Release happens once, after the action: e4 is
    # then no longer held (e5 is empty again) and d4 is not held either (e4 was not free at that
    # moment). Net: d4 released, e4 in neither list.
    position = lpn("schadler", "C*d4 cc4 ce4 Ce3 Ce7 ce6 cf5 ch8 Ca1", extra="hand=0,0")
    assert effects(position, "e7-e5") == [("e7-e5", ["e4"], ["d4"])]
    assert effects(position, "e7-e5-g5") == [("e7-e5-g5", [], ["d4"])]
    assert play(position, "e7-e5-g5")["position"] == (
        "schadler:7c/8/4c3/5cC1/2cCc3/4C3/8/C7 b hand=0,0"
    )


def test_schadler_jump_ring_every_prefix_never_back_to_the_start() -> None:
    # "A jump sequence never lands twice on the same square or on its start square"; `moves`
    # lists every prefix that stops early as its own move.
    position = lpn("schadler", "Cc3 cd5 ce4 cd3 cc4 Ch8 Cg8 ca8", extra="hand=0,0")
    assert [m for m in moves(position) if m.startswith("c3")] == [
        "c3-b3",
        "c3-c2",
        "c3-c5",
        "c3-c5-e5",
        "c3-c5-e5-e3",
        "c3-e3",
        "c3-e3-e5",
        "c3-e3-e5-c5",
    ]
    done = cli("play", position, "c3-c5-e5-e3-c3")
    assert done.returncode == 2
    assert "c3: a jump sequence cannot land twice on the same square (its start square)" in (
        done.stderr
    )


def test_schadler_rule_7_alligatus_flanker_forbids_the_landing_and_every_longer_sequence() -> None:
    # "flanked on a line by two enemy counters (free or alligatus) only if that landing traps at
    # least one enemy counter ... and so is every longer sequence through it."
    position = lpn("schadler", "Cc3 cc4 c*b5 Cb4 Cb6 cd5 Ch1 ch8", extra="hand=0,0")
    assert not [m for m in moves(position) if m.startswith("c3-c5")]
    done = cli("play", position, "c3-c5-e5")
    assert done.returncode == 2 and "(rule 7)" in done.stderr


def test_schadler_removal_forms_and_only_enemy_alligatus() -> None:
    position = lpn("schadler", "C*d4 cc4 ce4 Ca1 Ch1 ch8", "b", "hand=0,0")
    for typed in ("xd4", "Xd4", "x d4", "X D4"):
        assert effects(position, typed) == [("xd4", ["d4"], [])]
    for typed, why in (("xa1", "free counter"), ("xc4", "your own counter"), ("xb2", "empty")):
        done = cli("play", position, typed)
        assert done.returncode == 2 and why in done.stderr


def test_schadler_removal_to_one_counter_ends_the_game() -> None:
    position = lpn("schadler", "C*d4 cc4 ce4 Ca1 ch8", "b", "hand=0,0")
    out = play(position, "xd4")
    assert out["outcome"] == {"winner": "black", "reason": "one_counter_left"}
    assert moves(str(out["position"])) == []


def test_schadler_passes_1_then_a_forced_pass_is_a_blocked_draw() -> None:
    position = lpn("schadler", "C*a1 ca2 cb1 C*h1 cg1 ch2", "w", "hand=0,0 passes=1")
    assert moves(position) == ["pass"]
    out = play(position, "PASS")
    assert out["outcome"] == {"winner": None, "reason": "blocked"}
    assert out["position"] == "schadler:8/8/8/8/8/8/c6c/C*c4cC* b hand=0,0 passes=2"
    assert moves(str(out["position"])) == []
    done = cli("play", str(out["position"]), "b1-c1")
    assert done.returncode == 2 and "the game is over" in done.stderr


def test_schadler_repetition_leaves_only_a_forced_pass() -> None:
    # White's only free counter shuffles h1-h2; its only move would make a position a third time,
    # so it has no legal action and passes ("If that leaves the side to move without moves, the
    # variant's 'no legal move' rule applies").
    position = lpn("schadler", "C*a1 ca2 cb1 Ch1 cg1 cf1 cg2 cf2 ch3 ch4 ce8", "b", "hand=0,0")
    shuffle = ("e8-e7", "h1-h2", "e7-e8", "h2-h1", "e8-e7", "h1-h2", "e7-e8")
    after = str(play(position, *shuffle)["position"])
    done = cli("play", position, *shuffle, "h2-h1")
    assert done.returncode == 2 and "third time" in done.stderr
    assert "pass" in cli("play", position, *shuffle, "pass").stdout
    assert moves(after) != ["pass"]  # without the history h2-h1 is legal


# ----- lat --------------------------------------------------------------------------------------

LAT_WHITE = "Vk1 Vk2 Vj1 Bj2"  # fillers: keep both sides above three pieces
LAT_BLACK = "vk8 vk7 vj8 bj7"


@pytest.mark.parametrize(
    ("pieces", "move", "captured"),
    [
        # Valkyrie: M of any type, any piece beyond (the victim's own too).
        ("Qa1 qa8 Be2 ve5 be6", "e2-e4", ["e5"]),
        ("Qa1 qa8 Ve2 ve5", "e2-e4", []),
        # Berserker (a): M a Berserker or the Queen, an enemy Berserker or Queen beyond.
        ("Qa1 qa8 Be2 be5 Be6", "e2-e4", ["e5"]),
        ("Qe6 qa8 Be2 be5", "e2-e4", ["e5"]),
        ("Qe2 qa8 Be6 be5", "e2-e4", ["e5"]),
        ("Qa1 qa8 Be2 be5 Ve6", "e2-e4", []),
        ("Qa1 qa8 Ve2 be5 Be6", "e2-e4", []),
        ("Qa1 qa8 Be2 be5 be6", "e2-e4", []),
        # Berserker (b): every on-board neighbour an enemy Valkyrie or Queen, M among them.
        ("Qe2 qa8 be5 Vd5 Vf5 Ve6", "e2-e4", ["e5"]),
        ("Qa1 qa8 Be2 be5 Vd5 Vf5 Ve6", "e2-e4", []),
        ("Qa1 qa8 Ve2 be5 Vd5 vf5 Ve6", "e2-e4", []),
        ("Qa1 qa8 Vc2 bd1 Vc1 Ve1", "c2-d2", ["d1"]),
        ("Qa1 qa8 Bc2 bd1 Vc1 Ve1", "c2-d2", []),
        # Corner rule: both neighbours enemies.
        ("Qe1 qe8 Va3 va1 vb1", "a3-a2", []),
        ("Qe1 qe8 Va3 ba1 Bb1", "a3-a2", ["a1"]),
        # Queen: every on-board neighbour any piece, M an enemy (edge: three).
        ("Qa1 qe5 Be2 vd5 vf5 Be6", "e2-e4", ["e5"]),
        ("Qa1 qe5 Be2 vd5 Be6", "e2-e4", []),
        ("Qa1 qe1 Be3 vd1 vf1", "e3-e2", ["e1"]),
        ("Qa1 qe1 Bh1 vd1 ve2", "h1-f1", ["e1"]),
        ("Qe1 qa1 Ba3 vb1", "a3-a2", ["a1"]),
    ],
)
def test_lat_capture_rows(pieces: str, move: str, captured: list[str]) -> None:
    position = lpn("lat", f"{pieces} {LAT_WHITE} {LAT_BLACK}")
    assert effects(position, move) == [(move, captured, [])]


@pytest.mark.parametrize(
    ("pieces", "move", "captured"),
    [
        # Black down to 3 (Queen included): two sides, any piece beyond.
        (f"Qa1 qe5 Ve2 Ve6 vb8 vc8 {LAT_WHITE}", "e2-e4", ["e5"]),
        # White (the capturer) down to 3 counts too; her own Valkyrie beyond completes it.
        (f"Qa1 qe5 Ve2 ve6 Vb1 {LAT_BLACK}", "e2-e4", ["e5"]),
        # Two sides still need a piece beyond: three shut sides with the fourth open do not.
        (f"Qa1 qe5 Be2 vd5 vf5 {LAT_WHITE}", "e2-e4", []),
        # "also": weakening only adds a way. On the edge, three sides with M from the inside
        # (nothing beyond her but the edge) still take her, as at full strength.
        (f"Qa1 qe1 Be3 vd1 vf1 {LAT_WHITE}", "e3-e2", ["e1"]),
        # Four black pieces right after the move, before d4 is removed: the Queen keeps the
        # four-sides rule although only three black pieces remain afterwards.
        (f"Qa1 qe5 Ve2 ve6 vd4 bc8 Vc4 {LAT_WHITE}", "e2-e4", ["d4"]),
    ],
)
def test_lat_three_or_fewer_switch(pieces: str, move: str, captured: list[str]) -> None:
    assert effects(lpn("lat", pieces), move) == [(move, captured, [])]


def test_lat_only_queen_left_is_checked_before_no_legal_moves() -> None:
    # White takes Black's last piece but the Queen, who is also shut in on k8: the first check
    # that applies decides.
    position = lpn("lat", "Qa1 Vj8 Vk7 qk8 vb5 Vb6 Vb3")
    out = play(position, "b3-b4")
    assert out["outcome"] == {"winner": "white", "reason": "only_queen_left"}
    assert moves(str(out["position"])) == []


def test_lat_start_position_and_board() -> None:
    start = "lat:vbvbvbvbvbv/5q5/11/11/11/11/5Q5/VBVBVBVBVBV w"  # Queens on f2 and f7
    assert cli("start", "lat").stdout.strip() == start
    assert len(moves("lat")) == 74
    for text, why in (
        ("a1-l1", "l1 is not on this 11x8 board"),
        ("pass", "there is no passing in lat"),
        ("xd4", "is not a lat move"),
    ):
        done = cli("play", start, text)
        assert done.returncode == 2 and why in done.stderr
