"""The Tale pieces and buildings in the game tracker: the Dragon, the Capital, the Majestic
Bridge, the Banks, the Ports, the Cathedral and the Floating Cities. Pure Python, no widgets.

The data is in ``tales.json`` (``tracker``: what each Tale puts in the game, its actions by the
Civilization card that activates them, the buildings that act when their owner plays a card).
The tracker asks five hook points, and only in a game whose World has Tales: :func:`actions`
(the Tale actions of a card, with the costs and gains of the World as it is now), :func:`effect`
(what an action does to the pieces, the buildings and the Tale Trophies), :func:`extra_actions`
(the Capital's and the Cathedral's actions when their owner plays City or Temple),
:func:`count_limits` (the Capital counted as a City; the Ships and Ports a Port trades with) and
:func:`initial`. The scoring asks :func:`scoring`.

The tracker knows no positions: a condition on where pieces stand (4 adjacent Cities, three
units adjacent to the Dragon) is the table's, confirmed by tapping the action. Everything that
can be counted is checked: the pieces in the World and the reserve, the resources, one Capital,
the Banks, the Floating City tiles left.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from companion.errors import IllegalAction
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.state.civilizations import Game, with_pieces
from companion.rise_and_fall.state.records import replace, with_civ
from companion.rise_and_fall.variants.tales import tales as T
from companion.rise_and_fall.variants.tales.state import TaleState  # noqa: F401 - also known by its name here
from companion.words import plural


@lru_cache(maxsize=1)
def _data() -> dict[str, dict[str, Any]]:
    return {int(k): v for k, v in T.tale_data()["tracker"]["tales"].items()}


def tracked(drawn: tuple[int, ...]) -> tuple[int, ...]:
    """The Tales drawn that have pieces or buildings in the tracker, lowest number first."""
    return tuple(n for n in sorted(drawn) if n in _data())


def pieces_of(n: int) -> dict[str, dict[str, Any]]:
    return _data()[n].get("pieces", {})


def _spec_of(building: str) -> dict[str, Any]:
    return next(p[building] for n in _data() for p in [pieces_of(n)] if building in p)


def initial(drawn: tuple[int, ...], players: int) -> TaleState | None:
    """The Tale pieces at the start: 'each player has a Bank of their color in their reserve'; the
    Dragon is in the World from the deployment phase on; the Floating City tiles in the general reserve."""
    mine = tracked(drawn)
    if not mine:
        return None
    kinds = [(b, p) for n in mine for b, p in pieces_of(n).items()]
    owned = tuple((b, 0) for b, p in kinds if not p.get("of_no_one"))
    world = tuple((b, 1 if p.get("from_start") else 0) for b, p in kinds if p.get("of_no_one"))
    return TaleState(drawn=mine, buildings=(owned,) * players, world=world)


def available(state: TaleState, i: int, building: str, players: int) -> int:
    """How many of ``building`` player ``i`` can still put in the World."""
    p = _spec_of(building)
    if "per_player" in p:
        return p["per_player"] - state.count(i, building)
    if "in_game" in p:
        return p["in_game"] - state.total(building)
    return tiles_in_game(building, players) - state.total(building)


def tiles_in_game(building: str, players: int) -> int:
    """'place in the general reserve as many Floating Cities tiles as there are players plus one.'"""
    p = _spec_of(building)
    return p.get("tiles_per_player", 0) * players + p.get("tiles_extra", 0)


def with_building(state: TaleState, i: int | None, building: str, delta: int) -> TaleState:
    if i is None:
        world = tuple((b, n + delta if b == building else n) for b, n in state.world)
        return replace(state, world=world)
    mine = tuple((b, n + delta if b == building else n) for b, n in state.buildings[i])
    return replace(state, buildings=state.buildings[:i] + (mine,) + state.buildings[i + 1:])


# --- hook points ------------------------------------------------------------------------------
def actions(game: Game, i: int, card: str) -> list[dict]:
    """The Tale actions of ``card`` for player ``i``, with the costs and gains of now: 'the first
    Bank costs ... 5 GP, the second 10 GP, the third 15 GP'; Increase Taxes counts every Bank."""
    st = game.tales
    if st is None:
        return []
    banks = st.total("bank")
    out = []
    for n in st.drawn:
        for raw in _data()[n].get("actions", {}).get(card, []):
            spec = {**raw, "tale": n, "cost": dict(raw.get("cost", {})), "gain": dict(raw.get("gain", {}))}
            for r, v in raw.get("per_bank", {}).items():
                side = "cost" if r in spec["cost"] else "gain"
                spec[side][r] = spec[side].get(r, 0) + v * banks
            out.append(spec)
    return out


