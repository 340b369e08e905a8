"""Rise! in a real browser: a short game played by taps to a win, on a tablet; a whole game
against the hard computer played by taps to its end, no reload; a game against it reloaded
in the middle, which keeps its opponent and plays on.

A shared machine can be slow to answer: each wait allows 30 s."""

import random
import time

import pytest

from companion.gamelog import GameStore
from companion.hexgrid import PixelLayout
from companion.rise.game import Action, Position, RiseRules, at
from companion.rise.opponent import choose_turn, own_turn_ends
from companion.rise.screens import KIND
from companion.rise.taps import Taps
from companion.rise.view import SIZE

from .harness import DRAWN_JS, ROOT, board_meta, frame_json, message, recorded, screenshot, served, tablet, wait_for

pytestmark = pytest.mark.browser


def settled_meta(page) -> dict:
    """The board's view once the kernel has drawn everything asked of it: the page knows its
    width, and the view has not moved for 0.4 s (a mode or an action may refit the board)."""
    last, since = None, time.time()
    deadline = time.time() + 30
    while time.time() < deadline:
        meta = board_meta(page)
        if meta != last:
            last, since = meta, time.time()
        elif meta.get("css_width") and time.time() - since > 0.4:
            return meta
        time.sleep(0.05)
    raise AssertionError(f"the board did not settle: {last}")


def tap(page, tile) -> None:
    """Tap a tile as a player does: where the kernel answers by zooming (the Spaces were smaller
    than a finger as it saw them: the board's ``zoom_first``), look again and tap again."""
    for _ in range(5):
        meta = settled_meta(page)
        box = page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); const r = c.getBoundingClientRect();"
                            " return [r.left, r.top, r.width / c.width, r.height / c.height]; }")
        sx, sy = PixelLayout(SIZE).hex_to_pixel(tile)
        bx, by = sx * meta["k"] + meta["tx"], sy * meta["k"] + meta["ty"]
        page.touchscreen.tap(box[0] + bx * box[2], box[1] + by * box[3])
        if not meta.get("zoom_first"):  # the board says a tap chooses (its Spaces as wide as a finger): it did
            return
        wait_for(lambda: board_meta(page)["k"] > meta["k"] * 1.001, timeout=30)  # the zoom the board said it makes
    raise AssertionError(f"tapping {tile} only ever zoomed")


def mode(page, name: str) -> None:
    """Choose an action on the bar, and wait until the kernel shows it chosen."""
    page.locator(f".rise-mode-{name}").tap()
    page.wait_for_selector(f".rise-mode-{name}.mod-info", timeout=30_000)


def status(page) -> str:
    return page.locator(".rf-status").inner_text()


def turn_line(page) -> str:
    return page.locator(".rf-status .rf-turn").inner_text()


def test_a_short_game_by_taps_to_a_win(tmp_path, browser):
    # the session's one browser: a second Playwright in the same process refuses to start
    with served(tmp_path, notebook=ROOT / "notebooks" / "rise.ipynb") as (url, _, _):
        page = tablet(browser).new_page()
        try:
            play_on(page, url)
        except AssertionError as e:
            screenshot(page, "rise-flow-failed")
            raise AssertionError(f"{e}; the status said {status(page)!r}, the message "
                                 f"{page.locator('.rf-msg').all_inner_texts()!r}") from e
        finally:
            page.context.close()


