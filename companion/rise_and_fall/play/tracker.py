"""The game tracker: each player's six Civilization cards, Treasury, pieces in the World and
Trophies, turn by turn through phases A to F, with the rules' automatic state changes.

Pure Python. The state is replayed from the game log (:mod:`companion.gamelog`); every
action is a small JSON object and an impossible one raises :class:`IllegalAction` with the
rule's sentence, changing nothing. Piece *positions* are tracked for the first pieces
only; afterwards the table moves pieces on the real board and the tracker keeps the counts.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.errors import IllegalAction
from companion.gamelog import Action, Reducer
from companion.rise_and_fall.numbers import PIECE_TYPES, load_rules
from companion.rise_and_fall.state.civilizations import (  # noqa: F401 - the state and its changes, also by the names scripts import from here
    ALL_EXTINCT,
    CONVERSION_ON_SINCE,
    FIRST_PIECE_OFF_AREAS_SINCE,
    NOTHING_COUNTED_SINCE,
    PHASES,
    PILES,
    STATE_UNSTAMPED_VERSION,
    TRACKER_VERSION,
    Civ,
    Game,
    after_pieces_change,
    move_card,
    with_pieces,
)
from companion.rise_and_fall.state.counts import amounts, counted, plural
from companion.rise_and_fall.state.records import replace, with_civ
from companion.rise_and_fall.variants import Handler
from companion.rise_and_fall.variants.registered import VARIANTS, card_actions
from companion.rise_and_fall.world.tiles import Tile
from companion.rise_and_fall.world.world import top_terrain
from companion.words import name_too_long


# --- the rules --------------------------------------------------------------------------------
class TrackerRules(Reducer[Game]):
    """How each action of the table changes the game (replayed from the log)."""

    def initial(self) -> Game:
        return Game()

    def recorded(self, action: Action) -> Action:
        """A new ``setup`` without ``tracker_version`` is written with the current version: only a log written
        before versions existed holds a ``setup`` without one, and it replays as version 1 (as it was played).
        A game joined in progress is written with the version in its state, for the same reason."""
        if action.get("type") == "setup" and "tracker_version" not in action:
            return {**action, "tracker_version": TRACKER_VERSION}
        state = action.get("state")
        if action.get("type") == "start-from-state" and isinstance(state, dict) and not state.get("tracker_version"):
            return {**action, "state": {**state, "tracker_version": TRACKER_VERSION}}
        return action

    def apply(self, game: Game, action: Action) -> Game:
        kind = str(action.get("type"))
        handler = getattr(self, "_" + kind.replace("-", "_"), None) if kind in ACTIONS else self._variant_action(game, kind)
        if handler is None:
            raise IllegalAction(f"Unknown game action {kind!r}.", rule="unknown-action")
        if kind not in STARTS and game.phase == "setup":
            raise IllegalAction("Set up the game first: players, Trophies to end, and the World.", rule="set-up-first")
        if kind not in STARTS and game.phase == "over":
            raise IllegalAction("The game is over; go to the Scores.", rule="game-over")
        if "seat" in action:
            check_seat(game, action)
        notes: list[str] = []
        game = handler(game, action, notes)
        return replace(game, notes=tuple(notes))

    def _variant_action(self, game: Game, kind: str) -> Any:
        """The handler of an action a variant of the game adds (``guild-choice``, ``fantastic-event``)."""
        found: Handler | None = next((v.actions[kind] for v, _ in game.variants if kind in v.actions), None)
        if found is None:
            return None
        return lambda g, a, notes: found(g, a, notes, self._recycle)

    def keeps(self, action: Action) -> bool:
        """The log's first action that undo never takes back: a game joined in progress starts from its state."""
        return action.get("type") == "start-from-state"

    # setup ------------------------------------------------------------------------------
    def _start_from_state(self, game: Game, a: Action, notes: list[str]) -> Game:
        """A game joined in progress: the log's first action holds its state (``state_file``), checked with one
        sentence per problem (the first refuses it); the game goes on from that turn's phase (A, C or D)."""
        from companion.errors import FileFormatError
        from companion.rise_and_fall.play.state_file import parse_state, to_game

        if game.phase != "setup":
            raise IllegalAction("A game joined in progress starts from its state, as the first action of its log.", rule="set-up-once")
        try:
            st = parse_state(a.get("state"), "the state")
        except FileFormatError as e:
            raise IllegalAction(e.message, rule=e.rule or "state") from None
        if not st.tracker_version:  # a log written before a state named its version in the log
            st = dataclasses.replace(st, tracker_version=STATE_UNSTAMPED_VERSION)
        g = to_game(st)
        then = {"A": "Play a Civilization card.", "C": "Put cards into Decline.", "D": "Buy back a card in Decline, or pass."}
        notes.append(f"The game goes on from turn {g.turn}, phase {g.phase}: {g.civs[g.first].name} has the First Player token. "
                     + then[g.phase])
        return g

    def _setup(self, game: Game, a: Action, notes: list[str]) -> Game:
        if game.phase != "setup":
            raise IllegalAction("This game is already set up; start a new game for new players.", rule="set-up-once")
        rules = load_rules()
        players = a.get("players") or []
        n = len(players)
        if n not in rules.player_counts:
            raise IllegalAction("A game of Rise & Fall is for 2, 3 or 4 players.", rule="player-count")
        names = [str(p.get("name", "")).strip() for p in players]
        colours = [str(p.get("colour", "")) for p in players]
        if not all(names) or len(set(names)) != n:
            raise IllegalAction("Each player needs a name of their own.", rule="player-names")
        too_long = next((name_too_long(x) for x in names if name_too_long(x)), None)
        if too_long:
            raise IllegalAction(too_long, rule="long-name")
        if len(set(colours)) != n:
            raise IllegalAction("Each player needs a colour of their own.", rule="player-colours")
        target = a.get("trophies_to_end", rules.standard_trophies_to_end)
        if target not in rules.trophies_to_end:
            raise IllegalAction("The game ends after 4, 5 or 6 Trophies.", rule="trophies-to-end")
        first = a.get("first", 0)
        if type(first) is not int or not 0 <= first < n:
            raise IllegalAction("The First player must be one of the players.", rule="first-player")
        pass_tablet = a.get("pass_tablet", False)
        if type(pass_tablet) is not bool:
            raise IllegalAction("Pass the tablet is on or off (true or false).", rule="pass-tablet")
        version = a.get("tracker_version", 1)
        if type(version) is not int or not 1 <= version <= TRACKER_VERSION:
            raise IllegalAction(f"This companion knows the game rules of versions 1 to {TRACKER_VERSION}.", rule="tracker-version")
        start = rules.first_pieces
        civs = tuple(
            Civ(
                name=names[k],
                colour=colours[k],
                hand=start,
                reserve=tuple(t for t in PIECE_TYPES if t not in start),
                pieces=tuple((t, 0) for t in PIECE_TYPES),
            )
            for k in range(n)
        )
        tiles: tuple[Tile, ...] = ()
        world_name = ""
        world = None
        if a.get("world"):
            from companion.rise_and_fall.world.layout import parse

            world = parse(a["world"], "the World")
            tiles, world_name = tuple(world.tiles), world.name
        bank = rules.raw["bank"]
        g = Game(
            civs=civs,
            trophies_to_end=target,
            bank_gold=rules.bank_gold(n),
            bank_wood=bank["wood"],
            bank_stone=bank["stone"],
            first=first,
            turn=1,
            phase="placement",
            tiles=tiles,
            world_name=world_name,
            cards_owed=(0,) * n,
            pass_tablet=pass_tablet,
            tracker_version=version,
            variants=tuple((v, v.initial) for v in VARIANTS),
        )
        for v in VARIANTS:
            g = v.setup(g, a, world, notes)
        notes.append(f"{names[first]} has the First Player token and places a first piece.")
        return g

    def _pass_tablet(self, game: Game, a: Action, notes: list[str]) -> Game:
        """The table's choice, kept in the game: with one tablet passed from hand to hand, each
        player sees their own cards only while choosing, out of the others' sight."""
        on = a.get("on")
        if type(on) is not bool:
            raise IllegalAction("Pass the tablet is on or off (true or false).", rule="pass-tablet")
        if on == game.pass_tablet:
            raise IllegalAction(f"Pass the tablet is already {'on' if on else 'off'}.", rule="pass-tablet")
        notes.append("Pass the tablet: each player sees their cards only while choosing." if on
                     else "The tablet stays on the table: the cards to choose from show to all.")
        return replace(game, pass_tablet=on)

    # placement of the first game pieces -------------------------------------------------------
    def _place_first(self, game: Game, a: Action, notes: list[str]) -> Game:
        if game.phase != "placement":
            raise IllegalAction("The first pieces are all placed.", rule="phase")
        i, piece = a.get("player"), a.get("piece")
        who = game.to_move()
        if i not in who:
            raise IllegalAction(f"It is {game.civs[who[0]].name}'s turn to place a first piece." if who else "Nobody places now.", rule="placement-order")
        civ = game.civs[i]
        if piece not in load_rules().first_pieces:
            raise IllegalAction("The first pieces are one Nomad, one City and one Ship.", rule="first-pieces")
        if civ.count(piece) > 0:
            raise IllegalAction(f"{civ.name} has already placed their {piece.title()}.", rule="first-pieces")
        space = (a.get("q"), a.get("r"))
        terrain = top_terrain(game.tiles)
        if terrain:
            t = terrain.get(space)
            if t is None:
                raise IllegalAction("That space is not in the World.", rule="space-in-world")
            if space in game.occupied():
                raise IllegalAction("One game piece per space: that space is taken.", rule="one-piece-per-space")
            if piece == "ship" and t != "sea":
                raise IllegalAction("Ships must be placed on a Sea space.", rule="first-piece-terrain")
            if piece in ("city", "nomad") and t in ("sea", "glacier"):
                raise IllegalAction("Cities and Nomads cannot be placed in a Sea space or on a Glacier space.", rule="first-piece-terrain")
            if t not in load_rules().stands_on[piece]:
                raise IllegalAction(f"A {piece} cannot stand on {t}.", rule="first-piece-terrain")
            if game.tracker_version >= FIRST_PIECE_OFF_AREAS_SINCE:
                for v, _ in game.variants:  # a special area (the Tales)
                    v.check_place(game, i, piece, space)
        civ = with_pieces(civ, piece, 1)
        game = with_civ(game, i, civ)
        game = replace(game, positions=game.positions + ((space, i, piece),))
        notes.append(f"{civ.name} placed a {piece.title()}.")
        if game.next_placer() is None:
            game = replace(game, phase="A")
            notes.append("Every player has placed their three pieces: turn 1 begins. Play a Civilization card.")
        return game

    # A: play a card ---------------------------------------------------------------------------
    def _play(self, game: Game, a: Action, notes: list[str]) -> Game:
        if game.phase != "A":
            raise IllegalAction("Cards are played in phase A.", rule="phase")
        i, card = a.get("player"), a.get("card")
        if i not in game.to_move():
            raise IllegalAction("That player has already played a card this turn.", rule="one-card-per-turn")
        civ = game.civs[i]
        drawn = a.get("random", False)
        if type(drawn) is not bool:
            raise IllegalAction("A card is drawn at random or chosen (random is true or false).", rule="random-draw")
        if card not in civ.hand:
            raise IllegalAction(f"{civ.name} can only play a card from their hand ({', '.join(civ.hand) or 'empty'}).", rule="card-in-hand")
        game = replace(with_civ(game, i, move_card(civ, card, "played")), before=game.before + ((i, civ),))
        if drawn:
            game = replace(game, drawn=game.drawn + (i,))
            notes.append(f"{civ.name} was too slow: a card is drawn at random from their hand and placed face down.")
        if not game.to_move():
            game = self._start_actions(game, notes)
        return game

    def _start_actions(self, game: Game, notes: list[str]) -> Game:
        """'Once all players have placed a face-down card in front of themselves, the cards are
        revealed simultaneously.'"""
        shown = ", ".join(
            f"{game.civs[i].name} {game.civs[i].played[0].title()}{' (drawn at random)' if i in game.drawn else ''}"
            for i in game.order() if game.civs[i].played
        )
        notes.append(f"All cards are revealed: {shown}. Phase B: players act in turn from the First player.")
        game = replace(game, phase="B", acting=None, activations=0, drawn=(), before=())
        return self._next_actor(game, notes)

    def _change(self, game: Game, a: Action, notes: list[str]) -> Game:
        """A player changes their mind about a card lying face down, until the reveal: the game is
        as if they had chosen the new card in the first place (same order of every pile)."""
        if game.phase not in ("A", "C"):
            raise IllegalAction("A card can be changed only while it lies face down, before the cards are revealed.", rule="phase")
        i, card = a.get("player"), a.get("card")
        if type(i) is not int or not 0 <= i < len(game.civs):
            raise IllegalAction("Choose one of the players.", rule="player")
        civ = game.civs[i]
        chosen = list(civ.played) if game.phase == "A" else [c for j, c in game.face_down if j == i]
        if not chosen:
            raise IllegalAction(f"{civ.name} has no card face down to change.", rule="change-card")
        if game.phase == "A" and i in game.drawn:
            raise IllegalAction(f"{civ.name}'s card was drawn at random (too slow): it stays as drawn until the reveal.", rule="change-card-drawn")
        was = a.get("was", chosen[0] if len(chosen) == 1 else None)
        if was not in chosen:
            raise IllegalAction(f"Say which of {civ.name}'s face-down cards to change.", rule="change-card")
        before = dict(game.before)[i]
        pool = before.hand if game.phase == "A" else before.active
        if card == was:
            raise IllegalAction(f"That card is already the one {civ.name} chose.", rule="change-card")
        if card not in pool or card in chosen:
            where = "their hand" if game.phase == "A" else "their hand or discard pile"
            raise IllegalAction(f"{civ.name} can only choose a card from {where}.", rule="change-card")
        now = [card if c == was else c for c in chosen]
        to = "played" if game.phase == "A" else "decline"
        changed = before
        for c in now:
            changed = move_card(changed, c, to)
        game = with_civ(game, i, changed)
        if game.phase == "C":
            game = replace(game, face_down=tuple((j, card if (j, c) == (i, was) else c) for j, c in game.face_down))
        notes.append(f"{civ.name} changes their mind: another card lies face down.")
        return game

    def _next_actor(self, game: Game, notes: list[str]) -> Game:
        order = game.order()
        start = 0 if game.acting is None else order.index(game.acting) + 1
        for i in order[start:]:
            civ = game.civs[i]
            card = civ.played[0] if civ.played else None
            if card is None:
                continue
            if civ.count(card) == 0:
                # 'Unfortunate situation': no piece of the played type left.
                game = with_civ(game, i, move_card(civ, card, "reserve"))
                notes.append(f"{civ.name} has no {card.title()} left to act with: the card goes to the reserve and the turn is skipped.")
                continue
            game = replace(game, acting=i, acting_card=card, activations=0, act_limit=civ.count(card))
            for v, _ in game.variants:  # pieces laid on their side do not act; a Capital acts twice
                game = v.on_actor(game, i, card)
            return game
        return self._end_actions(replace(game, acting=None, acting_card=None), notes)

    # B: actions ---------------------------------------------------------------------------------
    def _act(self, game: Game, a: Action, notes: list[str]) -> Game:
        if game.phase != "B":
            raise IllegalAction("Actions are taken in phase B.", rule="phase")
        i = a.get("player")
        if i != game.acting:
            raise IllegalAction(f"It is {game.civs[game.acting].name}'s turn to act." if game.acting is not None else "Nobody acts now.", rule="turn")
        card = game.acting_card
        spec = next((s for s in actions_of(game, i, card) if s["id"] == a.get("action")), None)
        if spec is None:
            raise IllegalAction(f"{a.get('action')!r} is not an action of the {card.title()} card.", rule="card-action")
        units = spec.get("units", 1)  # how many pieces of the card's type act (a Tale action may use several, or none)
        if units == 1 and game.activations >= game.act_limit:
            for v, _ in game.variants:
                why = v.idle(game, i, card)
                if why is not None:
                    raise why
            raise IllegalAction(f"Each {card.title()} acts once per turn, and all {game.act_limit} have acted; end the actions.", rule="acts-once")
        if units > 1 and game.activations + units > game.act_limit:
            raise IllegalAction(f"{spec['label']} uses {plural(units, card.title())} that have not acted this turn; "
                                f"{game.act_limit - game.activations} have not.", rule="acts-once")
        then = a.get("then")
        if then is not None and then != "end-actions":
            raise IllegalAction(f"An action can be followed only by the end of the actions ('end-actions'), not {then!r}.", rule="then")
        for v, _ in game.variants:
            v.check_act(game, i, spec)
        game = apply_card_action(game, i, spec, a, notes)
        game = replace(game, activations=game.activations + units)
        for v, _ in game.variants:
            game = v.after_act(game, spec)
        if then is None or game.phase != "B" or game.acting != i:
            return game
        # the tap's action carries the end of the player's actions (nothing else was offered): one entry, one Undo
        name, card = game.civs[i].name, card.title()
        notes.append(f"{name}'s actions end: every {card} has acted." if game.activations >= game.act_limit
                     else f"{name} ends their actions.")
        return self._end_turn(game, {"type": "end-turn", "player": i}, notes)

    def _end_turn(self, game: Game, a: Action, notes: list[str]) -> Game:
        """The acting player has finished: the played card goes to the discard pile."""
        if game.phase != "B" or a.get("player") != game.acting:
            raise IllegalAction("Only the player taking actions can end them.", rule="turn")
        i = game.acting
        civ = game.civs[i]
        for v, _ in game.variants:
            game = v.on_end_turn(game, i, game.acting_card, notes)
        if civ.played:
            game = with_civ(game, i, move_card(civ, civ.played[0], "discard"))
        return self._next_actor(game, notes)

    def _end_actions(self, game: Game, notes: list[str]) -> Game:
        if game.claimed_this_turn:
            k = len(game.claimed_this_turn)
            owed = tuple(min(k, len(c.active)) if not c.extinct else 0 for c in game.civs)
            notes.append(f"{plural(k, 'Trophy')} claimed this turn: each player puts {plural(k, 'card')} into Decline.")
            game = replace(game, phase="C", acting=None, cards_owed=owed)
            if any(owed):
                return game
        return self._start_purchase(game, notes)

    # C: Decline ---------------------------------------------------------------------------------
    def _decline(self, game: Game, a: Action, notes: list[str]) -> Game:
        if game.phase != "C":
            raise IllegalAction("Cards go into Decline in phase C, after a Trophy is claimed.", rule="phase")
        if "cards" in a:  # the cards a player owes, placed with one tap: all of them, or none
            return self._decline_all(game, a, notes)
        i, card = a.get("player"), a.get("card")
        if i not in game.to_move():
            raise IllegalAction("That player has put all the cards they owe into Decline.", rule="decline-owed")
        civ = game.civs[i]
        if card not in civ.active:
            raise IllegalAction(f"{civ.name} puts a card from their hand or discard pile into Decline.", rule="decline-card")
        if i not in dict(game.before):
            game = replace(game, before=game.before + ((i, civ),))
        game = with_civ(game, i, move_card(civ, card, "decline"))
        owed = list(game.cards_owed)
        owed[i] -= 1
        game = replace(game, cards_owed=tuple(owed), face_down=game.face_down + ((i, card),))
        if not game.to_move():
            # 'Once all of the players have placed their cards, these are turned over'
            shown = ", ".join(f"{game.civs[j].name} {c.title()}" for j, c in game.face_down)
            notes.append(f"The cards placed in Decline are turned over: {shown}.")
            game = self._start_purchase(replace(game, face_down=(), before=()), notes)
        return game

    def _decline_all(self, game: Game, a: Action, notes: list[str]) -> Game:
        i, cards = a.get("player"), a.get("cards")
        if "card" in a or not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
            raise IllegalAction("Name the cards placed into Decline as a list of one or more cards.", rule="decline-card")
        if i not in game.to_move():
            raise IllegalAction("That player has put all the cards they owe into Decline.", rule="decline-owed")
        if len(cards) > game.cards_owed[i]:
            owed = game.cards_owed[i]
            raise IllegalAction(f"{game.civs[i].name} owes {owed} card{'s' if owed > 1 else ''} to the Decline zone, "
                                f"not {len(cards)}.", rule="decline-owed")
        one = {k: v for k, v in a.items() if k != "cards"}
        for card in cards:
            game = self._decline(game, {**one, "card": card}, notes)
        return game

    # D: purchase --------------------------------------------------------------------------------
    def _start_purchase(self, game: Game, notes: list[str]) -> Game:
        game = replace(game, phase="D", decided=(), acting=None, in_order=False)
        for i in game.order():
            civ = game.civs[i]
            if not civ.active and civ.decline and civ.gold < game.price_for(i):
                game = _extinct(game, i, notes, "has no active card and cannot pay for one in Decline")
        if game.tracker_version >= 2:
            # a player with no card in Decline has nothing to buy back: no tap is needed from them
            game = replace(game, decided=tuple(i for i in game.order() if not game.civs[i].decline))
        if not game.to_move():
            if not any(game.civs[i].decline for i in game.order()):
                notes.append("The Decline zone is empty: there is no card to buy back.")
            return self._recycle(game, notes)
        return game

    def _purchase_in_order(self, game: Game, a: Action, notes: list[str]) -> Game:
        """'if any player feels that the resolution order is strategically important, then the player
        with the First Player token makes their purchase first, followed by every other player going
        clockwise.'"""
        if game.phase != "D":
            raise IllegalAction("The order of purchases is asked for in phase D.", rule="phase")
        if game.in_order:
            raise IllegalAction("The purchases already go in order.", rule="purchase-order")
        game = replace(game, in_order=True)
        nxt = game.to_move()
        notes.append("The purchases go in order, clockwise from the First Player"
                     + (f": {game.civs[nxt[0]].name} decides first." if nxt else "."))
        return game

    def _check_purchaser(self, game: Game, i: Any) -> None:
        if i in game.to_move():
            return
        left = [j for j in game.order() if j not in game.decided]
        if game.in_order and i in left:
            raise IllegalAction(f"The purchases go in order: {game.civs[left[0]].name} decides first.", rule="purchase-order")
        raise IllegalAction("Each player can only purchase a single card during this phase.", rule="one-purchase")

    def _buy(self, game: Game, a: Action, notes: list[str]) -> Game:
        if game.phase != "D":
            raise IllegalAction("Cards are bought back in phase D.", rule="phase")
        i, card = a.get("player"), a.get("card")
        self._check_purchaser(game, i)
        civ = game.civs[i]
        if card not in civ.decline:
            raise IllegalAction(f"{civ.name} has no {str(card).title()} card in Decline.", rule="decline-card")
        price = game.price_for(i)
        if civ.gold < price:
            raise IllegalAction(f"A card in Decline costs {price} GP now; {civ.name} has {civ.gold} GP.", rule="decline-price")
        to = "hand" if civ.count(card) > 0 else "reserve"
        civ = move_card(replace(civ, gold=civ.gold - price), card, to)
        game = replace(with_civ(game, i, civ), bank_gold=game.bank_gold + price, decided=game.decided + (i,))
        notes.append(f"{civ.name} buys back the {card.title()} card for {price} GP; it goes to the {to}.")
        return self._recycle(game, notes) if not game.to_move() else game

    def _pass(self, game: Game, a: Action, notes: list[str]) -> Game:
        if game.phase != "D":
            raise IllegalAction("Passing is for phase D.", rule="phase")
        i = a.get("player")
        if i not in game.to_move() and not (game.in_order and i in game.order() and i not in game.decided):
            raise IllegalAction("That player has already decided this phase.", rule="one-purchase")
        self._check_purchaser(game, i)
        civ = game.civs[i]
        if not civ.active and civ.decline:
            raise IllegalAction("If you no longer have any active cards, you MUST purchase a card in Decline.", rule="must-purchase")
        game = replace(game, decided=game.decided + (i,))
        return self._recycle(game, notes) if not game.to_move() else game

    # E and F ------------------------------------------------------------------------------------
    def _recycle(self, game: Game, notes: list[str]) -> Game:
        """E - Recycle cards, after what the variants do in it (the Doppelgangers' swap, the Fantastic Events)."""
        for v, _ in game.variants:
            game, waits = v.on_recycle(game, notes)
            if waits:
                return game
        recycled = False
        for i in game.order():
            civ = game.civs[i]
            if not civ.hand and civ.discard:
                game = with_civ(game, i, replace(civ, hand=civ.hand + civ.discard, discard=()))
                notes.append(f"{civ.name} recycles: the discard pile goes back to the hand.")
                recycled = True
        if recycled:
            n = len(game.civs)
            nxt = next((game.first + k) % n for k in range(1, n + 1) if not game.civs[(game.first + k) % n].extinct)
            game = replace(game, first=nxt)
            notes.append(f"The First Player token passes to {game.civs[nxt].name}.")
        if game.claimed >= game.trophies_to_end:
            notes.append(f"{plural(game.claimed, 'Trophy')} {'is' if game.claimed == 1 else 'are'} claimed: the game ends. "
                         "Tally the Victory Points.")
            return replace(game, phase="over", acting=None)
        game = replace(game, phase="A", turn=game.turn + 1, claimed_this_turn=(), decided=(), cards_owed=(0,) * len(game.civs))
        for v, _ in game.variants:
            game = v.on_new_turn(game)
        return self._check_hands(game, notes)

    def _check_hands(self, game: Game, notes: list[str]) -> Game:
        """'If, during a phase A - Play a Civilization card, a player has no cards in their hand,
        their Civilization goes extinct.' When no Civilization is left, no card can be played and no
        Trophy claimed: the game ends there (the rulebook is silent; each player 'has lost the game')."""
        for i in game.order():
            if not game.civs[i].hand:
                game = _extinct(game, i, notes, "has no card in hand in phase A")
        if game.claimed >= game.trophies_to_end:
            return replace(game, phase="over")
        if game.civs and not game.order():
            notes.append(f"{ALL_EXTINCT}: no one is left to play a card, so the game ends. Tally the Victory Points: "
                         "there is no winner.")
            return replace(game, phase="over", acting=None)
        return game


