"""Rise & Fall's news (``GameContract.news``): a Guild card lost to the Doppelgangers is told to the table and to
every seat, the player who lost it named."""

from rulebooks import quote

from companion.rise_and_fall.contract import CONTRACTS
from companion.rise_and_fall.play.tracker import TrackerRules, _set
from companion.rise_and_fall.state.records import replace
from rise_and_fall.test_guilds import holding, swap_phase
from rise_and_fall.test_tracker import started


def test_a_guild_card_lost_to_the_doppelgangers_is_news_for_everyone():
    quote("rise-and-fall", "E - Recycle cards and pass the First Player token")
    g = holding(started(), 0, "doppelgangers")
    g = _set(g, 1, replace(g.civs[1], guilds=("farmers",)))
    g = swap_phase(_set(g, 0, replace(g.civs[0], gold=12)))
    after = TrackerRules().apply(g, {"type": "swap-guild", "player": 0, "target": 1, "guild": "farmers"})
    me, them = after.civs[0].name, after.civs[1].name
    for seat in (None, *range(len(after.civs))):
        news = CONTRACTS["game"].news(g, {"type": "swap-guild", "player": 0, "target": 1, "guild": "farmers"}, after, seat)
        assert any(s.startswith(f"{me} pays") and f"from {them}, who gets the Doppelgangers." in s for s in news), news
