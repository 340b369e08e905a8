"""Two flows at the table: a Plains layer that needs a move, the tile to lift chosen by the table on the tablet and
placed again by hand; and a phone taking back its own last action, refused once another action followed."""

import json
from pathlib import Path

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TrackerRules
from companion.rise_and_fall.world.builder import BuildRules, world_setup_action
from companion.seats import Seats

from .harness import (
    Table,
    kept_stacks,
    latest_build,
    message,
    open_app,
    screenshot,
    settle,
    tablet,
    tap_space,
    wait_for,
)
from .test_secrets import NAMES, start_game, state

STUCK = json.loads((Path(__file__).parents[1] / "data" / "stuck-plains-2p.json").read_text())


def test_a_plains_layer_that_needs_a_move_the_tile_chosen_by_the_table(server, browser):
    url, data, _ = server
    store = GameStore(data)
    world = Session(store.create("world", "stuck")[1], BuildRules())
    world.do(world_setup_action(2))
    world.do({"type": "load", "layout": STUCK})
    ctx = tablet(browser)
    page = ctx.new_page()
    open_app(page, url)
    b = latest_build(data)[0].state
    assert b.stuck_plains()
    choices = b.lift_choices()
    page.wait_for_selector(f"button.rf-lift-{len(choices)}")
    assert "No legal place for the next Plains tile" in message(page)
    page.locator("button.rf-lift-2").tap()  # the table's choice, not the first one offered
    wait_for(lambda: latest_build(data)[0].state.lifting)
    lifted = latest_build(data)[0].state
    assert len(lifted.tiles) == len(b.tiles) - 1 and b.tiles[choices[1][0]] not in lifted.tiles
    page.wait_for_function("() => document.body.innerText.includes('Lifted the Plains tile')")
    for _ in range(2):  # the lifted tile and the new one, placed by hand, each checked
        now = latest_build(data)[0].state
        seq = len(now.tiles)
        for tile in [t for t in now.legal("plains") if now.check(t) is None][:6]:
            cell = tile.cells[0]
            tap_space(page, cell)
            try:
                wait_for(lambda: "fits here" in message(page), timeout=10)
            except AssertionError:
                continue  # the preview at that Space is another tile, refused: the table taps elsewhere
            tap_space(page, cell)
            wait_for(lambda s=seq: len(latest_build(data)[0].state.tiles) > s, timeout=20)
            break
        else:
            screenshot(page, "plains-lift-failed")
            raise AssertionError(f"no Plains tile placed; the screen said: {message(page)!r}")
    done = latest_build(data)[0].state
    assert not done.lifting and done.next_kind() == "forest"
    settle(page)
    ctx.close()


def test_a_phone_undoes_its_own_last_action_and_is_refused_once_another_followed(server, browser):
    url, data, _ = server
    gid = start_game(data)
    store = GameStore(data)
    s = Session(store.open(gid), TrackerRules())
    for i in range(3):
        s.do({"type": "play", "player": i, "card": "city"})
    assert s.state.acting == 0
    seats = Seats(s.log).ensure(3)
    table = Table(browser, url, "game", [seats[0], seats[1]], NAMES[:2])
    ana, ben = table.phones
    errs: list[str] = []  # the phones' script errors, said with a failure (a widget the page never received)
    for page in (ana, ben):
        page.on("console", lambda m: errs.append(m.text[:300]) if m.type == "error" else None)

    def shows(page, who: str) -> None:
        """The phone has drawn the game where ``who`` acts: a tap on it now is about that game, never an older one
        (each phone follows the others' changes by itself, later under load)."""
        page.wait_for_selector(f".rf-seat-controls .rf-waiting:has-text('{who} acts')", timeout=40_000)

    try:
        # Ana's first tap while Ben's phone may still be opening: his kernel follows the game from his page's first
        # beat, once the page has drawn its widgets (a widget made before could never reach it)
        ana.wait_for_selector("button.rf-end-turn")
        ana.locator("button.rf-end-turn").tap()  # a mistaken tap ends Ana's actions
        wait_for(lambda: state(data).acting == 1, timeout=40)
        ana.locator("button.rf-seat-undo").tap()
        wait_for(lambda: state(data).acting == 0, timeout=40)
        ana.wait_for_function("() => document.body.innerText.includes('Taken back:')", timeout=40_000)
        # Ben's phone has seen the Undo: its End my actions, drawn after the first tap, is gone, so the one it
        # shows next is for Ben's turn after Ana's second End (a stale one is refused as another device's)
        shows(ben, "Ana")
        ana.wait_for_selector("button.rf-end-turn", timeout=40_000)
        ana.locator("button.rf-end-turn").tap()
        wait_for(lambda: state(data).acting == 1, timeout=40)
        ben.wait_for_selector(".rf-seat-controls button.rf-end-turn", timeout=40_000)
        ben.locator("button.rf-end-turn").tap()  # another action follows Ana's
        wait_for(lambda: state(data).acting == 2, timeout=40)
        shows(ana, NAMES[2])  # Ana's phone has seen Ben's action before her Undo
        ana.locator("button.rf-seat-undo").tap()
        ana.wait_for_function("() => document.body.innerText.includes('Another action followed yours')", timeout=40_000)
        assert state(data).acting == 2  # nothing taken back
    except Exception as failed:
        screenshot(ana, "phone-undo-failed")
        screenshot(ben, "phone-undo-failed-ben")
        raise AssertionError(f"{failed}\nthe phones' script errors: {errs[:5]}\n{kept_stacks('phone-undo')}") from failed
    finally:
        table.close()