def setup_action(players: list[tuple[str, str]] | list[dict[str, str]], **choices: Any) -> Action:
    """The documented way for a script to start a tracked game: the ``setup`` action of the current rules'
    version (``TRACKER_VERSION``), with the players as ``(name, colour)`` pairs or ``{"name", "colour"}``
    objects and any of ``trophies_to_end``, ``first``, ``world`` (a layout's dict), ``pass_tablet``,
    ``guilds``. ``TrackerRules().apply(Game(), setup_action(...))`` or ``GameStore.start(...)`` takes it."""
    listed = [p if isinstance(p, dict) else {"name": p[0], "colour": p[1]} for p in players]
    return {"type": "setup", "players": listed, "tracker_version": TRACKER_VERSION, **choices}


#: Every action of the game's log (each handled by the method of its name).
ACTIONS = ("setup", "start-from-state", "pass-tablet", "place-first", "play", "change", "act", "end-turn", "decline", "buy", "pass",
           "purchase-in-order")
#: The actions that start a game (the first of its log).
STARTS = ("setup", "start-from-state")
#: What a player's own phone may record: their own choices and, on their turn, their own actions.
SEAT_ACTIONS = ("play", "change", "decline", "act", "end-turn", "buy", "pass", "purchase-in-order")


def check_seat(game: Game, a: Action) -> None:
    """An action sent from a player's own phone (``"seat": i``) is that player's, never another's.
    The tablet's actions carry no seat and may record anyone's, as at a table with one tablet."""
    seat = a.get("seat")
    if type(seat) is not int or not 0 <= seat < len(game.civs):
        raise IllegalAction("That phone's seat is not one of this game's players.", rule="seat")
    me = game.civs[seat].name
    if a.get("type") not in SEAT_ACTIONS + tuple(k for v, _ in game.variants for k in v.seat_actions):
        raise IllegalAction(f"{me}'s phone records {me}'s own choices and actions; that is done on the tablet.", rule="seat")
    if a.get("random"):
        raise IllegalAction("A card is drawn at random on the tablet, when a player is too slow.", rule="seat")
    p = a.get("player", seat) if a.get("type") != "purchase-in-order" else seat
    if p != seat:
        other = game.civs[p].name if type(p) is int and 0 <= p < len(game.civs) else "another player"
        raise IllegalAction(f"{me}'s phone acts for {me} only; {other}'s choices are made on {other}'s phone or on the tablet.", rule="seat")


