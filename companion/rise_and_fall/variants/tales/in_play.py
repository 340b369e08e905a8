"""The Tales during the game: what the special areas add to the cards' actions, conversion ranges
and protection, pieces laid on their side, the Merchants' two actions at the Caravansary, and the
Doppelganger's House. Pure Python, no widgets; the data is each Tale's ``play`` in ``tales.json``.

The tracker knows no positions after the first pieces, so a condition about where a piece stands
("Be adjacent or on the Sunken City space") is confirmed by the player: the action's button says
it. The Tales' hooks (:mod:`.variant`) ask :func:`in_play`, :func:`card_actions`, :func:`conversion_cost`,
:func:`standing` and :func:`check_activation`; the tracker names no special area.
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction
from companion.gamelog import Action
from companion.rise_and_fall.numbers import PIECE_TYPES
from companion.rise_and_fall.state.civilizations import Game
from companion.rise_and_fall.state.records import replace, with_civ
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.tales.state import NONE, TalesInPlay, tales_of, with_tales  # noqa: F401 - also known by its name here
from companion.rise_and_fall.variants.tales.tales import all_tales
from companion.words import plural

#: The tracker's version from which the special areas and Fantastic Events act (an older log replays as written).
SINCE_VERSION = 5




def first_piece_problem(game: "Game", i: int, piece: str, space: tuple[int, int]) -> None:
    """A first piece on a special area: 'Unless otherwise specified, players are not allowed to construct a City, Temple,
    or any special buildings on a special area' ('Nothing can be built on Swamps'), and the areas no piece enters; the
    same rule the end-scoring check applies (:func:`.tales.piece_problem`), refused at the tap."""
    from companion.rise_and_fall.variants.tales.tales import area_spaces, parse_markers, piece_problem
    from companion.rise_and_fall.world.special_areas import area_name
    from companion.rise_and_fall.world.tale_cards import all_areas

    if not game.tiles:
        return
    markers = parse_markers([{"area": k, "q": q, "r": r} for k, q, r in tales_of(game).world_tale_pieces])
    for kind, spaces in area_spaces(game.tiles, markers).items():
        if space in spaces and (why := piece_problem(kind, piece)):
            raise IllegalAction(f"{game.civs[i].name}'s {piece.title()} cannot be placed on {area_name(all_areas()[kind])}: '{why}' "
                                "Place it on another Space.", rule="special-area-no-piece")


def in_play(game: "Game") -> tuple[int, ...]:
    """The Tales drawn for this game that act during it (none in a log older than version 4)."""
    return tales_of(game).world_tales if game.tracker_version >= SINCE_VERSION else ()


def _play(tales: tuple[int, ...], key: str) -> list[tuple[int, Any]]:
    known = all_tales()
    out = []
    for n in tales:
        raw = _raw(n).get("play", {})
        if key in raw and n in known:
            out.append((n, raw[key]))
    return out


def _raw(n: int) -> dict[str, Any]:
    from companion.rise_and_fall.variants.tales.tales import tale_data

    return next((t for t in tale_data()["tales"] if t["number"] == n), {})


def card_actions(card: str, tales: tuple[int, ...]) -> list[dict]:
    """The special areas' new actions of ``card`` ('any' actions belong to every card); each label
    says the condition the player confirms by tapping it."""
    out = []
    for _, actions in _play(tales, "actions"):
        for spec in actions.get(card, []) + (actions.get("any", []) if card in PIECE_TYPES else []):
            s = dict(spec)
            if s.get("where"):
                s["label"] = f"{s['label']} ({s['where']})"
            out.append(s)
    return out


def conversion_cost(game: "Game", cost: dict[str, int], a: Action) -> dict[str, int]:
    """A conversion's cost by the distance the player enters (``distance``: 1 when not said), and
    the Dolmens' protection (``dolmens``: the unit stands 1 or 2 spaces from the Dolmens)."""
    tales = in_play(game)
    if a.get("dolmens"):
        if a["dolmens"] is not True:
            raise IllegalAction("Say whether the unit stands 1 or 2 spaces from the Dolmens (true or false).", rule="dolmens")
        for _, spec in _play(tales, "conversion"):
            if spec.get("protects"):
                raise IllegalAction(spec["rule"], rule="dolmens")
        raise IllegalAction("There are no Dolmens in this World.", rule="dolmens")
    d = a.get("distance", 1)
    if d == 1:
        return cost
    ranges = {int(k): v for _, spec in _play(tales, "conversion") for k, v in spec.get("range", {}).items()}
    guild = _guild_range(game, a)
    for k, v in guild.items():
        ranges[k] = min(v, ranges.get(k, v))  # the Psy-Monks' range at the normal price, the Monastery's beyond
    if type(d) is not int or d not in ranges:
        raise IllegalAction(f"A Temple converts a unit adjacent to it{_reach(ranges, guild)}.", rule="conversion-range")
    return {k: v * ranges[d] for k, v in cost.items()}


