"""The Guild variant on the phones, without a browser: each player chooses their Guild cards on their
own phone, out of the tablet's and the other phones' sight (the tablet shows who has chosen, not what),
and the Doppelgangers' swap or keep is the holder's, on their phone, with 'do not ask again'."""

import ipywidgets as W
from conftest import quote

from companion.rise_and_fall.play import state_file as S
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.seats import Seats
from companion.ui.app import App

from .test_seat_page import buttons, log_state, tap, texts, walk

NAMES = ("Eric", "Cathy", "Jo")
DEAL = [["lumberjacks", "mercenaries", "farmers"], ["miners", "archivists", "druids"], ["winged", "snowmen", "scholars"]]


def at_table(tmp_path, monkeypatch, start: dict):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    tablet = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    tablet.hub.new(start)
    n = len(tablet.hub.game.civs)
    tokens = [s.token for _, s in sorted(Seats(tablet.hub.session.log).ensure(n).items())]

    def phone(i: int) -> App:
        monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={tokens[i]}")
        app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
        monkeypatch.delenv("QUERY_STRING")
        return app

    return tablet, phone


def guild_start() -> dict:
    return {"type": "setup", "players": [{"name": n, "colour": c} for n, c in zip(NAMES, ("red", "yellow", "green"))],
            "first": 0, "tracker_version": 3, "guilds": {"levels": ["normal"] * 3, "dealt": DEAL}}


def mark(app: App, picks: dict[str, str]) -> None:
    """Keep, Give or Return on each card dealt, as the player's fingers would."""
    boxes = [w for w in walk(app.widget) if isinstance(w, W.ToggleButtons) and "rf-guild-pick" in w._dom_classes]
    assert len(boxes) == 3, boxes
    for box, (_, value) in zip(boxes, picks.items()):
        box.value = value


def card_names(deal: list[str]) -> list[str]:
    return [G.guild(g).name for g in deal]


def test_each_phone_chooses_its_guild_cards_in_secret_and_the_tablet_shows_who(tmp_path, monkeypatch, rulebook_text):
    quote(rulebook_text, "Among the cards dealt, each player:")
    tablet, phone = at_table(tmp_path, monkeypatch, guild_start())
    eric, cathy = phone(0), phone(1)
    tablet.go_to("Setup")
    tablet.poll()
    text = texts(tablet)
    assert "Eric and Cathy choose on their phones" in text
    assert [b.description for b in buttons(tablet, "rf-guild-show")] == ["Jo: show my Guild cards"]  # Jo's seat is not on a phone
    mine = texts(eric)
    assert "Your Guild cards" in mine and all(name in mine for name in card_names(DEAL[0]))
    assert not any(name in mine for name in card_names(DEAL[1]) + card_names(DEAL[2]))  # never another player's cards
    assert not any(name in texts(tablet) for d in DEAL for name in card_names(d))

    mark(eric, {"lumberjacks": "keep", "mercenaries": "return", "farmers": "give"})
    cathy.poll()  # another phone drawn again while Eric chooses: his marks stay
    eric.poll()
    tap(eric, "rf-guild-choose")
    assert log_state(tablet).chosen == ((0, ("lumberjacks",), "farmers"),)  # in the log before the phone says so
    assert "Placed face down: you keep Lumberjacks; the Farmers lies face down in front of Cathy." in texts(eric)
    for app in (tablet, cathy):
        app.poll()
        seen = texts(app)
        assert "chosen: Eric" in seen and not any(name in seen for name in card_names(DEAL[0])), "who, never what"
    assert "still to choose: you and Jo" in texts(cathy)

    tablet.game.undo()  # Undo on the tablet takes Eric's choice back: his phone offers the cards again
    eric.poll()
    assert log_state(tablet).chosen == () and buttons(eric, "rf-guild-choose")
    tap(eric, "rf-guild-choose")  # his marks are still there
    assert log_state(tablet).chosen == ((0, ("lumberjacks",), "farmers"),)

    cathy.poll()
    mark(cathy, {"miners": "keep", "archivists": "give", "druids": "return"})
    tap(cathy, "rf-guild-choose")
    tablet.poll()
    tap(tablet, "rf-guild-show")  # Jo, on the tablet passed to her
    mark(tablet, {"winged": "give", "snowmen": "keep", "scholars": "return"})
    tap(tablet, "rf-guild-choose")
    g = log_state(tablet)
    assert g.phase == "placement"
    assert [c.guilds for c in g.civs] == [("lumberjacks", "winged"), ("miners", "farmers"), ("snowmen", "archivists")]
    eric.poll()
    assert "Lumberjacks" in eric.rooms["seat"].mine.value and "Winged" in eric.rooms["seat"].mine.value  # revealed