def _extinct(game: Game, i: int, notes: list[str], why: str) -> Game:
    civ = game.civs[i]
    notes.append(
        f"{civ.name} {why}: the Civilization is extinct and leaves the World. That player has lost the game; "
        "their Trophies still count towards the end of the game."
    )
    game = replace(game, bank_gold=game.bank_gold + civ.gold, bank_wood=game.bank_wood + civ.wood, bank_stone=game.bank_stone + civ.stone)
    cards = civ.hand + civ.discard + civ.played
    civ = replace(
        civ, gold=0, wood=0, stone=0, extinct=True, pieces=tuple((t, 0) for t in PIECE_TYPES),
        hand=(), discard=(), played=(), reserve=civ.reserve + cards,
    )
    game = with_civ(game, i, civ)
    for v, _ in game.variants:
        game = v.on_extinct(game, i, notes)
    return game


def _something_counted(game: Game, spec: dict, total: int) -> None:
    """A Trade or a Tithe that counts nothing is refused (rule ``nothing-counted``, since version 6): a
    count of 0 gains nothing and would only use the piece's action (a count left at 0 by mistake)."""
    if total or game.tracker_version < NOTHING_COUNTED_SINCE:
        return
    label = spec["label"]
    if "per_count" in spec:
        raise IllegalAction(f"{label} with no City counted gains nothing and would use the piece's action: enter how many "
                            f"{' and how many '.join(spec['per_count'])}, or take another action.", rule="nothing-counted")
    raise IllegalAction(f"{label} with 0 {spec['count']} gains nothing and would use the piece's action: enter how many "
                        "there are, or take another action.", rule="nothing-counted")