def play_on(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("canvas.rf-board", timeout=60_000)
    page.wait_for_function(DRAWN_JS, timeout=60_000)
    assert "action 1 of 1" in status(page)
    tap(page, (2, 0))  # red places a Worker
    wait_for(lambda: "Blue" in status(page) and "action 1 of 2" in status(page), timeout=30)
    mode(page, "tile")
    tap(page, (8, 0))
    wait_for(lambda: "action 2 of 2" in status(page), timeout=30)
    tap(page, (9, 0))
    wait_for(lambda: "Red" in status(page) and "action 1 of 2" in status(page), timeout=30)
    mode(page, "play")
    tap(page, (3, 0))
    wait_for(lambda: "action 2 of 2" in status(page), timeout=30)
    mode(page, "eliminate")
    tap(page, (1, 0))
    tap(page, (2, 0))
    tap(page, (6, 0))
    wait_for(lambda: "Red wins" in status(page), timeout=30)
    screenshot(page, "rise-won")
    tap(page, (4, 0))
    wait_for(lambda: "The game is over" in message(page), timeout=30)


# --- against the computer ------------------------------------------------------------------------
#: the player's own side is chosen by the easy search (seeded): a player who places, moves, jumps
#: and sacrifices as a beginner does; against hard such games end by turn 14 to 40
PLAYER_LEVEL, PLAYER_SEED = "easy", 21
LAST_TURN = 90  # a game still open by then is not one a player would sit through


class Heard:
    """What a page heard from its kernel (every websocket frame), and how many times the kernel
    said it was idle again: it has sent all it had to say about every message before that one."""

    pages: dict = {}

    def __init__(self, page) -> None:
        self.frames = recorded(page)
        self._read, self._idle = 0, 0
        Heard.pages[page] = self

    def idle(self) -> int:
        for f in self.frames[self._read:]:
            if ((frame_json(f) or {}).get("content") or {}).get("execution_state") == "idle":
                self._idle += 1
        self._read = len(self.frames)
        return self._idle


def answered_all(page, before: int, messages: int) -> None:
    """Wait until the kernel has answered ``messages`` more of the page's messages than ``before``
    (a tap is two: the finger down, the finger up), so the board's view read next is its latest."""
    heard = Heard.pages.get(page)
    if heard is not None:  # Playwright hands over the frames only while it is called: it waits meanwhile
        wait_for(lambda: page.wait_for_timeout(20) or heard.idle() >= before + messages, timeout=30)


def idle_now(page) -> int:
    heard = Heard.pages.get(page)
    return heard.idle() if heard is not None else 0


def log_of(store: GameStore):
    return store.latest(KIND, RiseRules())


def box_of(page) -> list[float]:
    """The canvas on the page: left, top, CSS pixels per buffer pixel (x, y), right, bottom."""
    return page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); const r = c.getBoundingClientRect();"
                         " return [r.left, r.top, r.width / c.width, r.height / c.height, r.right, r.bottom]; }")


#: whether a finger at this point of the screen lands on the board (not off the screen, not on a bar)
ON_THE_BOARD = "(p) => { const e = document.elementFromPoint(p[0], p[1]); return !!e && e.matches('canvas.rf-board'); }"


def press(page, store: GameStore, tile, says: str | None = None) -> None:
    """A finger on ``tile`` until the kernel answers it: the log takes an action, or (``says``)
    the message says so. Where the board zooms first (its tiles smaller than a finger), the
    finger goes down again; a tile off the zoomed board is brought back with Fit first."""
    state = log_of(store).state

    def answered() -> bool:
        return says in message(page) if says else log_of(store).state != state

    for _ in range(6):
        meta = settled_meta(page)
        box = box_of(page)
        sx, sy = PixelLayout(SIZE).hex_to_pixel(tile)
        x, y = box[0] + (sx * meta["k"] + meta["tx"]) * box[2], box[1] + (sy * meta["k"] + meta["ty"]) * box[3]
        if not (box[0] + 8 < x < box[4] - 8 and box[1] + 8 < y < box[5] - 8):
            page.locator("button.rf-fit").tap()
            wait_for(lambda: board_meta(page) != meta, timeout=30)
            continue
        if not page.evaluate(ON_THE_BOARD, [x, y]):  # scrolled away (a button further down was tapped)
            page.locator("canvas.rf-board").evaluate("c => c.scrollIntoView({block: 'center'})")
            continue
        idle = idle_now(page)
        page.touchscreen.tap(x, y)
        wait_for(lambda: answered() or board_meta(page)["k"] > meta["k"] * 1.001, timeout=30)
        answered_all(page, idle, 2)
        if answered():
            return
    raise AssertionError(f"tapping {tile} was never answered (only zoomed or brought into view)")