def test_two_phones_choosing_their_guild_cards_at_once_both_count(tmp_path, monkeypatch):
    tablet, phone = at_table(tmp_path, monkeypatch, guild_start())
    eric, cathy = phone(0), phone(1)
    mark(eric, {"lumberjacks": "keep", "mercenaries": "return", "farmers": "give"})
    mark(cathy, {"miners": "keep", "archivists": "give", "druids": "return"})
    tap(eric, "rf-guild-choose")
    tap(cathy, "rf-guild-choose")  # Cathy's page had not looked since Eric chose: her choice still stands
    assert [j for j, _, _ in log_state(tablet).chosen] == [0, 1]
    assert "Placed face down: you keep Miners" in texts(cathy)


def dop_start() -> dict:
    """Eric holds the Doppelgangers with 12 GP at phase D; Cathy, the Farmers, decides on a card in Decline."""
    st = S.state([("Eric", "red"), ("Cathy", "yellow")], turn=3, phase="D")
    eric, cathy = st.players
    eric.guilds, eric.level, eric.gold = ["doppelgangers"], "normal", 12
    cathy.guilds, cathy.level = ["farmers"], "normal"
    cathy.hand.remove("city")
    cathy.decline.append("city")
    return {"type": "start-from-state", "state": st.to_dict()}


def test_the_doppelgangers_decide_on_their_holders_phone_and_keep_without_being_asked_again(tmp_path, monkeypatch):
    tablet, phone = at_table(tmp_path, monkeypatch, dop_start())
    eric, cathy = phone(0), phone(1)
    tap(cathy, "rf-pass")
    assert log_state(tablet).phase == "E"
    for app in (tablet, eric, cathy):
        app.poll()
    tablet.go_to("Game")
    assert "Eric</b> (12 GP) decides on their phone" in texts(tablet) and not buttons(tablet, "rf-keep-guild")
    assert "Eric decides whether to swap the Doppelgangers" in texts(cathy)
    assert [b.description for b in buttons(eric, "rf-swap")] == ["Take the Farmers of Cathy"]
    tap(eric, "rf-keep-guild-for-good")
    g = log_state(tablet)
    assert g.phase == "A" and g.turn == 4 and g.kept
    for app in (tablet, cathy):
        app.poll()
    assert "Ask Eric again at the Recycling phase" in texts(tablet)
    assert "You keep the Doppelgangers" in texts(eric) and buttons(eric, "rf-ask-guild-swap")
    assert "keeps the Doppelgangers, not asked again (on their phone)" in texts(tablet)  # the History says so
    tap(eric, "rf-ask-guild-swap")
    assert log_state(tablet).kept == () and not buttons(eric, "rf-ask-guild-swap")
    tablet.poll()
    assert "Ask Eric again" not in texts(tablet)


def test_a_holder_without_a_phone_keeps_the_doppelgangers_on_the_tablet_and_is_asked_again_there(tmp_path, monkeypatch):
    tablet, _ = at_table(tmp_path, monkeypatch, dop_start())
    tablet.go_to("Game")
    tap(tablet, "rf-pass")  # Cathy buys nothing back
    assert log_state(tablet).phase == "E"
    assert [b.description for b in buttons(tablet, "rf-keep-guild-for-good")] == ["Eric keeps them, do not ask again"]
    assert [b.description for b in buttons(tablet, "rf-keep-guild")] == ["Eric keeps the Doppelgangers this turn"]
    tap(tablet, "rf-keep-guild-for-good")
    assert log_state(tablet).kept and log_state(tablet).phase == "A"
    assert "Eric keeps the Doppelgangers: the Recycling phase does not ask them" in texts(tablet)
    tap(tablet, "rf-ask-guild-swap")
    assert log_state(tablet).kept == () and not buttons(tablet, "rf-ask-guild-swap")