def least_count(game: Game, i: int, spec: dict) -> dict[str, Any] | None:
    """The smallest count worth entering for an action that counts (a Trade, a Tithe, a Port's trade), as
    the fields of its action: 1 of the first thing the World holds any of (``{"count": 1}``, or for a
    Merchant ``{"counts": {"opposing Cities adjacent": 1, "your Cities adjacent": 0}}``). None when the
    World holds nothing the action could count, so only a count of 0 is left (rule ``nothing-counted``);
    ``{}`` for an action that counts nothing. The screens check an action with it before offering it."""
    if "per" not in spec and "per_count" not in spec:
        return {}
    limits = count_limits(game, i, spec) if game.tracker_version >= 2 else {}
    labels = list(spec["per_count"]) if "per_count" in spec else [spec["count"]]
    first = next((lbl for lbl in labels if limits.get(lbl, (99, ""))[0] >= 1), None)
    if first is None:
        return None
    if "per_count" in spec:
        return {"counts": {lbl: int(lbl == first) for lbl in labels}}
    return {"count": 1}


def _cities(game: Game, i: int) -> tuple[int, str]:
    n = sum(c.count("city") for c in game.civs)
    return n, f"there {'is' if n == 1 else 'are'} {plural(n, 'City', 'Cities')} in the World"