def find_action(game: Game, i: int, card: str, action_id: Any) -> dict | None:
    return next((s for s in actions(game, i, card) if s["id"] == action_id), None)


def extra_actions(game: Game, i: int, card: str) -> int:
    """How many more actions player ``i`` takes with ``card`` thanks to their buildings: 'the Capital
    can perform 2 actions from the City card'; the Cathedral performs the Temple card's actions."""
    st = game.tales
    if st is None:
        return 0
    return sum(a["actions"] * st.count(i, b) for n in st.drawn for b, a in _data()[n].get("activates", {}).items()
               if a["card"] == card and not a.get("own_actions"))


def count_limits(game: Game, i: int, spec: dict, limits: dict[str, tuple[int, str]]) -> dict[str, tuple[int, str]]:
    """'For Trade and Taxes actions of Ships, Merchants, and Temple, the Capital counts as a normal
    City': the most a count may be, with the Capital; and a Port's trade counts the Ships and Ports."""
    st = game.tales
    if st is None:
        return limits
    out = dict(limits)
    capital = st.owner("capital")
    if capital is not None:
        at_most = spec.get("at_most")
        keys = {spec["count"]: at_most} if isinstance(at_most, str) else dict(at_most or {})
        counts = {"cities": True, "own-cities": capital == i, "opposing-cities": capital != i, "own-pieces-but-temples": capital == i}
        for label, key in keys.items():
            if counts.get(key) and label in out:
                n, why = out[label]
                out[label] = (n + 1, f"{why}, and the Capital counts as a City")
    if spec.get("tale_at_most") == "ships-and-ports":
        n = sum(c.count("ship") for c in game.civs) + st.total("port")
        out[spec["count"]] = (n, f"there {'is' if n == 1 else 'are'} {plural(n, 'Ship or Port', 'Ships and Ports')} in the World")
    return out


def effect(game: Game, i: int, spec: dict, a: dict, notes: list[str]) -> Game:
    """What a Tale action does, after its cost is paid and its gain taken (``tracker.apply_card_action``)."""
    return EFFECTS[spec["do"]](game, i, spec, notes)


def scoring(game: Game, i: int) -> dict[str, Any]:
    """What the end of a tracked game carries into its scoring for player ``i``: the Tale Trophies
    they claimed and whether they control the Cathedral."""
    st = game.tales
    if st is None:
        return {}
    out: dict[str, Any] = {}
    if st.trophies_of(i):
        out["tale_trophies"] = list(st.trophies_of(i))
    if "cathedral" in dict(st.buildings[i]) and st.count(i, "cathedral"):
        out["cathedral"] = True
    return out


def set_aside(game: Game) -> tuple[str, ...]:
    """'When a player earns one of these Trophies, they must take one of the unclaimed "normal"
    Trophies, and place it next to the board. This Trophy is still available': the first unclaimed
    ones in the rulebook's order, one per Tale Trophy claimed (when one of them is claimed later,
    the next unclaimed one takes its place beside the board, so the board keeps the count)."""
    st = game.tales
    if st is None or not st.trophies:
        return ()
    taken = {t for c in game.civs for t in c.trophies}
    return tuple(t for t in PIECE_TYPES if t not in taken)[: len(st.trophies)]


