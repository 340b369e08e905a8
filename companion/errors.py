"""The project's own error type: every message is one sentence a player can act on."""


class CompanionError(Exception):
    """Bad input or an impossible action, explained in one plain sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class FileFormatError(CompanionError):
    """A file that cannot be read as what it claims to be."""


class IllegalAction(CompanionError):
    """An action the rules forbid in the current state; nothing was changed.

    ``rule`` names the rule broken where a caller may want to tell rules apart (e.g. ``count-limit``)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class Problem(str):
    """One problem found in a file or a position: its sentence (it is that string) and the rule it breaks.

    A list of problems reads as a list of sentences; ``rule`` tells them apart (e.g. ``creature-space``)."""

    rule: str

    def __new__(cls, sentence: str, rule: str) -> "Problem":
        p = super().__new__(cls, sentence)
        p.rule = rule
        return p