def _own_cities(game: Game, i: int) -> tuple[int, str]:
    n = game.civs[i].count("city")
    return n, f"{game.civs[i].name} has {plural(n, 'City', 'Cities')} in the World"


def _opposing_cities(game: Game, i: int) -> tuple[int, str]:
    n = sum(c.count("city") for j, c in enumerate(game.civs) if j != i)
    return n, f"the other players have {plural(n, 'City', 'Cities')} in the World"


def _own_pieces_but_temples(game: Game, i: int) -> tuple[int, str]:
    civ = game.civs[i]
    n = sum(civ.count(t) for t in PIECE_TYPES if t != "temple")
    return n, f"{civ.name} has {plural(n, 'piece', 'pieces')} in the World other than Temples"


#: What caps a count, by the name ``rules.json`` gives it in ``at_most``.
AT_MOST = {
    "cities": _cities,
    "own-cities": _own_cities,
    "opposing-cities": _opposing_cities,
    "own-pieces-but-temples": _own_pieces_but_temples,
}


def count_limits(game: Game, i: int, spec: dict) -> dict[str, tuple[int, str]]:
    """For each count an action asks for, the most the World can hold now and why, e.g. a Tithe
    counts at most the player's pieces in the World other than Temples."""
    at_most = spec.get("at_most")
    out: dict[str, tuple[int, str]] = {}
    if isinstance(at_most, str):
        out = {spec["count"]: AT_MOST[at_most](game, i)}
    if isinstance(at_most, dict):
        out = {lbl: AT_MOST[k](game, i) for lbl, k in at_most.items()}
    for v, _ in game.variants:
        out = v.count_limits(game, i, spec, out)
    return out


