"""Rise and Fall (1989)'s entry on the shelf: what the registry (``companion.games``) reads of this game."""

from companion.games import Game

GAME_ID = "rise-and-fall-1989"
_P = __package__  # "companion.rome1989"

GAME = Game(
    id=GAME_ID,
    title="Rise and Fall (1989)",
    players=(1, 2, 3, 4, 5, 6),
    picture=f"{_P}:picture.svg",
    screens=f"{_P}.screens:open_screens",
    kinds={"chart": f"{_P}.game:ChartRules"},
    commands=f"{_P}.cli:add_commands",
    rules_data=f"{_P}:data/rules.json",
    about="The fall of Rome: each nation's turn record chart, revolts, combat and the leader board.",
    contracts=f"{_P}.contract:CONTRACTS",
    seat=f"{_P}.screens.seat:open_seat",
    seat_codes=f"{_P}.screens.seat_codes:table_seat_codes",
    seat_kind="chart",
)
