"""Rise! against the computer as the page plays it: the screen's widgets in a running asyncio
loop (the kernel's), the computer thinking in a thread, the player tapping the board, a whole
game to its end at every level with no reload; and who plays, kept in the game's log."""

from __future__ import annotations

import asyncio
import random

import pytest

from companion.gamelog import GameStore
from companion.rise.game import Action, RiseRules, apply, start
from companion.rise.randomplay import random_action
from companion.rise.screens import KIND, RiseScreen

from .test_screen import tap

HANG = 120.0  # seconds: a computer turn not over by then is a page stuck on "thinking"


@pytest.fixture
def store(tmp_path):
    return GameStore(tmp_path)


def press(s: RiseScreen, h) -> None:
    """A tap that chooses: where the board zooms first (its tiles smaller than a finger), again."""
    for _ in range(4):
        view = (s.board.k, s.board.tx, s.board.ty)
        tap(s, tuple(h))
        if (s.board.k, s.board.tx, s.board.ty) == view:
            return
    raise AssertionError(f"tapping {h} only ever zoomed")


def tap_action(s: RiseScreen, a: Action) -> None:
    """The player's action made by taps on the board and the action buttons, as a player makes it."""
    kind = a["type"]
    mode = {"place": "play", "move": "play", "jump": "play"}.get(kind, kind)
    if kind == "pass":
        s.act(a)
        return
    if s.taps.mode != mode:
        s.mode_buttons[mode].click()
    if kind in ("place", "tile", "remove-tier"):
        taps = [a["at"]]
    elif kind == "move":
        taps = [a["from"], a["to"]]
    elif kind == "jump":
        taps = [a["from"], a["over"]]
    else:  # the two sacrifices
        taps = [*a["sacrifice"], a.get("target") or a["at"]]
    for h in taps:
        press(s, h)
    if mode != "play":
        s.mode_buttons["play"].click()


async def wait_for_the_computer(s: RiseScreen) -> None:
    """Until the computer has played: meanwhile the page answers a tap (with a sentence)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + HANG
    tapped = False
    while s.thinking or s.computer_to_move():
        assert loop.time() < end, f"the page stayed on: {s.status.value}"
        if s.thinking and not tapped:
            press(s, (0, 0))
            assert "computer&#x27;s turn" in s.message.value
            tapped = True
        await asyncio.sleep(0.02)


async def a_whole_game(store: GameStore, level: str, seed: int) -> RiseScreen:
    s = RiseScreen(store, rng=random.Random(seed))
    rng = random.Random(seed)
    s.opponent.value, s.computer_colour.value, s.level.value = "computer", "blue", level
    s.new_btn.click()
    while not s.position.over:
        assert s.position.turn < 400, "no end in sight"
        before = s.position
        a = random_action(before, rng, {"place": 3.0, "tile": 2.0})
        tap_action(s, a)
        assert s.position == apply(before, a), f"the taps did not make {a}: {s.message.value}"
        await wait_for_the_computer(s)
        assert not s.thinking and "thinking" not in s.status.value
        if not s.position.over:  # the player's turn again, tiles lit, Undo offered
            assert s.position.player == "red" and s.taps.lit(s.position) and not s.undo_btn.disabled
    return s


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_whole_game_against_the_computer_in_the_kernel_loop(store, level):
    s = asyncio.run(a_whole_game(store, level, seed=21))
    p = s.position
    assert p.winner is not None and "wins" in s.status.value
    # every computer turn came from one search and reached the log whole, in order
    again = RiseScreen(store)
    assert again.position == p and again.computer == {"colour": "blue", "level": level}


def test_a_reload_shows_who_plays_and_new_game_keeps_it(store):
    s = RiseScreen(store, rng=random.Random(1))
    s.new_game("computer", "blue", "hard")
    tap(s, (2, 0))  # red plays; without a loop the computer (blue) answers at once
    assert s.position.player == "red" and len(s.played()) == 3
    again = RiseScreen(store)  # a reload: a fresh screen over the same log
    assert again.computer == {"colour": "blue", "level": "hard"}
    assert (again.opponent.value, again.computer_colour.value, again.level.value) == ("computer", "blue", "hard")
    assert "Red against the computer: it plays Blue, hard." in again.status.value
    again.new_btn.click()  # the same kind of game, not a two-player one
    again.new_question.widget.children[1].children[0].click()  # Yes, start a new game (the game in progress stays)
    assert again.computer == {"colour": "blue", "level": "hard"}
    assert again.session.applied[0].action == {"type": "setup", "computer": {"colour": "blue", "level": "hard"}}
    third = RiseScreen(store)  # the new game is saved at once: a reload shows it, still against the computer
    assert third.played() == [] and third.computer == {"colour": "blue", "level": "hard"}


def test_after_a_reload_in_its_turn_the_computer_plays_on(store):
    session = store.start(KIND, "Rise!", RiseRules(), {"type": "setup", "computer": {"colour": "red", "level": "normal"}})
    session.log.close()

    async def scenario():
        s = RiseScreen(store, rng=random.Random(2))  # the page opens in the computer's first turn
        assert s.thinking and s.computer == {"colour": "red", "level": "normal"}
        await wait_for_the_computer(s)
        return s

    s = asyncio.run(scenario())
    assert s.position.player == "blue" and len(s.played()) == 1 and not s.thinking


def test_undo_never_takes_back_who_plays(store):
    s = RiseScreen(store, rng=random.Random(3))
    s.new_game("computer", "blue", "easy")
    tap(s, (2, 0))
    s.undo_btn.click()
    assert s.played() == [] and s.undo_btn.disabled and s.computer == {"colour": "blue", "level": "easy"}
    tap(s, (2, 0))
    s.history.value = 0
    s.undo_to_btn.click()  # "the starting formation": the setup stays
    assert s.played() == [] and RiseScreen(store).computer == {"colour": "blue", "level": "easy"}


def test_logs_written_before_the_setup_action_still_open(store):
    """A log that begins with its first action (the opponent, if any, in its "computer" note)."""
    old = store.start(KIND, "Rise!: Red against the computer (easy)", RiseRules(), {"type": "place", "at": [2, 0], "player": "red"})
    old.log.set_meta("computer", {"colour": "blue", "level": "easy"})
    old.log.close()
    s = RiseScreen(store, rng=random.Random(4))  # blue (the computer) to move: it answers
    assert s.computer == {"colour": "blue", "level": "easy"} and s.level.value == "easy"
    assert s.position.player == "red" and len(s.played()) == 3
    two = store.start(KIND, "Rise!: Red and Blue", RiseRules(), {"type": "place", "at": [2, 0], "player": "red"})
    two.log.mark_used()
    s = RiseScreen(store)
    assert s.computer is None and s.opponent.value == "person" and s.position == apply(start(), {"type": "place", "at": [2, 0]})


def test_a_setup_is_only_the_first_action():
    from companion.rise.game import RiseIllegal

    p = apply(start(), {"type": "place", "at": [2, 0]})
    with pytest.raises(RiseIllegal) as e:
        RiseRules().apply(p, {"type": "setup", "computer": None})
    assert e.value.rule == "setup-first"
    with pytest.raises(RiseIllegal) as e:
        RiseRules().apply(start(), {"type": "setup", "computer": {"colour": "green"}})
    assert e.value.rule == "bad-setup"
    assert RiseRules().apply(start(), {"type": "setup", "computer": {"colour": "red", "level": "hard"}}) == start()
