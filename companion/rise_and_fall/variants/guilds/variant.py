"""The Guild variant's rules during a game: the deal and the choice of the Guild cards, the powers
that act (Mercenaries, Thieves' Guild, Corsairs, Shadow Cult, Doppelgangers) and the Recycling
phase's swap. The cards as data and their small hook points are :mod:`.guilds`; this module is
the :class:`~companion.rise_and_fall.variants.Variant` the tracker asks, never naming it.
"""

from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction
from companion.gamelog import Action
from companion.rise_and_fall.numbers import TERRAINS
from companion.rise_and_fall.state.civilizations import CONVERSION_ON_SINCE, Game, after_pieces_change, with_pieces
from companion.rise_and_fall.state.counts import amounts, counted, opponent, plural
from companion.rise_and_fall.state.records import replace, with_civ
from companion.rise_and_fall.variants import Then, Variant, state_of, with_state
from companion.rise_and_fall.variants.guilds import guilds as G
from companion.rise_and_fall.variants.guilds.state import NO_GUILDS, GuildsState

NAME = "guilds"
#: The tracker's version from which a Guild card drawn at the Doppelganger's House and then swapped by the Doppelgangers
#: is no longer the card the House discards (nor one it may draw while in front of another player).
HOUSE_CARD_SWAPPED_SINCE = 8


def guilds_of(game: Game) -> GuildsState:
    """The Guilds' state in ``game`` (the empty one in a game without them)."""
    return state_of(game, NAME) or NO_GUILDS


# --- setting up: keep, give one to the left, return the rest -------------------------------------
def deal(spec: Any, n: int, version: int) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """The handicap level of each player and the three Guild cards dealt to each (the deal is
    drawn by the screen and kept in the log, so a replay deals the same)."""
    if spec is None:
        return (), ()
    if version < 3:
        raise IllegalAction("The Guild variant needs the game rules of version 3.", rule="guild-version")
    if not isinstance(spec, dict):
        raise IllegalAction("The Guilds are given as the players' handicap levels and the cards dealt.", rule="guild-deal")
    known, levels = G.all_guilds(), G.levels()
    lv, dealt = spec.get("levels") or [G.STANDARD_LEVEL] * n, spec.get("dealt")
    if not isinstance(lv, list) or len(lv) != n or any(x not in levels for x in lv):
        raise IllegalAction(f"Each player has a handicap level: {', '.join(levels)}.", rule="guild-level")
    if not isinstance(dealt, list) or len(dealt) != n or any(not isinstance(h, list) or len(h) != G.DEALT for h in dealt):
        raise IllegalAction(f"Deal {G.DEALT} Guild cards to each player.", rule="guild-deal")
    cards = [c for h in dealt for c in h]
    if any(c not in known for c in cards):
        raise IllegalAction(f"The Guild cards are {', '.join(known)}.", rule="guild-deal")
    if len(set(cards)) != len(cards):
        raise IllegalAction("Each Guild card is dealt once.", rule="guild-deal")
    return tuple(lv), tuple(tuple(h) for h in dealt)


def reveal(game: Game, notes: list[str]) -> Game:
    """'Then, each player reveals the two Guild cards (chosen card and given card)'."""
    n = len(game.civs)
    chosen = guilds_of(game).chosen
    given = {(i + 1) % n: give for i, _, give in chosen if give is not None}
    kept = {i: keep for i, keep, _ in chosen}
    for i in range(n):
        cards = kept[i] + ((given[i],) if i in given else ())
        game = with_civ(game, i, replace(game.civs[i], guilds=cards))
        civ = game.civs[i]
        notes.append(f"{civ.name}: {G.summary(cards)}" if cards else f"{civ.name} plays with no Guild powers.")
    notes.append("The Guild cards are revealed. Place the first pieces.")
    return replace(game, phase="placement")


