"""The Scores screen on several devices, without a browser: the path the scoring's log is in (fast
path or the pieces entered) decides what every device shows, a device follows the other's taps by
itself, the Scores screen follows the end of the game played on another device, and no winner is
named before the scoring is complete."""

import pytest

from companion.rise_and_fall.play.tracker import TrackerRules

from .test_one_scoring import one_action_from_the_end, page, scorings

R = TrackerRules()


@pytest.fixture
def two_tablets(tmp_path):
    """Tablet 1 ended the game (its scoring is open); tablet 2 is another page on the same table."""
    one, last = one_action_from_the_end(tmp_path)
    one.go_to("Game")
    one.hub.do(last)
    assert one.nav.value == "Scores"
    two = page(tmp_path)
    return one, two


def totals(app) -> list[int]:
    return [p.total for p in app.scores.current_score().players]


def borders(app) -> list[str]:
    return [b.layout.border for b in app.scores.chips.children]


def test_a_second_tablet_shows_the_path_and_the_taps_of_the_scoring_and_follows_them(two_tablets):
    one, two = two_tablets
    sc = one.scores
    sc.mode.value = "fast"  # tablet 1 takes the fast path and taps three Regions
    names = [p.name for p in sc.entry.players]
    for k, who in enumerate(names):
        sc.region = k
        sc.vote(who)
    assert sc.entry.way == "fast"
    two.go_to("Scores")  # tablet 2 opens the Scores: the same path, the same totals, the same taps
    assert two.scores.session.log.path.stem == sc.session.log.path.stem
    assert two.scores.mode.value == "fast" and two.scores.votes.layout.display != "none"
    assert totals(two) == totals(one) and borders(two) == borders(one)
    two.scores.region = 0
    two.scores.refresh()
    assert f"Controlled by <b>{names[0]}</b>" in two.scores.walk_text.value
    # tablet 1 taps on: tablet 2 follows by itself (one look of its watcher)
    sc.region = 3
    sc.vote(names[1])
    assert two.poll()
    assert totals(two) == totals(one) and borders(two) == borders(one)
    # tablet 2 goes back to entering the pieces: tablet 1 follows that too
    two.scores.mode.value = "full"
    assert one.poll()
    assert one.scores.mode.value == "full" and one.scores.entry.way == "full" and totals(one) == totals(two)
    assert one.scores.votes.layout.display == "none"


def test_a_scoring_kept_before_the_path_was_logged_shows_the_fast_path_once_majorities_were_tapped(two_tablets):
    one, two = two_tablets
    sc = one.scores
    sc.send({"type": "vote", "region": 0, "controller": sc.entry.players[0].name})  # no "mode" in the log
    two.go_to("Scores")
    assert two.scores.mode.value == "fast" and totals(two) == [p.total for p in sc.entry.fast_score().players]


def test_no_winner_before_every_region_is_tapped_nor_before_every_player_s_pieces(two_tablets):
    one, _ = two_tablets
    sc = one.scores
    sc.mode.value = "fast"
    sc.region = 0
    sc.vote(sc.entry.players[0].name)
    left = len(sc.entry.regions_to_vote())
    assert left > 0
    assert "Winner" not in sc.pad.value and "Shared victory" not in sc.pad.value
    assert f"The winner is named once every Region is tapped: {left} Regions left." in sc.pad.value
    sc.send({"type": "rest-empty"})
    assert "Winner" in sc.pad.value or "Shared victory" in sc.pad.value
    # entering the pieces: no winner while a player has none entered
    sc.mode.value = "full"
    assert "Winner" not in sc.pad.value and "Shared victory" not in sc.pad.value
    assert "once every player&#x27;s pieces are entered" in sc.pad.value