#: The tracker's version from which the Psy-Monks' Temples convert at 2 spaces at the normal price.
GUILD_RANGE_SINCE = 7


def _guild_range(game: "Game", a: Action) -> dict[int, int]:
    from companion.rise_and_fall.variants.guilds import guilds as G

    i = a.get("player")
    if game.tracker_version < GUILD_RANGE_SINCE or type(i) is not int or not 0 <= i < len(game.civs):
        return {}
    return G.conversion_range(game.civs[i].guilds)


def _reach(ranges: dict[int, int], guild: dict[int, int]) -> str:
    """The distances open, in words: the Guild's, then the Monastery's for a Temple adjacent to it."""
    said = ""
    if guild:
        said += f" or up to {max(guild)} spaces away at the normal price (the Psy-Monks' range)"
    far = sorted(k for k in ranges if k not in guild or ranges[k] != guild[k])
    if far:
        said += f" or, from a Temple adjacent to the Monastery, {' or '.join(str(k) for k in far)} spaces away"
    return said


def monastery_range(game: "Game") -> dict[int, int]:
    """The distances a Temple next to the Monastery converts at, with their cost multipliers."""
    return {int(k): v for _, spec in _play(in_play(game), "conversion") for k, v in spec.get("range", {}).items()}


def conversion_ranges(game: "Game", i: int) -> dict[int, tuple[int, str]]:
    """The distances beyond adjacent player ``i``'s Temples convert at now, each with its cost multiplier and
    whose reach it is: the Monastery's (a Temple next to it) and the Psy-Monks' (at the normal price), the
    cheaper at each distance (the screens' choice of distance)."""
    out = {d: (m, "Temple next to the Monastery") for d, m in monastery_range(game).items()}
    for d, m in _guild_range(game, {"player": i}).items():
        if d not in out or m <= out[d][0]:
            out[d] = (m, "the Psy-Monks' range")
    return out


def dolmens_rule(game: "Game") -> str:
    return next((spec["rule"] for _, spec in _play(in_play(game), "conversion") if spec.get("protects")), "")


# --- pieces laid on their side (the Typhoon, Storm Peak) --------------------------------------
def laid(state: TalesInPlay, i: int, piece: str) -> int:
    return sum(n for j, p, n in state.laid if j == i and p == piece)


def with_laid(state: TalesInPlay, i: int, piece: str, delta: int) -> TalesInPlay:
    counts = {(j, p): n for j, p, n in state.laid}
    counts[(i, piece)] = max(0, counts.get((i, piece), 0) + delta)
    return _replace(state, laid=tuple((j, p, n) for (j, p), n in sorted(counts.items()) if n > 0))


def standing(game: "Game", i: int, card: str) -> tuple[int, int]:
    """When player ``i`` starts acting with ``card``: how many of its pieces may act, and how many
    lie on their side ('A laid down piece will perform no action when its Civilization card is
    played, it will merely be stood back up (at the end of the player's turn...)')."""
    n = game.civs[i].count(card)
    down = min(laid(tales_of(game).tale_play, i, card), n)
    return n - down, down