def choose(game: Game, a: Action, notes: list[str], then: Then) -> Game:
    """'Among the cards dealt, each player: Keeps a card, Places one face-down in front of the
    player on their left, Returns the remaining card to the box.' With the handicap system a
    player keeps 0, 1 or 2 cards."""
    if game.phase != "guilds":
        raise IllegalAction("Guild cards are chosen once, before the first pieces are placed.", rule="guild-choice-once")
    i = a.get("player")
    if i not in game.to_move():
        raise IllegalAction("That player has already chosen their Guild cards.", rule="guild-choice-once")
    st = guilds_of(game)
    civ, level = game.civs[i], G.levels()[st.levels[i]]
    hand = st.dealt[i]
    keep, give = a.get("keep"), a.get("give")
    if not isinstance(keep, list) or not all(isinstance(k, str) for k in keep):
        raise IllegalAction("Name the Guild cards kept.", rule="guild-choice")
    if len(keep) != level.keep:
        raise IllegalAction(f"{civ.name} plays as {level.label.lower()}: they keep {plural(level.keep, 'Guild card', 'Guild cards')}, not {len(keep)}.", rule="guild-choice-keep")
    gives = G.gives(list(st.levels), i)
    left = game.civs[(i + 1) % len(game.civs)].name
    if gives and not isinstance(give, str):
        raise IllegalAction(f"{civ.name} places one Guild card face down in front of {left}, the player on their left.", rule="guild-choice-give")
    if not gives and give is not None:
        raise IllegalAction(f"{left} plays with no Guild powers: {civ.name} gives them no card.", rule="guild-choice-give")
    picked = keep + ([give] if give is not None else [])
    if len(set(picked)) != len(picked) or not set(picked) <= set(hand):
        names = ", ".join(G.guild(g).name for g in hand)
        raise IllegalAction(f"{civ.name} keeps and gives among the cards dealt to them ({names}), each card once.", rule="guild-choice")
    game = with_state(game, NAME, chosen=st.chosen + ((i, tuple(keep), give),))
    if not game.to_move():
        game = reveal(game, notes)
    return game


# --- the powers that act ----------------------------------------------------------------------
def attack(game: Game, i: int, spec: dict, a: Action, notes: list[str]) -> Game:
    """Mercenaries: 'Remove the targeted unit and return it to its owner's reserve.'"""
    t = opponent(game, i, a.get("target"), "whose unit the Nomad attacks")
    unit = a.get("unit")
    if unit not in spec["attack"]:
        raise IllegalAction(f"A Nomad attacks a unit: {', '.join(u.title() for u in spec['attack'])}.", rule="mercenaries")
    victim = game.civs[t]
    if victim.count(unit) == 0:
        raise IllegalAction(f"{victim.name} has no {unit.title()} in the World to attack.", rule="mercenaries")
    notes.append(f"{game.civs[i].name}'s Mercenaries remove a {unit.title()} of {victim.name}; it goes back to their reserve.")
    return with_civ(game, t, with_pieces(victim, unit, -1))


def steal(game: Game, i: int, spec: dict, a: Action, notes: list[str]) -> Game:
    """Thieves' Guild: 'steal a resource of your choice from the City's owner. Each opponent's
    City can only be stolen from once for each Nomad card played.'"""
    t = opponent(game, i, a.get("target"), "whose City the Nomad steals from")
    res = a.get("resource")
    if res not in spec["steal"]:
        raise IllegalAction("A thief steals a Wood or a Stone.", rule="thieves-guild")
    victim, thief = game.civs[t], game.civs[i]
    stolen = guilds_of(game).stolen or (0,) * len(game.civs)
    if stolen[t] >= victim.count("city"):
        raise IllegalAction(f"Each opponent's City can only be stolen from once for each Nomad card played: "
                            f"{victim.name} has {plural(victim.count('city'), 'City', 'Cities')}, stolen from {stolen[t]} time{'s' if stolen[t] != 1 else ''}.", rule="thieves-guild")
    if getattr(victim, res) == 0:
        raise IllegalAction(f"{victim.name} has no {res.title()} to steal.", rule="thieves-guild")
    most = game.treasury_limit(i)[res]
    if getattr(thief, res) + 1 > most:
        raise IllegalAction(f"{thief.name} cannot hold more than {most} {res.title()}.", rule="treasury-limit")
    game = with_civ(game, t, replace(victim, **{res: getattr(victim, res) - 1}))
    game = with_civ(game, i, replace(thief, **{res: getattr(thief, res) + 1}))
    counts = list(stolen)
    counts[t] += 1
    notes.append(f"{thief.name}'s thieves steal a {res.title()} from {victim.name}.")
    return with_state(game, NAME, stolen=tuple(counts))


