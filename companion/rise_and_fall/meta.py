"""Rise & Fall's entry on the shelf: what the registry (``companion.games``) reads of this game."""

from companion.games import Game

GAME_ID = "rise-and-fall"
_P = __package__  # "companion.rise_and_fall"

GAME = Game(
    id=GAME_ID,
    title="Rise & Fall",
    players=(2, 3, 4),
    picture=f"{_P}:picture.svg",
    screens=f"{_P}.screens:open_screens",
    kinds={"world": f"{_P}.world.builder:BuildRules", "game": f"{_P}.play.tracker:TrackerRules", "scoring": f"{_P}.scoring.endgame:EntryRules"},
    commands=f"{_P}.cli:add_commands",
    rules_data=f"{_P}:data/rules.json",
    about="Build the World tile by tile, keep the books, score the end.",
    contracts=f"{_P}.contract:CONTRACTS",
    seat=f"{_P}.screens.seat_screen:open_seat",
    seat_codes=f"{_P}.screens.seats_panel:table_seat_codes",
    colours=f"{_P}.history:recovered_colours",
    prepares=("world",),  # a World is not in progress once the game played on it is over
)
