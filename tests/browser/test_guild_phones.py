"""The Guild cards chosen on the phones, in a real browser: two players choose on their own phones
(390×844, touch) out of the others' sight — neither the tablet's page nor the other phone's, nor any
widget message sent to them, names a card of theirs before the reveal; the tablet shows who has
chosen and is passed only to the third player, whose choice reveals every player's Guild cards; a
phone reloaded after its choice shows it again. The Doppelgangers' keep, 'do not ask again', on the
holder's phone: it stands after a reload, and the tablet's Undo brings the swap back to the phone."""

from companion.gamelog import GameStore, Session
from companion.rise_and_fall.play.tracker import TRACKER_VERSION, TrackerRules
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.world.worldgen import generate
from companion.seats import Seats

from .harness import PHONE, Table, screenshot, settle, wait_for, widget_strings

NAMES = ("Ana", "Ben", "Cy")
DEAL = [["alchemists", "corsairs", "sentinels"], ["collectors", "machinists", "shadow-cult"], ["lumberjacks", "capitalists", "farmers"]]


def state(data):
    store = GameStore(data)
    g = next(x for x in store.games("game") if x.problem is None)
    return Session(store.open(g.id), TrackerRules()).state


def cards_of(i: int) -> list[str]:
    return [G.guild(g).name for g in DEAL[i]]


def test_two_phones_choose_their_guild_cards_in_secret_and_the_tablet_goes_on(server, browser, rulebook_text):
    from conftest import quote

    quote(rulebook_text, "- Places one face-down in front of the player on their left,")
    quote(rulebook_text, "Then, each player reveals the two Guild cards (chosen card and given card) and states out loud their special abilities.")
    url, data, _ = server
    store = GameStore(data)
    _, log = store.create("game", "guild-phones")
    s = Session(log, TrackerRules())
    s.do({"type": "setup", "players": [{"name": n, "colour": c} for n, c in zip(NAMES, ("red", "yellow", "blue"))], "first": 0,
          "world": generate(3, 2).to_dict(), "tracker_version": TRACKER_VERSION, "guilds": {"levels": ["normal"] * 3, "dealt": DEAL}})
    seats = Seats(log).ensure(3)
    log.close()

    table = Table(browser, url, "setup", [seats[i] for i in range(2)], NAMES)
    tab, phones, frames = table.tablet, table.phones, table.frames
    ana, ben = phones
    for page in phones:
        page.wait_for_selector("button.rf-guild-choose")
        wait_for(lambda page=page: page.locator(".rf-guild-pick").count() == 3)
    tab.wait_for_function("() => document.body.innerText.includes('Ana and Ben choose on their phones')")
    tab.wait_for_selector("button.rf-guild-show:has-text('Cy: show my Guild cards')")  # the tablet is passed to Cy only
    settle(tab, *phones, quiet_ms=400)
    # each phone holds its own cards only, a finger's size each, within the phone's width
    for i, page in enumerate(phones):
        text = page.inner_text("body")
        assert all(name in text for name in cards_of(i)), text
        assert not any(name in text for j in range(3) if j != i for name in cards_of(j))
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
        heights = page.evaluate("() => Array.from(document.querySelectorAll('.rf-seat button')).filter(b => b.offsetParent)"
                                ".map(b => b.getBoundingClientRect().height)")
        assert heights and min(heights) >= 44, heights
    assert not any(name in tab.inner_text("body") for d in range(3) for name in cards_of(d))
    screenshot(ana, "phone-guild-choice")

    def choose(page, i: int, keep: int, give: int) -> None:
        """Keep one card, give one to the left, on player i's phone; then every page has followed."""
        for f in frames.values():
            f.clear()
        picks = page.locator(".rf-guild-pick")
        picks.nth(keep).locator("button", has_text="Keep").tap()
        picks.nth(give).locator("button", has_text="Give to").tap()
        settle(page)  # the marks have reached the phone's kernel before the tap that places them
        page.locator("button.rf-guild-choose").tap()
        wait_for(lambda: any(j == i for j, _, _ in state(data).chosen) or state(data).phase != "guilds", timeout=30)
        page.wait_for_function("() => document.body.innerText.includes('Placed face down')")
        tab.wait_for_function(f"() => document.body.innerText.includes('chosen: ') && document.body.innerText.includes('{NAMES[i]}')")
        settle(tab, *phones, quiet_ms=400)
        for who, f in frames.items():
            if who == NAMES[i]:
                continue
            sent = " ".join(widget_strings(f))
            seen = tab.inner_text("body") if who == "tablet" else phones[NAMES.index(who)].inner_text("body")
            for name in cards_of(i):
                assert name not in sent and name not in seen, (who, name)  # who has chosen, never what

    choose(ana, 0, keep=0, give=1)
    assert "chosen: Ana" in tab.inner_text("body") and "chosen: Ana" in ben.inner_text("body")
    assert "still to choose: you and Cy" in ben.inner_text("body")
    assert "you keep Alchemists; the Corsairs lies face down in front of Ben" in ana.inner_text("body")
    choose(ben, 1, keep=2, give=0)
    assert state(data).phase == "guilds" and [j for j, _, _ in state(data).chosen] == [0, 1]
    ben.reload()  # a phone reloaded after its choice shows it again, from the log
    ben.wait_for_function("() => document.body.innerText.includes('you keep Shadow Cult; the Collectors lies face down in front of Cy')")
    assert ben.locator("button.rf-guild-choose").count() == 0
    screenshot(tab, "tablet-guild-who-has-chosen")

    # the tablet goes on: Cy chooses on it, and every player's Guild cards are revealed everywhere
    tab.locator("button.rf-guild-show", has_text="Cy").tap()
    picks = tab.locator(".rf-guild-pick")
    wait_for(lambda: picks.count() == 3)
    picks.nth(0).locator("button", has_text="Keep").tap()
    picks.nth(2).locator("button", has_text="Give to").tap()
    settle(tab)
    tab.locator("button.rf-guild-choose").tap()
    wait_for(lambda: state(data).phase == "placement", timeout=30)
    g = state(data)
    assert [c.guilds for c in g.civs] == [("alchemists", "farmers"), ("shadow-cult", "corsairs"), ("lumberjacks", "collectors")]
    tab.wait_for_function("() => document.body.innerText.includes('Ana: Alchemists:')")  # the reveal, with the powers
    tab.wait_for_function("() => document.body.innerText.includes('places a first piece')")
    for page, held in ((ana, ("Alchemists", "Farmers")), (ben, ("Shadow Cult", "Corsairs"))):
        page.wait_for_function("() => document.body.innerText.includes('The first pieces are placed on the tablet')")
        mine = page.inner_text(".rf-seat-mine")
        assert all(name in mine for name in held), mine
    table.close()


