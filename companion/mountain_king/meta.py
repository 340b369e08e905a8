"""Fall of the Mountain King's entry on the shelf: what the registry (``companion.games``) reads of this game."""

from companion.games import Game

GAME_ID = "mountain-king"
_P = __package__  # "companion.mountain_king"

GAME = Game(
    id=GAME_ID,
    title="Fall of the Mountain King",
    players=(2, 3, 4, 5),
    picture=f"{_P}:picture.svg",
    screens=f"{_P}.screens:open_screens",
    kinds={"game": f"{_P}.game:MountainKingRules"},
    commands=f"{_P}.cli:add_commands",
    rules_data=f"{_P}:data/rules.json",
    about="Honour kept during each Wave, and every Wave scored: Domains, Great Halls, Elders and Clan Votes.",
    contracts=f"{_P}.contract:CONTRACTS",
    phone_names={"Clan board": "Clans", "Score the Wave": "Wave"},
)
