"""Rise & Fall: the rules as code, with no widgets (see ``companion.ui`` for the dashboard)."""

GAME_ID = "rise-and-fall"
#: The store's kinds of Rise & Fall's logs: a World being built, a tracked game, an end-of-game scoring.
WORLD_LOG, GAME_LOG, SCORING_LOG = f"{GAME_ID}/world", f"{GAME_ID}/game", f"{GAME_ID}/scoring"