def by_taps(page, store: GameStore, a: Action) -> None:
    """One action of the player, made as a player makes it: its button (the page shows what to
    tap), then its tiles, each answered before the next."""
    kind = a["type"]
    assert kind != "pass", "the player has no legal action: nothing to tap"
    chosen = {"place": "play", "move": "play", "jump": "play"}.get(kind, kind)
    latest = log_of(store)
    idle = idle_now(page)
    page.locator(f".rise-mode-{chosen}").tap()
    prompt = Taps(mode=chosen).prompt(latest.state)
    wait_for(lambda: message(page) == prompt and page.locator(f".rise-mode-{chosen}.mod-info").count() == 1, timeout=30)
    answered_all(page, idle, 1)  # the board lit for the action, and fitted again if it had to be
    if kind in ("place", "tile", "remove-tier"):
        steps = [(a["at"], None)]
    elif kind in ("move", "jump"):
        src = a["from"]
        steps = [(src, f"The Worker on {at(tuple(src))} is chosen"), (a.get("to") or a["over"], None)]
    else:  # the two sacrifices: two Workers, then the target
        one, two = a["sacrifice"]
        steps = [(one, "1 of 2 Workers chosen"), (two, "2 of 2 Workers chosen"), (a.get("target") or a["at"], None)]
    before = len(latest.applied)
    for h, says in steps:
        press(page, store, tuple(h), says)
    latest = log_of(store)  # the player's action, then (at the end of the turn) perhaps the computer's
    assert len(latest.applied) > before, f"the taps for {a} made nothing"
    made = latest.applied[before].action
    assert made == {**a, "player": "red"}, f"the taps for {a} made {made}"
    assert "rf-msg-error" not in " ".join(page.locator(".rf-answer").evaluate_all("es => es.map(e => e.innerHTML)")), message(page)


def statuses(frames: list) -> list[str]:
    """Every turn line the kernel sent to the page, in order (the status widget's values)."""
    out = []
    for f in frames:
        data = ((frame_json(f) or {}).get("content") or {}).get("data") or {}
        value = (data.get("state") or {}).get("value")
        if data.get("method") == "update" and isinstance(value, str) and "rf-turn" in value:
            out.append(value)
    return out


def players_turn(page, store: GameStore, rng: random.Random) -> Position:
    """The player's whole turn, by taps (planned again if a plan ends before the turn does);
    the position after it."""
    latest = log_of(store)
    assert latest.state.player == "red" and not latest.state.over and "thinking" not in status(page)
    while latest.state.player == "red" and not latest.state.over:
        for a in choose_turn(latest.state, PLAYER_LEVEL, rng, before=own_turn_ends(latest.states(), "red")):
            by_taps(page, store, a)
            if log_of(store).state.player != "red":
                break
        latest = log_of(store)
    return latest.state


def the_computer_answers(page, store: GameStore, frames: list, seen: int, after: Position) -> None:
    """The computer's whole turn after the player's: its log, then the page, back to the player
    (or the game won); the page said it was thinking since its ``seen``-th turn line."""
    if after.over:
        return
    wait_for(lambda: log_of(store).state.player == "red" or log_of(store).state.over, timeout=60)
    q = log_of(store).state
    line = "wins" if q.over else f"Turn {q.turn}: Red, action 1 of 2"
    wait_for(lambda: line in turn_line(page) and "thinking" not in turn_line(page), timeout=30)
    assert q.over or (q.turn == after.turn + 1 and q.actions_left == 2), (after.turn, q.turn)
    assert any("Blue (computer)" in x and "thinking" in x for x in statuses(frames)[seen:]), "the page never showed the computer thinking"
    wait_for(lambda: "thinking" not in (statuses(frames) or ["thinking"])[-1], timeout=30, page=page)
    assert page.locator(".rise-progress").evaluate("e => getComputedStyle(e).visibility") == "hidden"


#: the tops of the five buttons of the actions, from the top of the page
MODES_JS = """() => { const a = document.querySelector('.rf-app').getBoundingClientRect().top;
    return [...document.querySelectorAll('button.rise-mode')].map(b => Math.round(b.getBoundingClientRect().top - a)); }"""