def piracy(game: Game, i: int, spec: dict, a: Action, notes: list[str]) -> Game:
    """Corsairs: 'Gain 2 Gold Pieces for each Ship owned by an opponent located in the same Sea
    Region ... These sums are paid to you by the opposing players, and not by the bank. If a player
    cannot pay you the totality of the sum... Too bad for you!'"""
    counts = a.get("counts") or {}
    if not isinstance(counts, dict):
        raise IllegalAction("Enter how many Ships of each opponent share the Sea Region.", rule="corsairs")
    per = spec["piracy"]["gold"]
    for key, n in counts.items():
        t = opponent(game, i, int(key) if isinstance(key, str) and key.isdigit() else key, "whose Ships are plundered")
        victim = game.civs[t]
        n = counted(n, "Ships", f"Piracy on {victim.name}", {"Ships": (victim.count("ship"), f"{victim.name} has {plural(victim.count('ship'), 'Ship', 'Ships')} in the World")}, "Ships")
        due = per * n
        paid = min(due, victim.gold)
        if paid < due:
            notes.append(f"{victim.name} can pay only {paid} GP of {due}. Too bad for the Corsairs!")
        game = with_civ(game, t, replace(victim, gold=victim.gold - paid))
        game = with_civ(game, i, replace(game.civs[i], gold=game.civs[i].gold + paid))
        if n:
            notes.append(f"{victim.name} pays {paid} GP for {plural(n, 'Ship', 'Ships')}.")
    return game


def may_convert(game: Game, i: int, target: int, kind: str, on: Any) -> None:
    """Shadow Cult: 'None of your units may be converted by your opponents.' And 'Special
    Situation: Temples': 'A Temple cannot convert a game piece with a special ability which would be
    in an illegal position after being converted.' ``on`` is the terrain the unit stands on."""
    victim, civ = game.civs[target], game.civs[i]
    guild_game = bool(guilds_of(game).levels)
    if G.protected(victim.guilds):
        raise IllegalAction(f"None of {victim.name}'s units may be converted: they are the Shadow Cult.", rule="shadow-cult")
    if on is None:
        only_theirs = G.stands_on(kind, victim.guilds, guild_game) - G.stands_on(kind, civ.guilds, guild_game)
        if only_theirs and game.tracker_version >= CONVERSION_ON_SINCE:
            raise IllegalAction(f"Say where the {kind.title()} of {victim.name} stands ('on'): {victim.name}'s {kind.title()}s may stand on "
                                f"{' or '.join(sorted(only_theirs))}, {civ.name}'s may not, and a Temple cannot convert a game piece "
                                "with a special ability which would be in an illegal position after being converted.", rule="conversion-on")
        return
    if on not in TERRAINS or on not in G.stands_on(kind, victim.guilds, guild_game):
        raise IllegalAction(f"A {kind.title()} of {victim.name} cannot stand on {on}.", rule="conversion-on")
    if on not in G.stands_on(kind, civ.guilds, guild_game):
        raise IllegalAction(f"A Temple cannot convert a game piece with a special ability which would be in an illegal position "
                            f"after being converted: {civ.name} would then control a {kind.title()} on {on}.", rule="temple-special-situation")


# --- the Recycling phase: the Doppelgangers ----------------------------------------------------
def can_swap(game: Game, i: int) -> bool:
    """Whether player ``i`` may swap their Doppelgangers for another player's Guild card now."""
    civ = game.civs[i]
    cost = G.swap_cost(civ.guilds)
    if cost is None or civ.extinct or any(getattr(civ, r) < v for r, v in cost.items()):
        return False
    return any(c.guilds for j, c in enumerate(game.civs) if j != i and not c.extinct)


def guild_cards(game: Game) -> tuple[tuple[str, ...], ...]:
    """Every player's Guild cards, face up in front of them."""
    return tuple(c.guilds for c in game.civs)


def keeps_doppelgangers(game: Game, i: int) -> bool:
    """Whether player ``i`` keeps the Doppelgangers without being asked at the Recycling phase: they
    said 'do not ask again' and the Guild cards on the table are the ones they chose to keep against."""
    return any(j == i and cards == guild_cards(game) for j, cards in guilds_of(game).kept)


