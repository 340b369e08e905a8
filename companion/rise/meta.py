"""Rise!'s entry on the shelf: what the registry (``companion.games``) reads of this game."""

from companion.games import Game

GAME_ID = "rise"
_P = __package__  # "companion.rise"

GAME = Game(
    id=GAME_ID,
    title="Rise!",
    players=(2,),
    picture=f"{_P}:picture.svg",
    screens=f"{_P}.screens:open_screens",
    kinds={"game": f"{_P}.game:RiseRules"},
    commands=f"{_P}.cli:add_commands",
    rules_data=f"{_P}:data/rules.json",
    about="Land tiles, Workers and Towers; or practise against the computer.",
    contracts=f"{_P}.contract:CONTRACTS",
)