def test_the_doppelgangers_keep_on_the_holders_phone_survives_a_reload_and_the_tablets_undo(server, browser):
    from companion.rise_and_fall.play import state_file as S

    url, data, _ = server
    st = S.state([("Eric", "red"), ("Cathy", "yellow")], turn=3, phase="D")
    eric_st, cathy_st = st.players
    eric_st.guilds, eric_st.level, eric_st.gold = ["doppelgangers"], "normal", 12
    cathy_st.guilds, cathy_st.level = ["farmers"], "normal"
    cathy_st.hand.remove("city")
    cathy_st.decline.append("city")
    s = GameStore(data).start("game", "doppelgangers", TrackerRules(), {"type": "start-from-state", "state": st.to_dict()})
    gid = s.log.path.stem
    seats = Seats(s.log).ensure(2)
    s.log.close()

    def now():
        return Session(GameStore(data).open(gid), TrackerRules()).state

    table = Table(browser, url, "game", [seats[i] for i in range(2)], NAMES)
    tab, pages = table.tablet, table.phones
    eric, cathy = pages
    cathy.locator("button.rf-pass").tap()
    wait_for(lambda: now().phase == "E", timeout=30)
    eric.wait_for_selector("button.rf-keep-guild-for-good")
    screenshot(eric, "phone-doppelgangers")
    tab.wait_for_function("() => document.body.innerText.includes('decides on their phone whether to pay 10 GP')")
    assert tab.locator("button.rf-keep-guild").count() == 0  # the holder's choice is on their phone
    settle(tab, *pages, quiet_ms=400)
    eric.locator("button.rf-keep-guild-for-good").tap()
    wait_for(lambda: now().kept != () and now().phase == "A", timeout=30)
    eric.wait_for_function("() => document.body.innerText.includes('You keep the Doppelgangers')")
    eric.reload()  # from the log: the answer stands
    eric.wait_for_selector("button.rf-ask-guild-swap")
    tab.wait_for_function("() => document.body.innerText.includes('Ask Eric again at the Recycling phase')")
    settle(tab, *pages, quiet_ms=400)
    tab.locator("button.rf-game-undo").tap()  # Undo on the tablet: the Recycling phase asks Eric again, on his phone
    wait_for(lambda: now().phase == "E" and now().kept == (), timeout=30)
    eric.wait_for_selector("button.rf-swap:has-text('Take the Farmers of Cathy')")
    assert eric.locator("button.rf-ask-guild-swap").count() == 0
    settle(tab, *pages, quiet_ms=400)
    eric.locator("button.rf-swap").tap()
    wait_for(lambda: now().civs[0].guilds == ("farmers",), timeout=30)
    assert now().civs[1].guilds == ("doppelgangers",) and now().phase == "A"
    table.close()