def stand_up(game: "Game", i: int, card: str, notes: list[str]) -> "Game":
    """At the end of the player's turn, the pieces that lay on their side when it began stand up, and the
    Caravansary's two actions per Merchant end with the turn they were claimed for."""

    state = was = tales_of(game).tale_play
    if state.doubled or state.used:
        state = _replace(state, doubled=False, used=())
    up = state.rising
    if up:
        notes.append(f"{game.civs[i].name} stands {plural(up, card.title())} back up: laid on their side, they did not act.")
        state = _replace(with_laid(state, i, card, -up), rising=0)
    return game if state is was else with_tales(game, tale_play=state)


def storm_peak_pieces(game: "Game") -> tuple[str, ...]:
    return tuple(p for _, spec in _play(in_play(game), "lays_down") for p in spec["pieces"])


def lay_down(game: "Game", a: Action, notes: list[str]) -> "Game":
    """Storm Peak: 'Any Nomad, Ship, or Merchant which enters a space adjacent to the Storm Peak stops
    its movement and is laid down on its side. It won't be set standing back up at the end of the
    player's turn.' The acting player says how many of their pieces were laid down so."""

    rules = _play(in_play(game), "lays_down")
    if not rules:
        raise IllegalAction("There is no Storm Peak in this World.", rule="storm-peak")
    i, piece, k = a.get("player"), a.get("piece"), a.get("count", 1)
    if game.phase != "B" or i != game.acting:
        raise IllegalAction("A piece is laid down by Storm Peak as it moves, during its owner's actions.", rule="storm-peak")
    kinds = storm_peak_pieces(game)
    if piece not in kinds:
        raise IllegalAction(rules[0][1]["rule"] + " The Mountaineers stop, but they aren't laid down.", rule="storm-peak")
    civ = game.civs[i]
    upright = civ.count(piece) - laid(tales_of(game).tale_play, i, piece)
    if type(k) is not int or not 1 <= k <= upright:
        raise IllegalAction(f"{civ.name} has {plural(upright, piece.title())} standing to lay down; "
                            f"enter from 1 to {upright}.", rule="storm-peak")
    notes.append(f"{civ.name}'s {plural(k, piece.title())} by Storm Peak {'is' if k == 1 else 'are'} laid down: "
                 "they stand up only at the end of a later turn of their card.")
    return with_tales(game, tale_play=with_laid(tales_of(game).tale_play, i, piece, k))


# --- the Caravansary -------------------------------------------------------------------------
def caravansary(game: "Game") -> dict | None:
    found = _play(in_play(game), "merchants")
    return found[0][1] if found else None


def claim_caravansary(game: "Game", a: Action, notes: list[str]) -> "Game":
    """'The player who has a clear majority of game pieces on the Caravansary space and in adjacent
    spaces ... When playing the Merchant Civilization card, each Merchant ... can perform two
    different actions instead of one.' The player confirms the majority."""

    spec = caravansary(game)
    if spec is None:
        raise IllegalAction("There is no Caravansary in this World.", rule="caravansary")
    i = a.get("player")
    if game.phase != "B" or i != game.acting or game.acting_card != "merchant":
        raise IllegalAction("The Caravansary's ability is used when playing the Merchant Civilization card.", rule="caravansary")
    if tales_of(game).tale_play.doubled:
        raise IllegalAction("Each Merchant already performs two different actions this turn.", rule="caravansary")
    each = spec["actions_each"]
    notes.append(f"{game.civs[i].name} has {spec['where']}: each Merchant performs {each} different actions this turn.")
    return with_tales(replace(game, act_limit=game.act_limit * each), tale_play=_replace(tales_of(game).tale_play, doubled=True))


def check_activation(game: "Game", action_id: str) -> None:
    """With the Caravansary, 'two different actions': no action more often than there are Merchants."""
    play = tales_of(game).tale_play
    if play.doubled and play.used.count(action_id) >= game.act_limit // caravansary(game)["actions_each"]:
        raise IllegalAction("With the Caravansary each Merchant performs two different actions: this one has been "
                            "taken by every Merchant already.", rule="caravansary")


def activated(game: "Game", action_id: str) -> "Game":

    play = tales_of(game).tale_play
    if not play.doubled:
        return game
    return with_tales(game, tale_play=_replace(play, used=play.used + (action_id,)))