def tale_trophies(game: Game) -> int:
    return len(game.tales.trophies) if game.tales is not None else 0


# --- effects ----------------------------------------------------------------------------------
def _name(n: int) -> str:
    return T.tale(n).name.removeprefix("The ")


def _claim(game: Game, i: int, n: int, notes: list[str]) -> Game:
    """A Tale Trophy: it counts towards the end of the game and the Decline price, and 'when a
    Trophy from a Tale is earned, all players must place a card in the Decline zone'."""
    before = set_aside(game)
    st = game.tales
    game = replace(game, tales=replace(st, trophies=st.trophies + ((n, i),)),
                   claimed_this_turn=game.claimed_this_turn + ((T.tale(n).id, i),))
    vp = T.tale(n).trophy_vp
    notes.append(f"{game.civs[i].name} claims the {_name(n)} Trophy ({vp} VP).")
    moved = [t for t in set_aside(game) if t not in before]
    if moved:
        notes.append(f"The unclaimed {moved[0].title()} Trophy is placed next to the board: it is still available, "
                     f"and the board counts {plural(game.claimed, 'Trophy')} claimed.")
    return game


def _units(game: Game, i: int, card: str, n: int, what: str) -> None:
    civ = game.civs[i]
    if civ.count(card) < n:
        raise IllegalAction(f"{what} needs {n} {card.title()}s; {civ.name} has {civ.count(card)} in the World.", rule="tale-action-units")


def _building(game: Game, i: int, building: str, what: str) -> None:
    st = game.tales
    if available(st, i, building, len(game.civs)) <= 0:
        who = st.owner(building)
        if building in ("capital", "cathedral") and who is not None:
            raise IllegalAction(f"There's only one {building.title()} in the game: {game.civs[who].name} controls it.", rule="one-in-game")
        if building == "floating-city":
            raise IllegalAction("Every Floating City tile is already in the World.", rule="floating-cities")
        if building == "bridge":
            raise IllegalAction("The Majestic Bridge is already built.", rule="majestic-bridge")
        raise IllegalAction(f"{game.civs[i].name} has no {building.title()} left in the reserve, so {what} cannot be fully completed.", rule="fully-completed")