def guild_marks(game: Game, i: int) -> list[tuple[str, str]]:
    """'Among the cards dealt, each player: Keeps a card, Places one face-down in front of the player
    on their left, Returns the remaining card to the box': the marks offered for each card dealt to
    ``i`` still to choose (label, mark), as the tablet and their phone show them. No Keep for a level that keeps
    none; no Give when the player on the left plays with no Guild powers."""
    levels = game.levels  # () before a game is set up
    if game.phase != "guilds" or not levels or i not in game.to_move():
        return []
    keeps = G.levels()[levels[i]].keep
    left = game.civs[(i + 1) % len(game.civs)].name
    return (([("Keep", "keep")] if keeps else []) + ([(f"Give to {left}", "give")] if G.gives(list(levels), i) else [])
            + [("Return", "return")])


def _events_waiting(game: Game) -> bool:
    """Whether the Fantastic Events of this Recycling phase wait to be resolved (they come after the swap)."""
    play = getattr(game, "tale_play", None)
    return bool(play is not None and play.events)


def _before_the_events(game: Game, what: str) -> None:
    """The Doppelgangers decide before the Fantastic Events are resolved; once these wait, the swap is over."""
    if game.phase == "E" and _events_waiting(game):
        raise IllegalAction(f"{what} is decided before the Fantastic Events; {game.civs[game.first].name} is resolving them now.", rule="doppelgangers-before-events")


def swap(game: Game, a: Action, notes: list[str], then: Then) -> Game:
    """Doppelgangers: 'During the Recycling phase, you can pay the bank 10 Gold Coins and exchange
    this card with another player's Guild card.' Then the note: 'if a player's situation is illegal
    in regards to their pieces or their stored resources, that player must immediately remove from
    the World all of their illegally positioned pieces, or return to the bank their excess resources.'
    The table says how many pieces stood where only the lost guild allowed (``removed``)."""
    i = a.get("player")
    _before_the_events(game, "The Doppelgangers' swap")
    if game.phase != "E" or i not in game.to_move():
        raise IllegalAction("The Doppelgangers swap Guild cards during the Recycling phase, once.", rule="doppelgangers")
    t = opponent(game, i, a.get("target"), "whose Guild card is taken")
    gid = a.get("guild")
    me, them = game.civs[i], game.civs[t]
    dop = next((g for g in me.guilds if G.swap_cost((g,)) is not None), None)
    if dop is None:
        raise IllegalAction(f"{me.name} holds no Doppelgangers: only their holder swaps Guild cards.", rule="doppelgangers")
    if gid not in them.guilds:
        raise IllegalAction(f"{them.name} has no such Guild card; they have {', '.join(G.guild(g).name for g in them.guilds) or 'none'}.", rule="doppelgangers")
    cost = G.swap_cost((dop,)) or {}
    before = them.guilds
    after = tuple(dop if g == gid else g for g in before)
    lost = G.lost_places(before, after)
    removed = a.get("removed") or {}
    if not isinstance(removed, dict) or any(p not in lost for p in removed):
        where = "; ".join(f"{p.title()}s on {', '.join(sorted(ts))}" for p, ts in lost.items()) or "none"
        raise IllegalAction(f"Only pieces that stood where the {G.guild(gid).name} alone allowed are removed ({where}).", rule="doppelgangers-removed")
    for p, k in removed.items():
        counted(k, p, f"{them.name}'s {p.title()}s removed", {p: (them.count(p), f"{them.name} has {plural(them.count(p), p.title(), p.title() + 's')} in the World")})
    me = replace(me, guilds=tuple(gid if g == dop else g for g in me.guilds), **{r: getattr(me, r) - v for r, v in cost.items()})
    them = replace(them, guilds=after)
    game = replace(game, bank_gold=game.bank_gold + cost.get("gold", 0))
    notes.append(f"{me.name} pays {amounts(cost)} and takes the {G.guild(gid).name} from {them.name}, who gets the Doppelgangers.")
    for p, k in removed.items():
        if k:
            them = with_pieces(them, p, -k)
            notes.append(f"{them.name} removes {plural(k, p.title(), p.title() + 's')} from the World: they stood where only the {G.guild(gid).name} allowed.")
    bank = {r: getattr(game, f"bank_{r}") for r in ("wood", "stone")}
    for r, most in game.treasury_limit(t, them).items():
        extra = getattr(them, r) - most
        if extra > 0:
            them = replace(them, **{r: most})
            bank[r] += extra
            notes.append(f"{them.name} returns {extra} {r.title()} to the bank: they may now hold {most}.")
    game = replace(with_civ(with_civ(game, i, me), t, them), bank_wood=bank["wood"], bank_stone=bank["stone"])
    game = after_pieces_change(game, [t], notes)
    house = getattr(game, "tale_play", None) and game.tale_play.house
    if house and game.tracker_version >= HOUSE_CARD_SWAPPED_SINCE:
        # a Guild card drawn at the Doppelganger's House and swapped away is no longer its player's to discard
        game = replace(game, tale_play=replace(game.tale_play, house=tuple((j, x) for j, x in house if x in game.civs[j].guilds)))
    game = with_state(replace(game, decided=game.decided + (i,)), NAME, swapped=guilds_of(game).swapped + (t,))
    return then(game, notes) if not game.to_move() else game


