"""A game with no rules of its own, for the shared screen pieces' tests: its state is the list of who acted."""

from companion.gamelog import GameStore, Reducer, Session

KIND = "test/plain"


class Steps(Reducer[list]):
    def initial(self) -> list:
        return []

    def apply(self, state: list, action: dict) -> list:
        return [*state, action["who"]]


def started(store: GameStore, title: str = "a game") -> Session[list]:
    """A new game's log, begun with its setup (``state == ["setup"]``)."""
    return store.start(KIND, title, Steps(), {"type": "setup", "who": "setup"})