def random_play(game: Game, i: int, rng: Any) -> Action:
    """'another player randomly draws a card from the slow player's hand for them to play this
    turn': the card drawn by ``rng`` (a :class:`random.Random`), kept in the log as drawn at random."""
    return {"type": "play", "player": i, "card": rng.choice(sorted(game.civs[i].hand)), "random": True}


def apply_card_action(game: Game, i: int, spec: dict, a: Action, notes: list[str]) -> Game:
    """Pay the cost to the bank, take the gain from it, change the pieces, then the automatic
    state changes and Trophies. 'An action can only be selected if it can be fully completed.'"""
    civ = game.civs[i]
    label = spec["label"]
    cost = dict(spec.get("cost", {}))
    if "convert" in spec:
        for v, _ in game.variants:
            cost = v.conversion_cost(game, cost, a)
    gain = dict(spec.get("gain", {}))
    limits = count_limits(game, i, spec) if game.tracker_version >= 2 else {}
    effect = next((v.effects[k] for v, _ in game.variants for k in v.effects if k in spec), None)
    if "per" in spec:
        n = counted(a.get("count"), spec["count"], label, limits)
        for k, v in spec["per"].items():
            gain[k] = gain.get(k, 0) + v * n
        _something_counted(game, spec, n)
    if "per_count" in spec:
        counts = a.get("counts") or {}
        if not isinstance(counts, dict):
            raise IllegalAction(f"Enter how many {' and how many '.join(spec['per_count'])}.", rule="count")
        n_each = {lbl: counted(counts.get(lbl, 0), lbl, label, limits, lbl) for lbl in spec["per_count"]}
        gain["gold"] = gain.get("gold", 0) + sum(v * n_each[lbl] for lbl, v in spec["per_count"].items())
        _something_counted(game, spec, sum(n_each.values()))
    for res, amt in cost.items():
        if getattr(civ, res) < amt:
            raise IllegalAction(f"{label} costs {amounts(cost)}; {civ.name} has {getattr(civ, res)} {'GP' if res == 'gold' else res.title()}.", rule="action-cost")
    target = None
    if "replace" in spec:
        src, dst = spec["replace"]
        if civ.count(src) == 0:
            raise IllegalAction(f"{civ.name} has no {src.title()} in the World to do that.", rule="fully-completed")
        if civ.in_reserve(dst) == 0:
            raise IllegalAction(f"{civ.name} has no {dst.title()} left in the reserve, so the action cannot be fully completed.", rule="fully-completed")
    if "add" in spec and civ.in_reserve(spec["add"]) == 0:
        raise IllegalAction(f"{civ.name} has no {spec['add'].title()} left in the reserve, so the action cannot be fully completed.", rule="fully-completed")
    if "convert" in spec:
        kind = spec["convert"]
        target = a.get("target")
        if type(target) is not int or not 0 <= target < len(game.civs) or target == i or game.civs[target].extinct:
            raise IllegalAction("Choose the opposing player whose unit the Temple converts.", rule="opponent")
        if game.civs[target].count(kind) == 0:
            raise IllegalAction(f"{game.civs[target].name} has no {kind.title()} in the World to convert.", rule="conversion-target")
        for v, _ in game.variants:  # the Shadow Cult; 'Special Situation: Temples'
            v.check_conversion(game, i, target, kind, a.get("on"))
        if civ.in_reserve(kind) == 0:
            raise IllegalAction(f"{civ.name} has no {kind.title()} left in the reserve: it is not possible to convert a {kind.title()}.", rule="fully-completed")
    limit = game.treasury_limit(i)
    for res in ("wood", "stone"):
        after = getattr(civ, res) - cost.get(res, 0) + gain.get(res, 0)
        if after > limit[res]:
            raise IllegalAction(f"A player cannot possess more than {limit['wood']} Wood and {limit['stone']} Stones; {civ.name} has "
                                f"{getattr(civ, res)} {res.title()}{_open_productions(game, i, spec, res, after)}.", rule="treasury-limit")
        if gain.get(res, 0) > getattr(game, f"bank_{res}"):
            raise IllegalAction(f"The bank has no {res.title()} left to give.", rule="bank-empty")
    # pay to the bank, then take from it ('the bank pays the most it can pay')
    bank = {r: getattr(game, f"bank_{r}") for r in ("gold", "wood", "stone")}
    mine = {r: getattr(civ, r) for r in ("gold", "wood", "stone")}
    for r, amt in cost.items():
        mine[r] -= amt
        bank[r] += amt
    for r, amt in gain.items():
        paid = min(amt, bank[r])
        if paid < amt:
            notes.append(f"The bank is out of cash: it pays {paid} GP of {amt}, and the difference is lost.")
        mine[r] += paid
        bank[r] -= paid
    civ = replace(civ, **mine)
    game = replace(game, bank_gold=bank["gold"], bank_wood=bank["wood"], bank_stone=bank["stone"])
    touched = [i]
    if "replace" in spec:
        src, dst = spec["replace"]
        civ = with_pieces(with_pieces(civ, src, -1), dst, 1)
    if "add" in spec:
        civ = with_pieces(civ, spec["add"], 1)
    game = with_civ(game, i, civ)
    if target is not None:
        kind = spec["convert"]
        game = with_civ(game, target, with_pieces(game.civs[target], kind, -1))
        game = with_civ(game, i, with_pieces(game.civs[i], kind, 1))
        notes.append(f"{civ.name} converts a {kind.title()} of {game.civs[target].name}.")
        touched.append(target)
    if effect is not None:
        game = effect(game, i, spec, a, notes)
        if isinstance(a.get("target"), int):
            touched.append(a["target"])
        if "piracy" in spec:
            touched += [int(k) for k in (a.get("counts") or {}) if str(k).isdigit()]
    return after_pieces_change(game, touched, notes)


