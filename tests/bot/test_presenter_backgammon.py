"""The backgammon presenter: rolls, turns and the cube in words, whole turns as suggestions
(most natural first), the picker's steps, the picture, and the ``.mat`` record."""

from __future__ import annotations

import io
import random

from PIL import Image

from bot.presenters import BoardView, Ply, RecordInfo
from bot.presenters.backgammon import BackgammonPresenter
from rules.games import Reason, find_game
from rules.games.backgammon import BackgammonSession

P = BackgammonPresenter()
START = find_game("backgammon").start()
PLAYERS = {"white": "Al", "black": "Bo"}
#: White to play 6-2 with a Black blot on White's 11 point.
HIT_SETUP = ["roll:6-1", "13/7 8/7", "roll:6-4", "24/14", "roll:6-2"]


def _game(actions: list[str], start: str = START) -> tuple[BackgammonSession, list[Ply]]:
    session = find_game("backgammon").session(start)
    assert isinstance(session, BackgammonSession)
    plies = []
    for action in actions:
        before = session.position_text()
        result = session.play(action)
        plies.append(Ply(result, before, session.position_text()))
    return session, plies


def test_the_opening_roll_names_both_dice_and_who_plays_them() -> None:
    _, plies = _game(["roll:3-3", "roll:1-6"])
    assert P.describe("Al", plies[0]) == "Opening roll: both dice show 3 — the bot rolls again"
    assert P.describe("Al", plies[1]) == "Opening roll: White 1, Black 6 — Black plays 6-1"


def test_a_turn_says_the_dice_it_played_and_where_it_hit() -> None:
    _, plies = _game([*HIT_SETUP, "24/18 13/11*"])
    assert P.describe("Al", plies[1]) == "Al (White) rolled 6-1 and played `13/7 8/7`"
    assert P.describe("Al", plies[4]) == "Al (White) rolled 6-2"
    assert P.describe("Al", plies[-1]) == (
        "Al (White) rolled 6-2 and played `24/18 13/11*`, hitting on 11"
    )


def test_the_cube_and_a_pass_in_words() -> None:
    _, plies = _game(["roll:6-1", "13/7 8/7", "double", "take"])
    assert P.describe("Al", plies[2]) == "Al (Black) doubles: the cube would go to 2"
    assert P.describe("Bo", plies[3]) == "Bo (White) takes: the cube is at 2, now White's"
    _, plies = _game(["roll:6-1", "13/7 8/7", "double", "drop"])
    assert P.describe("Bo", plies[3]) == "Bo (White) drops the double and gives up 1 point"
    # White's checker on the bar against a closed board: the turn is a pass
    closed = "backgammon:XGID=------N-----c------bbbbbbA:0:0:1:64:0:0:0:0:10"
    _, plies = _game(["pass"], closed)
    assert P.describe("Al", plies[0]) == "Al (White) rolled 6-4 and cannot move: the turn passes"


def test_suggestions_are_whole_turns_for_the_dice_most_natural_first() -> None:
    session, _ = _game(["roll:6-1"])
    values = [s.value for s in P.suggestions(session, "")]
    assert values[0] == "13/7 8/7"
    assert sorted(values) == sorted(session.format(m) for m in session.legal_moves())
    assert [s.value for s in P.suggestions(session, "24/18")] == [
        v for v in values if v.startswith("24/18")
    ]
    # a hit comes first and is marked
    session, _ = _game(HIT_SETUP)
    first = P.suggestions(session, "")[0]
    assert first.value == "13/11* 7/1*" and first.name == "13/11* 7/1* ✕ hits 2"
    # never more than Discord's 25 choices (a double has many turns)
    session, _ = _game(["roll:6-1", "13/7 8/7", "roll:1-1"])
    assert len(P.suggestions(session, "")) == 25


def test_suggestions_offer_the_cube_words_never_the_dice() -> None:
    session, _ = _game(["roll:6-1", "13/7 8/7"])
    assert [s.value for s in P.suggestions(session, "")] == ["double"]
    session.play("double")
    assert [s.value for s in P.suggestions(session, "")] == ["take", "drop"]
    assert [s.value for s in P.suggestions(session, "d")] == ["drop"]
    session.play("take")
    assert P.suggestions(session, "") == []  # the cube is White's: Black only rolls


