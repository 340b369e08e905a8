"""The project's own error type: every message is one sentence a player can act on."""


#: How many problems a refusal lists before it counts the rest ("… and 3 more problems").
MOST_PROBLEMS = 20
#: The longest line a refusal prints: a file may hold a name of a million characters.
LONGEST_LINE = 400


def cut(text: str, most: int = LONGEST_LINE) -> str:
    """``text`` cut to at most ``most`` characters, with an ellipsis where it was cut."""
    return text if len(text) <= most else text[: most - 1] + "…"


def said(problems: "list[str]", most: int = MOST_PROBLEMS) -> list[str]:
    """The lines that tell ``problems``: the first ``most``, each cut short, then the count of the rest."""
    out = [cut(str(p)) for p in problems[:most]]
    rest = len(problems) - most
    if rest > 0:
        out.append(f"… and {rest:,} more problem{'s' if rest != 1 else ''}.")
    return out


class CompanionError(Exception):
    """Bad input or an impossible action, explained in one plain sentence."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class FileFormatError(CompanionError):
    """A file that cannot be read as what it claims to be: the one error of every game's file formats.

    It carries every problem found (``problems``: each a :class:`Problem`, its rule id and sentence, and where),
    so a file is refused once with all of them; ``rule`` is the first problem's rule. Built from one sentence
    (``FileFormatError(sentence, rule=...)``) it carries that one problem. ``rule`` names the game's rule the
    file breaks when it reads but cannot be (a position with a piece on a Creature's space: ``creature-space``);
    ``json`` when it cannot be read as JSON at all; None for a file that is not what it claims (a missing key)."""

    def __init__(self, message: "str | list[Problem]", rule: str | None = None) -> None:
        if isinstance(message, str):
            problems = [message if isinstance(message, Problem) else Problem(message, rule or "")]
        else:
            problems = [p if isinstance(p, Problem) else Problem.from_line(str(p)) for p in message]
            message = "\n".join(str(p) for p in problems)
            rule = rule if rule is not None else (problems[0].rule or None if problems else None)
        super().__init__(message)
        self.rule = rule
        self.problems: list[Problem] = problems

    @property
    def rules(self) -> list[str]:
        return [p.rule for p in self.problems]

    def lines(self, most: int = MOST_PROBLEMS) -> list[str]:
        """What to say: the first ``most`` problems, one line each (cut at :data:`LONGEST_LINE`), then how many more."""
        return said(self.problems, most)

    def __str__(self) -> str:
        return Refusal(self.message, self.rule, raised_in(self)) if self.rule else self.message


class IllegalAction(CompanionError):
    """An action the rules forbid in the current state; nothing was changed. Every game raises this one type
    (Rise!'s ``RiseIllegal`` is a thin subclass with the same fields).

    ``message`` is the sentence for the table; ``rule`` (required) is a stable id of the rule broken, so that
    a script, a test or a screen tells refusals apart without reading the sentence (e.g. ``count-limit``).
    ``instead``: the action the rules would take in its place, which a screen may offer as a question
    (1989's end before anybody reached the goal: the end, unfinished)."""

    def __init__(self, message: str, rule: str, instead: dict | None = None) -> None:
        if not isinstance(rule, str) or not rule:
            raise TypeError("IllegalAction needs the id of the rule broken (rule=...)")
        super().__init__(message)
        self.rule = rule
        self.instead = instead

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
    """One problem found in a file or a position: its sentence (it is that string), the rule it breaks, and
    where (the file, the line and column, the key or the item; None when the sentence says it all).

    A list of problems reads as a list of sentences; ``rule`` tells them apart (e.g. ``creature-space``).
    ``sentence`` is the sentence without the rule id; :meth:`line` is it with the rule id first
    (``"json: the file is not UTF-8 …"``), as the Mountain King and 1989 files print their problems."""

    rule: str
    sentence: str
    where: str | None

    def __new__(cls, sentence: str, rule: str, where: str | None = None) -> "Problem":
        p = super().__new__(cls, sentence)
        p.rule, p.sentence, p.where = rule, str(sentence), where
        return p

    def __reduce__(self):  # pickles (and copies) as itself, with its rule
        return (Problem, (self.sentence, self.rule, self.where))

    @property
    def line(self) -> str:
        return f"{self.rule}: {self.sentence}" if self.rule else self.sentence

    def ruled(self) -> "RuledProblem":
        """This problem read with its rule id first."""
        return self if isinstance(self, RuledProblem) else RuledProblem(self.rule, self.sentence, self.where)

    @staticmethod
    def from_line(line: str, where: str | None = None) -> "RuledProblem":
        """A problem from a line ``"rule: sentence"`` (a rule id has no space)."""
        rule, sep, rest = line.partition(": ")
        if sep and rule and " " not in rule:
            return RuledProblem(rule, rest, where)
        return RuledProblem("", line, where)


class RuledProblem(Problem):
    """A :class:`Problem` that reads with its rule id first (it is the string ``"rule: sentence"``): the Mountain
    King wave file's and the 1989 chart file's problems. Built as ``RuledProblem(rule, text)``; ``text`` is the
    sentence."""

    def __new__(cls, rule: str, text: str, where: str | None = None) -> "RuledProblem":
        p = str.__new__(cls, f"{rule}: {text}" if rule else text)
        p.rule, p.sentence, p.where = rule, text, where
        return p

    def __reduce__(self):
        return (RuledProblem, (self.rule, self.sentence, self.where))

    @property
    def text(self) -> str:
        return self.sentence


def rule_of(sentence: str, default: str) -> str:
    """The rule id a problem carries (a :class:`Problem`), or ``default`` for a plain sentence."""
    return getattr(sentence, "rule", default)