def _open_productions(game: Game, i: int, spec: dict, res: str, after: int) -> str:
    """The end of the treasury's refusal: what this action would make, and the production of the same card
    still open (a Lumberjacks' Nomad at 4 Wood may still produce the ordinary 1 Wood that reaches 5)."""
    civ = game.civs[i]
    said = f", and {spec['label']} would make {after}" if "gain" in spec else ""
    ordinary = spec.get("ordinary")
    alt = next((s for s in actions_of(game, i, str(game.acting_card)) if s["id"] == ordinary), None) if ordinary else None
    if alt is None:
        return said
    fits = all(getattr(civ, r) + v <= game.treasury_limit(i)[r] for r, v in alt.get("gain", {}).items() if r in ("wood", "stone"))
    if not fits:
        return said + f"; the ordinary production ({alt['label']}) is not open either"
    return said + f"; open: {alt['label']} (action {alt['id']!r})"


def find_action(card: str, action_id: Any, guilds: tuple[str, ...] = (), tales: tuple[int, ...] = ()) -> dict | None:
    return next((s for s in card_actions(card, guilds, tales) if s["id"] == action_id), None)


def actions_of(game: Game, i: int, card: str) -> list[dict]:
    """The actions of ``card`` for player ``i`` in ``game`` now: the printed ones, as each variant of the game
    changes and adds to them (the Guilds' yields and powers, the Tales' special areas and buildings)."""
    actions = [dict(s) for s in load_rules().raw["card_actions"].get(card, [])]
    for v, _ in game.variants:
        actions = v.card_actions(game, i, card, actions)
    return actions


def building_actions_left(game: Game, i: int) -> bool:
    """Whether player ``i``, acting now, has a building that may still act with the card played once
    its pieces have all acted (a Port when the Ship card is played)."""
    if game.acting != i or game.acting_card is None:
        return False
    for spec in actions_of(game, i, game.acting_card):
        least = least_count(game, i, spec) if spec.get("units", 1) == 0 else None
        if least is not None:
            try:
                TrackerRules().apply(game, {"type": "act", "player": i, "action": spec["id"], **least})
                return True
            except IllegalAction:
                pass
    return False



#: The names the tracker's helpers had before the state moved to :mod:`companion.rise_and_fall.state.civilizations`, kept for the
#: scripts and tests that reach a state directly ("Red has 3 Temples") without playing to it.
_set = with_civ
_pieces = with_pieces