def keep(game: Game, a: Action, notes: list[str], then: Then) -> Game:
    i = a.get("player")
    _before_the_events(game, "Keeping the Doppelgangers")
    if game.phase != "E" or i not in game.to_move():
        raise IllegalAction("Only a holder of the Doppelgangers decides in the Recycling phase.", rule="doppelgangers")
    again = a.get("ask_again", True)
    if type(again) is not bool:
        raise IllegalAction("Keeping the Doppelgangers asks again at the next Recycling phase, or not (true or false).",
                            rule="doppelgangers-keep")
    if not again:
        # decided: 'do not ask again' stands while the Guild cards on the table stay as they are, or
        # until the holder asks again (docs/rise-and-fall/decisions.md)
        kept = tuple(k for k in guilds_of(game).kept if k[0] != i) + ((i, guild_cards(game)),)
        game = with_state(game, NAME, kept=kept)
        notes.append(f"{game.civs[i].name} keeps the Doppelgangers and is not asked again at the Recycling phase "
                     "while the Guild cards stay as they are.")
    game = replace(game, decided=game.decided + (i,))
    return then(game, notes) if not game.to_move() else game


def ask_again(game: Game, a: Action, notes: list[str], then: Then) -> Game:
    """The holder of the Doppelgangers who kept them 'do not ask again' wants to be asked at the
    Recycling phases again (any time before the game ends)."""
    i = a.get("player")
    if type(i) is not int or not 0 <= i < len(game.civs):
        raise IllegalAction("Choose one of the players.", rule="player")
    if game.phase == "over" or not keeps_doppelgangers(game, i):
        raise IllegalAction(f"{game.civs[i].name} is asked at every Recycling phase already, while they can pay for the swap.",
                            rule="doppelgangers-ask")
    notes.append(f"{game.civs[i].name} is asked again at the Recycling phase whether to swap the Doppelgangers.")
    return with_state(game, NAME, kept=tuple(k for k in guilds_of(game).kept if k[0] != i))


