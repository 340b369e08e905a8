"""Rise & Fall: the rules as code, with no widgets (see ``companion.ui`` for the dashboard)."""

from companion.rise_and_fall.meta import GAME_ID

#: The store's kinds of Rise & Fall's logs: a World being built, a tracked game, an end-of-game scoring.
WORLD_LOG, GAME_LOG, SCORING_LOG = f"{GAME_ID}/world", f"{GAME_ID}/game", f"{GAME_ID}/scoring"


def finished(kind: str, state: object) -> bool:
    """Whether a log needs no more play: a complete World (not a free design), a game that is
    over, a final scoring. The shelf offers to continue the others, but not a World nobody has
    touched (nothing on it but the Starting Seas, as when the game is first opened)."""
    if kind == "world":
        untouched = not state.seas_started and not state.tales and not state.markers
        return not state.started or untouched or (not state.free and state.next_kind() is None)
    if kind == "game":
        return state.phase == "over"
    if kind == "scoring":
        return bool(state.finished)
    return False