def test_the_picker_starts_from_the_first_step_and_ends_with_the_whole_turn() -> None:
    session, _ = _game(["roll:6-1"])
    paths = P.pick_paths(session)
    assert len(paths) == len(session.legal_moves())
    assert all(p.labels == (f"First {p.action.split()[0]}", p.action) for p in paths)
    session, _ = _game(["roll:6-1", "13/7 8/7", "double"])
    assert [p.action for p in P.pick_paths(session)] == ["take", "drop"]


def test_pictures_show_a_turn_a_double_and_the_result() -> None:
    session, plies = _game([*HIT_SETUP, "24/18 13/11*", "double"])
    for view in (
        BoardView(plies[3].after, PLAYERS, last=plies[3]),
        BoardView(session.position_text(), PLAYERS, last=plies[-1]),
    ):
        with Image.open(io.BytesIO(P.picture(view))) as img:
            assert img.format == "PNG" and img.width >= 300
    session.play("drop")
    outcome = session.outcome
    assert outcome is not None
    view = BoardView(session.position_text(), PLAYERS, outcome=outcome)
    assert P.caption_status(view) == "Bo (Black) wins 1 point — double dropped"
    with Image.open(io.BytesIO(P.picture(view))) as img:
        assert img.format == "PNG"


def _info(session: BackgammonSession, winner: str | None, reason: Reason | None) -> RecordInfo:
    active = winner is None and reason is None
    return RecordInfo(7, "B", PLAYERS, START, session.position_text(), winner, reason, active)


def test_the_record_is_a_mat_file_finished_resigned_or_still_going() -> None:
    actions = ["roll:6-1", "13/7 8/7", "double", "drop"]
    session, _ = _game(actions)
    text = P.record_text(_info(session, "black", Reason.DROP), actions)
    assert text.startswith(" 0 point match") and " Drops" in text and "Al : 0" in text
    assert P.record_filename(7) == "backgammon-game-7.mat"
    going = actions[:3]
    session, _ = _game(going)
    text = P.record_text(_info(session, None, None), going)
    assert "Doubles => 2" in text and "Wins" not in text
    resigned = ["roll:6-1", "13/7 8/7", "double", "take", "roll:5-2"]
    session, _ = _game(resigned)
    text = P.record_text(_info(session, "white", Reason.RESIGNATION), resigned)
    assert "Wins 2 points" in text  # a single game times the cube at 2


def test_a_random_game_to_its_end_is_told_pictured_and_recorded() -> None:
    rng = random.Random(20)
    session = find_game("backgammon").session()
    assert isinstance(session, BackgammonSession)
    actions: list[str] = []
    last = None
    while session.outcome is None:
        if session.chance_due:
            action = session.roll(rng)
        else:
            action = P.suggestions(session, "")[0].value if P.suggestions(session, "") else "pass"
        before = session.position_text()
        result = session.play(action)
        last = Ply(result, before, session.position_text())
        assert P.describe("Al", last)
        actions.append(action)
    outcome = session.outcome
    view = BoardView(session.position_text(), PLAYERS, last=last, outcome=outcome)
    assert Image.open(io.BytesIO(P.picture(view))).format == "PNG"
    text = P.record_text(_info(session, outcome.winner, outcome.reason), actions)
    assert f"Wins {outcome.points} point" in text


def _drawn(monkeypatch, board: BoardView) -> tuple[tuple[int, int], str | None]:
    """The score and caption status a board picture is drawn with (a spy on the renderer the
    scene's drawer calls, which still draws)."""
    import rendering.backgammon as drawer_module

    seen: list[tuple[tuple[int, int], str | None]] = []
    real = drawer_module.compose_backgammon

    def spy(position, **kwargs):
        seen.append((position.score, kwargs["caption"].status))
        return real(position, **kwargs)

    monkeypatch.setattr(drawer_module, "compose_backgammon", spy)
    P.picture(board)
    return seen[-1]