def test_the_toggle_of_a_final_scoring_shows_the_path_that_made_it_final(two_tablets):
    one, two = two_tablets
    one.scores.mode.value = "fast"
    one.scores.send({"type": "rest-empty"})
    one.scores.finish_btn.click()
    assert one.scores.entry.finished and one.scores.mode.disabled
    two.go_to("Scores")
    assert two.scores.mode.value == "fast" and two.scores.mode.disabled
    before = len(one.scores.session.log.read()[0])
    two.scores.mode.value = "full"  # a tap that reaches a final scoring changes nothing
    assert two.scores.mode.value == "fast" and len(two.scores.session.log.read()[0]) == before


def test_the_scores_screen_follows_the_end_of_the_game_played_on_another_device(tmp_path):
    one, last = one_action_from_the_end(tmp_path)
    two = page(tmp_path)
    two.go_to("Scores")
    two.scores.from_game_btn.click()  # mid-game: the game is not over yet
    assert "not over yet" in two.scores.message.value
    one.go_to("Game")
    one.hub.do(last)  # tablet 1 ends the game and opens its scoring
    assert two.poll()
    assert "not over yet" not in two.scores.message.value
    assert two.scores.session is not None and two.scores.session.log.path.stem == one.scores.session.log.path.stem
    assert len(scorings(two)) == 1


def test_the_end_of_the_game_on_a_phone_opens_the_scoring_on_the_tablet_showing_the_scores(tmp_path):
    tablet, last = one_action_from_the_end(tmp_path)
    tablet.go_to("Scores")
    tablet.scores.from_game_btn.click()
    assert "not over yet" in tablet.scores.message.value
    phone = page(tmp_path)  # another kernel writes the last action (as a seat's page does): it opens no scoring
    phone.hub.session.do(last)
    assert tablet.poll()
    assert "not over yet" not in tablet.scores.message.value
    e = tablet.scores.entry
    assert e.started and e.game == tablet.hub.id and len(scorings(tablet)) == 1


def test_a_tap_on_a_name_on_a_page_just_opened_goes_to_the_first_region_not_yet_tapped(two_tablets, tmp_path):
    """On the fast path a tap on a name gives the Region shown: a page just opened (a reload, a
    second tablet) shows the first Region still waiting, so it never overwrites one tapped before."""
    one, two = two_tablets
    sc = one.scores
    sc.mode.value = "fast"
    names = [p.name for p in sc.entry.players]
    for who in names[:2]:  # tablet 1 taps the first two Regions, one after the other
        sc.vote(who)
    assert dict(sc.entry.votes) == {0: names[0], 1: names[1]}
    two.go_to("Scores")  # tablet 2 opens the Scores and taps a name at once
    assert two.scores.region == 2 and "Region 3 of" in two.scores.walk_text.value
    two.scores.vote(names[2])
    assert dict(two.scores.entry.votes) == {0: names[0], 1: names[1], 2: names[2]}
    # tablet 1 follows: the Region it showed was tapped on tablet 2, so it shows the next one waiting
    assert one.poll()
    assert sc.region == 3
    again = page(tmp_path)  # a reload of tablet 1 does the same
    again.go_to("Scores")
    assert again.scores.region == 3
    # a Region chosen on the board stays shown, tapped or not: a tap on a name there corrects it
    again.scores.region = 0
    again.scores.refresh()
    again.scores.vote(names[1])
    assert dict(again.scores.entry.votes)[0] == names[1]


def test_a_second_tablet_drops_take_away_chosen_in_an_earlier_scoring(two_tablets):
    one, two = two_tablets
    two.go_to("Scores")
    two.scores.take_away.value = True  # tablet 2 was taking a piece away in this scoring
    first = one.scores.session.log.path.stem
    one.scores.restart_btn.click()  # tablet 1 starts the scoring again
    assert one.scores.session.log.path.stem != first
    two.poll()
    assert two.scores.session.log.path.stem == one.scores.session.log.path.stem
    assert not two.scores.take_away.value, "a tap on the board would take away a piece of the new scoring"