class Guilds(Variant):
    """The Guild variant: 'Guild cards give each Civilization a power of its own.'"""

    name = NAME
    initial = NO_GUILDS
    fields = ("levels", "dealt", "chosen", "stolen", "swapped", "kept")
    actions = {"guild-choice": choose, "swap-guild": swap, "keep-guild": keep, "ask-guild-swap": ask_again}
    seat_actions = ("guild-choice", "swap-guild", "keep-guild", "ask-guild-swap")
    effects = {"attack": attack, "steal": steal, "piracy": piracy}

    def setup(self, game: Game, action: Action, world: Any, notes: list[str]) -> Game:
        levels, dealt = deal(action.get("guilds"), len(game.civs), game.tracker_version)
        if not levels:
            return game
        notes.append("Three Guild cards are dealt to each player: each keeps, gives one to the left and returns the rest.")
        return with_state(replace(game, phase="guilds"), NAME, levels=levels, dealt=dealt)

    def to_move(self, game: Game) -> list[int] | None:
        if game.phase == "guilds":
            done = {j for j, _, _ in guilds_of(game).chosen}
            return [i for i in game.order() if i not in done]
        if game.phase == "E" and not _events_waiting(game):
            swapped = guilds_of(game).swapped
            return [i for i in game.order() if i not in game.decided and i not in swapped and can_swap(game, i)
                    and not keeps_doppelgangers(game, i)]
        return None

    def on_actor(self, game: Game, i: int, card: str) -> Game:
        return with_state(game, NAME, stolen=()) if guilds_of(game).stolen else game

    def card_actions(self, game: Game, i: int, card: str, actions: list[dict]) -> list[dict]:
        return G.changed_actions(card, actions, game.civs[i].guilds)

    def treasury_limit(self, game: Game, i: int, limit: dict[str, int]) -> dict[str, int]:
        return G.treasury_limit(game.civs[i].guilds, limit)  # the Collectors

    def decline_price(self, game: Game, i: int, price: int) -> int:
        return G.decline_price(price, game.civs[i].guilds)  # the Archivists

    def check_conversion(self, game: Game, i: int, target: int, kind: str, on: Any) -> None:
        may_convert(game, i, target, kind, on)

    def on_recycle(self, game: Game, notes: list[str]) -> tuple[Game, bool]:
        if not guilds_of(game).levels or game.phase == "E":
            return game, False
        # 'During the Recycling phase, you can pay the bank 10 Gold Coins and exchange this card'
        game = with_state(replace(game, phase="E", decided=()), NAME, swapped=())
        who = game.to_move()
        if who:
            notes.append(f"Recycling phase: {game.civs[who[0]].name} may pay 10 GP to swap the Doppelgangers for another player's Guild card.")
        return game, bool(who)

    def on_new_turn(self, game: Game) -> Game:
        return with_state(game, NAME, swapped=()) if guilds_of(game).swapped else game

    def view(self, game: Game, viewer: int | None) -> dict[str, Any]:
        """Who has chosen, and before the reveal the viewer's own cards dealt and chosen, never another player's."""
        st = guilds_of(game)
        if not st.levels:
            return {"levels": st.levels}
        out: dict[str, Any] = {"levels": st.levels, "chosen": tuple(j for j, _, _ in st.chosen),
                               "kept": tuple(j for j in range(len(game.civs)) if keeps_doppelgangers(game, j))}
        if game.phase == "guilds" and viewer is not None and 0 <= viewer < len(st.dealt):
            out["own_dealt"] = st.dealt[viewer]
            out["own_choice"] = next(((keep, give) for j, keep, give in st.chosen if j == viewer), None)
        return out

    def out_of_reach(self, view: Any, i: int, t: int, kind: str) -> set[str]:
        guild_game = bool(view.levels)  # 'Special Situation: Temples'
        return set(G.stands_on(kind, view.civs[t].guilds, guild_game) - G.stands_on(kind, view.civs[i].guilds, guild_game))

    def stands_on(self, view: Any, i: int, kind: str) -> set[str]:
        return set(G.stands_on(kind, view.civs[i].guilds, bool(view.levels)))

    def describe(self, action: Action, who: str, names: list[str]) -> str | None:
        k = action.get("type")
        if k == "act":  # a Guild's action, after its card changed hands too
            card = str(action.get("action", "")).split("-")[0]
            found = [s["label"] for s in G.card_actions(card, tuple(G.all_guilds())) if s["id"] == action.get("action")]
            return f"{who}: {found[0]}" if found else None
        if k == "guild-choice":
            return f"{who} keeps and gives Guild cards, face down"
        if k == "swap-guild":
            g = G.all_guilds().get(str(action.get("guild")))
            t = action.get("target")
            whom = names[t] if type(t) is int and 0 <= t < len(names) else "another player"
            return f"{who}: the Doppelgangers take the {g.name if g else action.get('guild')} of {whom}"
        if k == "keep-guild":
            return f"{who} keeps the Doppelgangers" + (", not asked again" if action.get("ask_again") is False else "")
        if k == "ask-guild-swap":
            return f"{who} is asked again whether to swap the Doppelgangers"
        return None

    def scoring(self, game: Game, i: int) -> dict[str, Any]:
        c = game.civs[i]
        return {"wood": c.wood, "stone": c.stone, "guilds": list(c.guilds)} if c.guilds else {}


GUILDS = Guilds()