def test_a_match_games_final_picture_shows_the_score_after_it(monkeypatch) -> None:
    """The position holds the score before the game; the final picture must not show it, and
    a game that wins the match says so (issue 30.17)."""
    from rules.games import GameOutcome

    start = find_game("backgammon").start({"match": "5"})
    going_on = BoardView(start, PLAYERS, outcome=GameOutcome("black", Reason.GAMMON, points=2))
    score, status = _drawn(monkeypatch, going_on)
    assert score == (0, 2) and status is not None and "Match to 5 won" not in status
    during = BoardView(start, PLAYERS)
    assert _drawn(monkeypatch, during)[0] == (0, 0)  # a game going on: the score before it
    decider = BoardView(start, PLAYERS, outcome=GameOutcome("white", Reason.RESIGNATION, points=8))
    score, status = _drawn(monkeypatch, decider)
    assert score == (8, 0)
    assert status == "Match to 5 won by Al (White)"


#: The Crawford game of a match to 5 (White 4, Black 2), White to play 5-2 from the start.
CRAWFORD = "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:52:4:2:1:5:10"


def _rgb(board: BoardView) -> Image.Image:
    with Image.open(io.BytesIO(P.picture(board))) as img:
        return img.convert("RGB")


def _near(img: Image.Image, centre: tuple[float, float], colour: tuple[int, int, int]) -> float:
    """Share of a small box around ``centre`` within 30 of ``colour``."""
    cx, cy = round(centre[0]), round(centre[1])
    px = [img.getpixel((x, y)) for x in range(cx - 6, cx + 6) for y in range(cy - 6, cy + 6)]
    close = [max(abs(a - b) for a, b in zip(p, colour, strict=True)) <= 30 for p in px]  # type: ignore[arg-type]
    return sum(close) / len(close)


def test_the_picture_is_seen_from_the_boards_view_and_the_crawford_game_has_no_cube() -> None:
    """``/board view:black`` shows Black's home board bottom right (Black's 6-point stack
    where White's is in White's view); in the Crawford game the cube is not drawn, in the
    game after it (same score, Crawford over) it is."""
    from rendering import THEMES
    from rendering.backgammon_layout import backgammon_layout

    light, lay = THEMES["light"], backgammon_layout()
    assert find_game("backgammon").session(CRAWFORD).view().extra.get("crawford")
    white = _rgb(BoardView(CRAWFORD, PLAYERS))
    black = _rgb(BoardView(CRAWFORD, PLAYERS, view="black"))
    six = lay.checker_centre(6, 0)  # bottom right's 6-point, in White's view White's
    assert _near(white, six, light.white_fill) > 0.5
    assert _near(black, six, light.black_fill) > 0.5
    assert _near(black, lay.checker_centre(19, 0), light.white_fill) > 0.5  # White's 6, on top
    cube = lay.cube_centre(None)
    after = CRAWFORD.replace(":1:5:10", ":0:5:10")  # the game after the Crawford game
    for img in (white, black):
        assert _near(img, cube, light.frame) == 1
    assert _near(_rgb(BoardView(after, PLAYERS)), cube, light.frame) < 0.5


def test_the_drawer_is_told_the_view_and_a_replay_keeps_its_numbering(monkeypatch) -> None:
    import rendering.backgammon as drawer_module

    seen: list[dict[str, object]] = []
    real = drawer_module.compose_backgammon

    def spy(position, **kwargs):
        seen.append(kwargs)
        return real(position, **kwargs)

    monkeypatch.setattr(drawer_module, "compose_backgammon", spy)
    P.picture(BoardView(CRAWFORD, PLAYERS, view="black"))
    assert (seen[-1]["view"], seen[-1]["numbering"]) == ("black", None)  # the side to move's
    # a replay's frames number the points from its view throughout, whoever is to move
    _, plies = _game(["roll:6-1", "13/7 8/7", "roll:5-2"])
    frames = [BoardView(ply.after, PLAYERS, last=ply, view="black") for ply in plies]
    P.replay(frames)
    assert [(k["view"], k["numbering"]) for k in seen[-3:]] == [("black", "black")] * 3
