"""Every rule id the code raises is data with the rulebook's own sentence (or our decision), and the docs say the same.

The walk over ``companion/`` (``tests/rule_ids.py``) finds every rule id of every refusal and file check; each
must have an entry in its game's ``data/rules-index.json`` (or, for the log's undo and redo, the shared one);
every quote is found word for word in the game's rulebook (``tests/rulebooks.py``: a missing rulebook fails)
and stands in the section the entry names; a rule without a sentence of the rulebook is a decision, with why.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_ids import raised, rule_ids
from rulebooks import FILES, quote, rulebook

from companion import rulebook as R
from companion.errors import IllegalAction, Refusal

ROOT = Path(__file__).resolve().parents[2]
GAMES = list(R.PACKAGES)
#: the guards every game refuses with, whatever module raises them
GUARDS = {"setup-first", "game-over", "unknown-action", "seat"}


def test_the_walk_finds_the_refusals_of_every_game():
    ids = rule_ids()
    assert set(ids) == set(GAMES) | {"shared"}
    assert {"no-land", "protected", "last-worker"} <= ids["rise"]
    assert {"trolls-and-gnomes", "elders-range", "board-side"} <= ids["mountain-king"]  # through `_no(sentence, rule)`
    assert {"levy-turn", "pct-step", "status-skip"} <= ids["rise-and-fall-1989"]  # through `add(rule, where, text)`
    assert {"dragon-stays", "port-count", "enclosed", "guild-choice-give-one"} <= ids["rise-and-fall"]  # f-strings, Violation, Offer
    assert {"undo", "redo"} | GUARDS <= ids["shared"]  # the log's, and the guards raised as constants (rule=SEAT)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_raised_in_the_code_has_an_entry(game):
    ix = R.index(game)
    missing = sorted((rule_ids().get(game, set()) | GUARDS) - set(ix.entries))
    where = {f.rule: f.where for f in raised() if f.rule in missing and f.game == game}
    assert missing == [], f"rule ids with no entry in {game}'s rules-index.json: {where}"


def test_the_shared_rule_ids_have_an_entry_for_every_game():
    """The log's (undo, redo: in the shared index, ours) and the guards every game's rules share (each game's own)."""
    assert GUARDS <= rule_ids()["shared"]
    for rule in rule_ids()["shared"]:
        for game in GAMES:
            assert R.entry(game, rule) is not None, (game, rule)
        if rule not in GUARDS:
            assert R.entry(None, rule) is not None and R.entry(None, rule).ours


@pytest.mark.parametrize("game", GAMES)
def test_every_quote_is_the_rulebook_s_word_for_word_in_the_section_named(game):
    text = rulebook(game)  # a missing rulebook fails here (MissingRulebook)
    ix = R.index(game)
    sourced = [(e.rule, e.section, e.quote) for e in ix.entries.values() if e.quote]
    sourced += [(f"glossary {t.term}", t.section, t.quote) for t in ix.glossary]
    sourced += [(f"phase {p.name}", p.section, p.quote) for p in ix.phases]
    sourced += [("setup", s, q) for s, q in ix.setup_quotes]
    assert sourced
    for what, section, q in sourced:
        quote(game, q)
        assert section in R.sections_of(text, q), what


@pytest.mark.parametrize("game", GAMES)
def test_a_rule_rests_on_a_sentence_or_on_a_decision_with_its_reason(game):
    for e in R.index(game).entries.values():
        assert e.reading.strip(), e.rule
        assert e.quote or e.decision, f"{game} {e.rule}: neither a sentence of the rulebook nor a decision"
        assert bool(e.decision) == bool(e.why), f"{game} {e.rule}: a decision and its reason go together"
        if e.ours:
            assert e.decided_in and (ROOT / e.decided_in).is_file(), e.rule


def test_the_rulebooks_are_the_ones_the_index_names():
    for game in GAMES:
        assert R.index(game).rulebook == f"docs/rulebooks/{FILES[game]}"


# --- the search ---------------------------------------------------------------------------------------
ENTRIES = [(g, rule) for g in GAMES for rule in sorted(R.index(g).entries)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ENTRIES), st.data())
def test_the_search_finds_an_entry_from_any_word_of_its_quote_or_reading(pick, data):
    game, rule = pick
    e = R.index(game).entries[rule]
    word = data.draw(st.sampled_from(R.words(e.quote + " " + e.reading)))
    typed = data.draw(st.integers(min_value=1, max_value=len(word)))  # as typed so far: a word's beginning
    assert rule in [x.rule for x in R.index(game).search(word[:typed])]
    assert rule in [x.rule for x in R.index(game).search(word.upper())]


def test_the_search_asks_every_word_and_an_empty_query_lists_all():
    ix = R.index("rise-and-fall")
    both = ix.search("Decline purchase")
    def text(e):
        return R.words(" ".join((e.quote, e.reading, e.decision, e.section, e.rule.replace("-", " "))))

    assert both and all(any(w.startswith("decline") for w in text(e)) and any(w.startswith("purchase") for w in text(e))
                        for e in both)
    assert {"one-purchase", "decline-price"} <= {e.rule for e in both}
    assert len(ix.search("")) == len(ix.entries) and ix.search("zzzqqq") == []
    assert [t.term for t in ix.terms("regi")] == ["Region"]


# --- a refusal knows its game and its rule ------------------------------------------------------------
def test_a_refusal_carries_its_rule_and_the_game_it_was_raised_in():
    from companion.rise import game as rise

    with pytest.raises(IllegalAction) as caught:
        rise.apply(rise.start(), {"type": "fly"})
    said = str(caught.value)
    assert isinstance(said, Refusal) and said == caught.value.message and said.rule == "unknown-action"
    assert R.game_of(said.where) == "rise"
    assert R.why(said).quote == quote("rise", "Using the following list of options players must choose two actions every turn.")
    assert R.why("a plain sentence") is None
    assert str(IllegalAction("Not raised.", "seat")).where == ()


# --- the docs -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_the_committed_rules_index_docs_are_what_the_data_gives(game):
    path = ROOT / "docs" / game / "rules-index.md"
    assert path.is_file(), "run: python -m companion rules-index"
    assert path.read_text(encoding="utf-8") == R.markdown(game), "run: python -m companion rules-index"


def test_the_data_files_are_plain_json_with_one_entry_per_rule():
    for game, package in R.PACKAGES.items():
        doc = json.loads((ROOT / "companion" / package / "data" / "rules-index.json").read_text(encoding="utf-8"))
        assert doc["game"] == game and set(doc) >= {"rules", "glossary", "phases", "setup"}
