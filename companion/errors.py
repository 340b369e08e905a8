"""The project's own error type: every message is one sentence a player can act on."""


class CompanionError(Exception):
    """Bad input or an impossible action, explained in one plain sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class FileFormatError(CompanionError):
    """A file that cannot be read as what it claims to be. ``rule`` names the game's rule the file breaks when
    it reads but cannot be (a position with a piece on a Creature's space: ``creature-space``); None for a file
    that is not what it claims (not JSON, a missing key)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        return Refusal(self.message, self.rule, raised_in(self)) if self.rule else self.message


class IllegalAction(CompanionError):
    """An action the rules forbid in the current state; nothing was changed. Every game raises this one type
    (Rise!'s ``RiseIllegal`` is a thin subclass with the same fields).

    ``message`` is the sentence for the table; ``rule`` (required) is a stable id of the rule broken, so that
    a script, a test or a screen tells refusals apart without reading the sentence (e.g. ``count-limit``)."""

    def __init__(self, message: str, rule: str) -> None:
        if not isinstance(rule, str) or not rule:
            raise TypeError("IllegalAction needs the id of the rule broken (rule=...)")
        super().__init__(message)
        self.rule = rule

    def __str__(self) -> str:
        """The sentence, carrying its rule id and the modules it was raised through (:class:`Refusal`), so a
        screen that shows ``str(e)`` can answer "Why?" with the rulebook's sentence."""
        return Refusal(self.message, self.rule, raised_in(self))


class Refusal(str):
    """A refusal's sentence (it is that string) with the rule id it breaks and the modules it was raised
    through, innermost first (``companion.rise.game``, …): the game is the first of them in a game's package."""

    rule: str
    where: tuple[str, ...]

    def __new__(cls, sentence: str, rule: str = "", where: tuple[str, ...] = ()) -> "Refusal":
        r = super().__new__(cls, sentence)
        r.rule, r.where = rule, tuple(where)
        return r

    def __reduce__(self) -> tuple:
        return Refusal, (str(self), self.rule, self.where)


def raised_in(error: BaseException) -> tuple[str, ...]:
    """The modules an exception passed through, from where it was raised outwards (empty before it is raised)."""
    names = []
    tb = error.__traceback__
    while tb is not None:
        names.append(tb.tb_frame.f_globals.get("__name__", ""))
        tb = tb.tb_next
    return tuple(reversed(names))


class Problem(str):
    """One problem found in a file or a position: its sentence (it is that string) and the rule it breaks.

    A list of problems reads as a list of sentences; ``rule`` tells them apart (e.g. ``creature-space``)."""

    rule: str

    def __new__(cls, sentence: str, rule: str) -> "Problem":
        p = super().__new__(cls, sentence)
        p.rule = rule
        return p


def rule_of(sentence: str, default: str) -> str:
    """The rule id a problem carries (a :class:`Problem`), or ``default`` for a plain sentence."""
    return getattr(sentence, "rule", default)
