"""What a player needs on their own phone: their Guild cards with the powers in a sentence (as the
tablet shows them), and their own face-down card as one card, face up to them and marked as
lying face down to the others (never the card beside a card back, which reads as two cards)."""

import html
import re

from companion.rise_and_fall.play.public import public_view
from companion.rise_and_fall.screens.civ_table import civ_html
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.seats import Seats
from companion.ui.app import App

from . import test_seat_page
from .test_game_screens import place_all_first_pieces
from .test_seat_page import log_state, tap, texts

table = test_seat_page.table  # the fixture: a 3-player game at phase A of turn 1, and its phones


def test_the_phone_shows_one_card_face_down_to_the_others(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    pa, pb = phone(a), phone(b)
    tap(pa, "rf-choose-ship")
    mine = pa.rooms["seat"].mine.value
    played = re.search(r"rf-state rf-state-played'>(.*?)</div></div></div>", mine)
    assert played and "one card, face down to the others" in played.group(1)
    assert len(re.findall(r"class='rf-card[ ']", played.group(1))) == 1 and "rf-card-back" not in played.group(1)  # one card, not two
    assert "rf-card-own-secret" in played.group(1) and ">Ship<" in played.group(1)
    pb.poll()
    seen_by_ben = texts(pb)
    assert "rf-card rf-card-back" in seen_by_ben and "rf-card rf-card-own-secret" not in seen_by_ben  # the others see its back
    for civ_view_of in (None, b):
        v = public_view(log_state(tablet), civ_view_of)
        assert v.civs[a].own_face_down == () and "Ship" not in civ_html(v, a).split("from these")[0]


def test_the_phone_shows_each_own_guild_card_with_its_power(tmp_path, monkeypatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    tablet = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l", game="rise-and-fall")
    tablet.world.n_players.value = 3
    tablet.world.seed.value = 4
    tablet.world.random_btn.click()
    deal = [["lumberjacks", "mercenaries", "farmers"], ["miners", "archivists", "druids"], ["winged", "snowmen", "scholars"]]
    tablet.hub.new({"type": "setup", "players": [{"name": n, "colour": c} for n, c in (("Eric", "red"), ("Cathy", "yellow"), ("Jo", "green"))],
                    "first": 0, "world": tablet.world.build.layout().to_dict(), "tracker_version": 3,
                    "guilds": {"levels": ["novice", "experienced", "expert"], "dealt": deal}})
    tokens = [s.token for _, s in sorted(Seats(tablet.hub.session.log).ensure(3).items())]

    def phone(i):
        monkeypatch.setenv("QUERY_STRING", f"game=rise-and-fall&seat={tokens[i]}")
        app = App(data_dir=tmp_path / "d", layouts_dir=tmp_path / "l")
        monkeypatch.delenv("QUERY_STRING")
        return app

    p0 = phone(0)
    assert "Your Guild cards</b>, secret until every player has chosen" in texts(p0)  # the choice is the phone's now
    assert "<b>Your Guild cards</b><div>" not in texts(p0)  # nothing face up before the reveal
    tablet.hub.do({"type": "guild-choice", "player": 0, "keep": ["lumberjacks", "mercenaries"], "give": "farmers"})
    tablet.hub.do({"type": "guild-choice", "player": 1, "keep": [], "give": None})
    tablet.hub.do({"type": "guild-choice", "player": 2, "keep": [], "give": "snowmen"})
    place_all_first_pieces(tablet)
    p0.poll()
    mine = p0.rooms["seat"].mine.value
    assert "<b>Your Guild cards</b>" in mine
    for gid in ("lumberjacks", "mercenaries", "snowmen"):
        g = G.guild(gid)
        assert f"<b>{html.escape(g.name)}</b>: {html.escape(g.power)}" in mine
    others = p0.rooms["seat"].others.value
    assert "Cathy</b> — " in others and html.escape(G.guild("farmers").name) in others and "Eric</b> — " not in others
    p2 = phone(2)
    assert "you play with no Guild powers" in p2.rooms["seat"].mine.value


def test_a_phone_that_has_not_chosen_its_card_is_not_told_it_waits_for_the_others(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    names = [civ.name for civ in tablet.hub.game.civs]
    pa, pb = phone(a), phone(b)
    assert f"Still to choose: you, {names[b]} and {names[c]}" in texts(pa) and "waiting for" not in texts(pa)
    tap(pa, "rf-choose-ship")
    pb.poll()
    assert f"Still to choose: you and {names[c]} · chosen: {names[a]}" in texts(pb)
    pa.poll()
    assert f"Chosen · waiting for {names[b]} and {names[c]}" in html.unescape(texts(pa))


def test_the_phones_taxes_buttons_say_what_they_bring(table):
    tablet, phone = table
    a, b, c = tablet.hub.game.order()
    for i in (a, b, c):
        tablet.game.play(i, "city")
    pa = phone(a)
    labels = [w.description for w in test_seat_page.buttons(pa, "rf-act")]
    assert "Taxes, City in a Plain: 2 GP" in labels and "Taxes, City in a Forest: 3 GP" in labels, labels  # as the card prints them