def new_game_against_hard(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("canvas.rf-board", timeout=60_000)
    page.wait_for_function(DRAWN_JS, timeout=60_000)
    page.get_by_role("button", name="Play against the computer").tap()
    page.get_by_role("button", name="Computer is Blue").tap()
    page.get_by_role("button", name="Hard", exact=True).tap()
    page.locator(".rise-new").tap()
    wait_for(lambda: "it plays Blue, hard" in status(page), timeout=30)
    # the whole board in sight (New game is below it)
    page.locator("canvas.rf-board").evaluate("c => c.scrollIntoView({block: 'center'})")


def against_the_computer(tmp_path, browser, play) -> None:
    with served(tmp_path, notebook=ROOT / "notebooks" / "rise.ipynb") as (url, data, _):
        page = tablet(browser).new_page()
        store = GameStore(data)
        try:
            play(page, url, store)
        except AssertionError as e:
            screenshot(page, "rise-computer-failed")
            latest = log_of(store)
            raise AssertionError(f"{e}; the status said {status(page)!r}, the message {message(page)!r}, the log "
                                 f"{[x.action for x in latest.applied] if latest else None}") from e
        finally:
            page.context.close()


def test_a_whole_game_against_the_hard_computer_by_taps_to_its_end(tmp_path, browser):
    """The page the issue saw stuck on "thinking…": every computer turn ends with the board handed
    back (the page said it was thinking, then that it is the player's turn), and every tap of the
    player's turns is taken, to the end of the game, with no reload."""

    def play(page, url: str, store: GameStore) -> None:
        frames = Heard(page).frames
        new_game_against_hard(page, url)
        rng = random.Random(PLAYER_SEED)
        turns = 0
        modes = page.evaluate(MODES_JS)
        while not log_of(store).state.over:
            assert log_of(store).state.turn <= LAST_TURN, "no end in sight"
            seen = len(statuses(frames))
            after = players_turn(page, store, rng)
            the_computer_answers(page, store, frames, seen, after)
            turns += 1
            # the actions' buttons stay where the finger knows them, turn after turn (they drifted 39 px in a game)
            now = page.evaluate(MODES_JS)
            assert all(abs(a - b) <= 1 for a, b in zip(now, modes)) and len(now) == 5, f"turn {turns}: the buttons moved {modes} → {now}"
        p = log_of(store).state
        wait_for(lambda: "wins" in status(page), timeout=30)
        assert f"{p.winner.capitalize()} wins" in status(page) and turns >= 3
        screenshot(page, "rise-computer-game-over")
        # the game is over on the page too: a tap is answered with the rules' sentence
        press(page, store, min(p.tiles), says="The game is over")

    against_the_computer(tmp_path, browser, play)


def test_against_the_computer_a_reload_keeps_the_opponent_and_it_plays_on(tmp_path, browser):
    """Who plays comes back from the game's log after a reload, in the middle of the player's
    turn: the controls, the status, the rest of that turn by taps and the computer's answer."""

    def play(page, url: str, store: GameStore) -> None:
        frames = Heard(page).frames
        new_game_against_hard(page, url)
        rng = random.Random(PLAYER_SEED)
        the_computer_answers(page, store, frames, 0, players_turn(page, store, rng))  # turn 1: one action
        latest = log_of(store)  # turn 3: its first action, then a reload
        by_taps(page, store, choose_turn(latest.state, PLAYER_LEVEL, rng, before=own_turn_ends(latest.states(), "red"))[0])
        p = log_of(store).state
        assert p.player == "red" and p.actions_left == 1, "the game ended early: choose another seed"
        page.reload()
        page.wait_for_selector("canvas.rf-board", timeout=60_000)
        page.wait_for_function(DRAWN_JS, timeout=60_000)
        wait_for(lambda: "it plays Blue, hard" in status(page) and f"Turn {p.turn}" in status(page)
                 and "action 2 of 2" in status(page), timeout=30)
        active = page.locator(".widget-toggle-button.mod-active").all_inner_texts()
        assert "Play against the computer" in active and "Computer is Blue" in active and "Hard" in active, active
        screenshot(page, "rise-against-the-computer")
        page.locator("canvas.rf-board").evaluate("c => c.scrollIntoView({block: 'center'})")
        seen = len(statuses(frames))
        the_computer_answers(page, store, frames, seen, players_turn(page, store, rng))  # the turn's second action
        seen = len(statuses(frames))
        the_computer_answers(page, store, frames, seen, players_turn(page, store, rng))  # and on
        setup = log_of(store).applied[0].action
        assert setup == {"type": "setup", "computer": {"colour": "blue", "level": "hard"}}, setup

    against_the_computer(tmp_path, browser, play)