def new_actor(game: "Game", down: int) -> "Game":
    """A player begins their actions: the Caravansary's claim ends, their laid pieces wait to stand up."""

    play = tales_of(game).tale_play
    if play == NONE and not down:
        return game
    return with_tales(game, tale_play=_replace(play, doubled=False, used=(), rising=down))


# --- the Doppelganger's House ------------------------------------------------------------------
def unused_guilds(game: "Game") -> list[str]:
    """'unused Guild cards': every Guild card not in front of a player."""
    held = {g for c in game.civs for g in c.guilds}
    return [g for g in G.all_guilds() if g not in held]


def house(game: "Game", i: int, spec: dict, a: Action, notes: list[str]) -> "Game":
    """'Draw three unused Guild cards. Choose one and place it in front of you, face up. ... If, at any
    later point you wish to use the Doppelganger's House ability again, you will have to discard the
    Guild card previously drawn before drawing 3 new cards.' The three are drawn by the screen and
    kept in the action (``drawn``), with the one kept (``keep``)."""

    civ = game.civs[i]
    before = dict(tales_of(game).tale_play.house).get(i)
    drawn, keep = a.get("drawn"), a.get("keep")
    free = set(unused_guilds(game)) | ({before} if before else set())
    n = spec["house"]["draw"]
    if not isinstance(drawn, list) or len(drawn) != n or len(set(drawn)) != n or not all(isinstance(g, str) for g in drawn):
        raise IllegalAction(f"Draw {n} unused Guild cards.", rule="doppelgangers-house")
    if not set(drawn) <= free - ({before} if before else set()):
        raise IllegalAction(f"Draw {n} unused Guild cards: not one in front of a player.", rule="doppelgangers-house")
    if keep not in drawn:
        raise IllegalAction("Keep one of the three Guild cards drawn.", rule="doppelgangers-house")
    cards = tuple(g for g in civ.guilds if g != before) + (keep,)
    civ = replace(civ, guilds=cards)
    lost = f" {civ.name} discards the {G.guild(before).name}, drawn before." if before else ""
    notes.append(f"{civ.name} draws three Guild cards at the Doppelganger's House and keeps the {G.guild(keep).name}: "
                 f"{G.guild(keep).power}{lost}")
    bank = {r: getattr(game, f"bank_{r}") for r in ("wood", "stone")}
    for r, most in game.treasury_limit(i, civ).items():
        extra = getattr(civ, r) - most
        if extra > 0:
            civ = replace(civ, **{r: most})
            bank[r] += extra
            notes.append(f"{civ.name} returns {extra} {r.title()} to the bank: they may now hold {most}.")
    house_ = tuple(sorted([(j, g) for j, g in tales_of(game).tale_play.house if j != i] + [(i, keep)]))  # by player, as a state holds them
    game = replace(with_civ(game, i, civ), bank_wood=bank["wood"], bank_stone=bank["stone"])
    game = with_tales(game, tale_play=_replace(tales_of(game).tale_play, house=house_))
    return game


def _replace(state: TalesInPlay, **changes: Any) -> TalesInPlay:

    return replace(state, **changes)


# --- the history's words --------------------------------------------------------------------------
def describe(action: dict, who: str) -> str | None:
    """A line of the history for the Tales' actions (None: not one of them)."""
    k = action.get("type")
    if k == "fantastic-event":
        n = action.get("tale")
        name = all_tales()[n].name if n in all_tales() else "a Tale"
        return f"{who}: {name}'s Fantastic Event" if who else f"{name}'s Fantastic Event"
    if k == "lay-down":
        return f"{who}: {action.get('count', 1)} {str(action.get('piece', '')).title()} laid down by Storm Peak"
    if k == "caravansary":
        return f"{who}: the Caravansary, two different actions per Merchant"
    if k == "place-creature":
        return f"The {str(action.get('piece', '')).replace('-', ' ').title()} placed in the World"
    if k == "act":
        aid = action.get("action")
        for card in PIECE_TYPES:
            found = next((s for s in card_actions(card, tuple(all_tales())) if s["id"] == aid), None)
            if found:
                return f"{who}: {found['label']}"
    return None