def _dragon_hunt(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """'Control three units of the same type adjacent to the Dragon ... The player removes the
    Dragon from the World and claims the Dragon Trophy'."""
    st = game.tales
    if not st.total("dragon"):
        raise IllegalAction("The Dragon is no longer in the World.", rule="dragon-hunt")
    _units(game, i, game.acting_card, spec["units"], "The Dragon Hunt")
    # its Space is free again: no creature stands there any more
    left = tuple(c for c in game.tale_play.creatures if c[0] != "dragon")
    game = replace(game, tales=with_building(st, None, "dragon", -1), tale_play=replace(game.tale_play, creatures=left))
    notes.append(f"{game.civs[i].name}'s three {game.acting_card.title()}s hunt the Dragon: it is removed from the World.")
    return _claim(game, i, spec["tale"], notes)


def _capital(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """'Control 4 adjacent Cities ... Remove the Cities and place the Capital on one of the spaces
    previously occupied.'"""
    _building(game, i, "capital", "the Capital")
    built = [j for n, j in game.tales.trophies if n == spec["tale"]]
    if built:
        raise IllegalAction(f"There's only one Capital in the game: {game.civs[built[0]].name} built it.", rule="one-in-game")
    _units(game, i, "city", spec["units"], "Constructing the Capital")
    game = with_civ(game, i, with_pieces(game.civs[i], "city", -spec["units"]))
    game = replace(game, tales=with_building(game.tales, i, "capital", 1))
    notes.append(f"{game.civs[i].name} removes 4 Cities (back to the reserve) and places the Capital on one of their spaces.")
    return _claim(game, i, spec["tale"], notes)


def _bridge(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """'The player returns the two Nomads to their Reserve and places the bridge over the Sea space'."""
    _building(game, i, "bridge", "the Bridge")
    _units(game, i, "nomad", spec["units"], "Constructing the Bridge")
    game = with_civ(game, i, with_pieces(game.civs[i], "nomad", -spec["units"]))
    game = replace(game, tales=with_building(game.tales, None, "bridge", 1))
    notes.append(f"{game.civs[i].name} returns two Nomads to the reserve and places the Majestic Bridge over the Sea space.")
    return _claim(game, i, spec["tale"], notes)


def _bank(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """'Replace the Nomad with the Bank.'"""
    _building(game, i, "bank", "Constructing a Bank")
    _units(game, i, "nomad", 1, "Constructing a Bank")
    game = with_civ(game, i, with_pieces(game.civs[i], "nomad", -1))
    game = replace(game, tales=with_building(game.tales, i, "bank", 1))
    notes.append(f"{game.civs[i].name} replaces a Nomad with their Bank.")
    return game


def _bank_taxes(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """'Condition: Control a Bank.' (The gain counts every Bank in the World.)"""
    if not game.tales.count(i, "bank"):
        raise IllegalAction(f"Increase Taxes needs a Bank: {game.civs[i].name} controls none.", rule="banks")
    return game


def _port(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """A Ship 'Remove the Ship, and replace it with a Port'; a Nomad 'Remove the Nomad, and place the
    Port in an adjacent empty Sea space.'"""
    src = spec["from"]
    _building(game, i, "port", "Constructing a Port")
    _units(game, i, src, 1, "Constructing a Port")
    game = with_civ(game, i, with_pieces(game.civs[i], src, -1))
    game = replace(game, tales=with_building(game.tales, i, "port", 1))
    notes.append(f"{game.civs[i].name}'s {src.title()} goes back to the reserve and their Port is placed.")
    return game


def _port_action(game: Game, i: int, what: str) -> Game:
    """'each time the player uses their Ship Civilization card, they can also activate their Port. A
    Port can perform one of the following actions'."""
    st = game.tales
    if not st.count(i, "port"):
        raise IllegalAction(f"{what} is a Port action: {game.civs[i].name} has no Port in the World.", rule="port")
    if ("port", i, game.turn) in st.used:
        raise IllegalAction(f"{game.civs[i].name}'s Port has already performed its action this turn.", rule="port")
    return replace(game, tales=replace(st, used=st.used + (("port", i, game.turn),)))


def _port_ship(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """'Place a Ship in the Port's Sea space, this Ship can also be activated with the same
    Civilization card (it can be activated on the same turn it was constructed).'"""
    game = _port_action(game, i, "Constructing a Ship")
    notes.append(f"{game.civs[i].name}'s Port builds a Ship; it can act this turn.")
    return replace(game, act_limit=game.act_limit + 1)


def _port_trade(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """'Gain 4 GP per Ship and Port in the same Sea Region as your Port.'"""
    return _port_action(game, i, "Trade with Ships and Ports")


def _cathedral(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """'Have your 3 Temples present in the World while the Cathedral hasn't been constructed yet ...
    Replace one of the 3 Temples with the Cathedral.'"""
    _building(game, i, "cathedral", "the Cathedral")
    temples = load_rules().pieces_per_player["temple"]
    civ = game.civs[i]
    if civ.count("temple") < temples:
        raise IllegalAction(f"Constructing the Cathedral needs your {temples} Temples in the World; {civ.name} has {civ.count('temple')}.", rule="cathedral")
    game = with_civ(game, i, with_pieces(civ, "temple", -1))
    game = replace(game, tales=with_building(game.tales, i, "cathedral", 1))
    notes.append(f"{civ.name} replaces a Temple with the Cathedral (15 VP at the end of the game); it acts from their next Temple card on.")
    return game


def _floating_city(game: Game, i: int, spec: dict, notes: list[str]) -> Game:
    """'Place a Floating City tile on the Sea space, remove the Nomad, and then place a City on the
    Floating City space.' 'When the last Floating City tile is placed in the World, the player with
    the most Floating Cities gains the corresponding Trophy ... In case of a tie, no one gets it.'"""
    _building(game, i, "floating-city", "Constructing a Floating City")
    st = with_building(game.tales, i, "floating-city", 1)
    game = replace(game, tales=st)
    n = len(game.civs)
    left = available(st, i, "floating-city", n)
    notes.append(f"{game.civs[i].name} places a Floating City tile and a City on it; {plural(left, 'tile')} left.")
    if left:
        return game
    most = max(st.count(j, "floating-city") for j in range(n))
    top = [j for j in range(n) if st.count(j, "floating-city") == most]
    if len(top) > 1:
        notes.append(f"The last Floating City tile is placed: {' and '.join(game.civs[j].name for j in top)} tie with "
                     f"{most} each, so no one gets the Trophy.")
        return game
    return _claim(game, top[0], spec["tale"], notes)


EFFECTS = {
    "dragon-hunt": _dragon_hunt,
    "capital": _capital,
    "bridge": _bridge,
    "bank": _bank,
    "bank-taxes": _bank_taxes,
    "port": _port,
    "port-ship": _port_ship,
    "port-trade": _port_trade,
    "cathedral": _cathedral,
    "floating-city": _floating_city,
}


def extinct(game: Game, i: int, notes: list[str]) -> Game:
    """'Immediately remove all of the pieces from that Civilization from the World': the Tale buildings
    too (the Floating City tiles stay: they are spaces of the World). A Cathedral removed can be
    built again ('If a Cathedral is destroyed, its Tale card is returned to play'); the Capital
    cannot ('There's only one Capital in the game')."""
    st = game.tales
    gone = [b for b, n in st.buildings[i] if n and b != "floating-city"]
    for b in gone:
        st = with_building(st, i, b, -st.count(i, b))
    if gone:
        notes.append(f"{game.civs[i].name}'s {', '.join(b.title() for b in gone)} leave{'s' if len(gone) == 1 else ''} the World too.")
    return replace(game, tales=st)


def label(action_id: Any) -> str | None:
    """An action's label for the game's history, whatever the World."""
    return next((s["label"] for n in _data() for specs in _data()[n].get("actions", {}).values() for s in specs
                 if s["id"] == action_id), None)


def rule_text(spec: dict) -> str:
    """The rulebook's line that words a Tale action: its condition, cost and effect."""
    return next((line for line in T.tale(spec["tale"]).text.splitlines() if spec["rule"] in line), "")


def summary(game: Game) -> list[str]:
    """The Tale pieces in a sentence each, for the screens."""
    st = game.tales
    if st is None:
        return []
    names = [c.name for c in game.civs]
    n = len(names)
    out = []
    for t in st.drawn:
        for b, p in pieces_of(t).items():
            if b == "dragon":
                out.append("The Dragon is in the World." if st.total(b) else "The Dragon has been hunted.")
            elif b == "bridge":
                out.append("The Majestic Bridge is built." if st.total(b) else "The Majestic Bridge is not built yet.")
            elif "per_player" in p:
                have = [names[i] for i in range(n) if st.count(i, b)]
                out.append(f"{b.title()}s in the World: {', '.join(have) if have else 'none'}.")
            elif "in_game" in p:
                who = st.owner(b)
                out.append(f"The {b.title()}: {names[who]}'s." if who is not None else f"The {b.title()} is not built yet.")
            else:
                placed = [f"{names[i]} {st.count(i, b)}" for i in range(n) if st.count(i, b)]
                left = available(st, 0, b, n)
                out.append(f"Floating Cities: {', '.join(placed) or 'none'}; {plural(left, 'tile')} left.")
    for t, i in st.trophies:
        out.append(f"{names[i]} holds the {_name(t)} Trophy ({T.tale(t).trophy_vp} VP).")
    aside = set_aside(game)
    if aside:
        out.append(f"Beside the board, still available: the {', '.join(x.title() for x in aside)} Trophy"
                   f"{'s' if len(aside) > 1 else ''}.")
    return out
