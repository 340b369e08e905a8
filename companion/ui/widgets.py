"""Small widget helpers shared by the screens: big buttons with an error boundary, messages, a stepper."""

from __future__ import annotations

import html
import logging
import re
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import ipywidgets as W
from ipywidgets.widgets.widget_string import TextStyle
from traitlets import Bool, Int, Unicode, validate

log = logging.getLogger(__name__)

#: Set by the app: where a callback's unexpected error is shown to the players.
REPORT: list[Callable[[str], None]] = []


#: Set by the app: where the page says it is busy (see :func:`busy`).
BUSY: list[W.HTML] = []


def busy_html(text: str) -> str:
    """A busy line with a moving bar; the style shows it only after 300 ms, so a quick
    operation never flickers and a slow one always says what it is doing."""
    return (f"<div class='rf-busy' role='progressbar' aria-busy='true' aria-label='{html.escape(text, quote=True)}'>"
            f"<span class='rf-busy-text'>{html.escape(text)}</span><span class='rf-busy-bar'><span></span></span></div>")


@contextmanager
def busy(text: str) -> Iterator[None]:
    """Say what the page is doing while it does something that can take longer than 300 ms.
    Widget changes reach the page at once, also while the kernel is still working."""
    shown = list(BUSY)
    for b in shown:
        b.value = busy_html(text)
    try:
        yield
    finally:
        for b in shown:
            b.value = ""


def guarded(fn: Callable[[], None]) -> Callable[..., None]:
    """Run a widget callback; an unexpected error is shown and logged, never lost."""

    def run(*_args) -> None:
        try:
            fn()
        except Exception as e:
            log.exception("callback failed")
            for report in REPORT:
                report(f"Something went wrong ({type(e).__name__}: {e}); nothing was changed.")

    return run


_SHARED: dict[tuple, W.Widget] = {}


class _Frozen:
    """A shared layout or style refuses a change: it would move or restyle every widget holding it."""

    _frozen = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen and self.has_trait(name) and name in self.keys:  # type: ignore[attr-defined]
            raise TypeError(f"The page's shared {type(self).__mro__[2].__name__} cannot change ({name}); "
                            "give the widget its own first: own(widget)")
        super().__setattr__(name, value)


_FROZEN_KINDS: dict[type, type] = {}


def shared(kind: type[W.Widget], **values: Any) -> W.Widget:
    """The page's one ``W.Layout()`` (or one style, e.g. ``W.ButtonStyle``; or one of these with ``values``,
    e.g. ``min_height="330px"``) for every widget that keeps it as it is: each widget made with it costs no
    model of its own on the page, so a screen opens with fewer messages. It refuses a change
    (``TypeError``); a widget whose place, size or look changes gets its own with :func:`own` first."""
    key = (kind, *sorted(values.items()))
    w = _SHARED.get(key)
    if w is None or w.comm is None:  # (a closed one is made anew)
        frozen = _FROZEN_KINDS.get(kind)
        if frozen is None:
            frozen = _FROZEN_KINDS[kind] = type(f"Shared{kind.__name__}", (_Frozen, kind), {})
        w = _SHARED[key] = frozen(**values)
        w._frozen = True
    return w


def plain_widget(kind: type[W.DOMWidget], *args: Any, **kw: Any) -> Any:
    """A ``kind`` widget on the shared layout and, if it has one, its kind's shared style (see :func:`shared`):
    for a widget whose layout and style never change (``own`` gives it its own layout when it does)."""
    kw.setdefault("layout", shared(W.Layout))
    style = kind.class_traits().get("style")
    if style is not None and "style" not in kw:
        kw["style"] = shared(style.klass)
    return kind(*args, **kw)


class own:  # noqa: N801 - read as a function: own(widget).display = "none"
    """``w``'s own layout, to hide, show or size it: ``own(w).display = "none"``. A widget on the shared layout
    gets a layout of its own at its first real change (a value the shared one already has changes nothing, and
    costs no model on the page)."""

    __slots__ = ("_w",)

    def __init__(self, w: W.DOMWidget) -> None:
        object.__setattr__(self, "_w", w)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._w.layout, name)

    def __setattr__(self, name: str, value: Any) -> None:
        layout = self._w.layout
        if isinstance(layout, _Frozen):
            if (getattr(layout, name) or "") == (value or ""):
                return
            given = {k: getattr(layout, k) for k in layout.keys if not k.startswith("_") and getattr(layout, k) is not None}
            layout = self._w.layout = W.Layout(**given)  # the shared one's values (a min_height …) kept
        setattr(layout, name, value)


def html_widget(value: str = "", **kw: Any) -> W.HTML:
    """An ``W.HTML`` on the shared layout and style (see :func:`plain_widget`)."""
    return plain_widget(W.HTML, value, **kw)


def hbox(children: Any = (), **kw: Any) -> W.HBox:
    """An ``W.HBox`` on the shared layout (see :func:`plain_widget`)."""
    return plain_widget(W.HBox, children, **kw)


def vbox(children: Any = (), **kw: Any) -> W.VBox:
    """An ``W.VBox`` on the shared layout (see :func:`plain_widget`)."""
    return plain_widget(W.VBox, children, **kw)


def set_options(choice: W.ToggleButtons, options: list[Any]) -> None:
    """A row of choices given new ``options``. The page's ToggleButtons draws its buttons anew only when it has
    some: emptied, it keeps the old ones on the page (after New game a tablet still showed the game left's
    nations, dead to a tap). So an empty row is hidden, its room kept (nothing below it moves), and shown
    again with its next options."""
    choice.options = options
    own(choice).visibility = "visible" if options else "hidden"


def css_token(name: str) -> str:
    """``name`` as one CSS class word (a board's cavern id is the table's text: a space or a quote in it
    would make two classes, or none)."""
    return "".join(ch if (ch.isascii() and ch.isalnum()) or ch in "-_" else "_" for ch in name) or "_"


def button(label: str, on_click: Callable[[], None], css: str, primary: bool = False,
           layout: W.Layout | None = None, disabled: bool = False) -> W.Button:
    """A button with its classes given when it is made (not sent again one by one), the shared button style
    and the shared layout (:func:`own` gives it its own, to hide or size it)."""
    b = W.Button(description=label, button_style="success" if primary else "", style=shared(W.ButtonStyle),
                 _dom_classes=("rf-btn", *css.split()), disabled=disabled, layout=layout or shared(W.Layout))
    b.on_click(guarded(on_click))
    return b


def offer_buttons(box: W.Box, offers: list[tuple[str, object, Callable[[], None], str]], after: tuple[W.Widget, ...] = ()) -> None:
    """``box`` holds a button per offer: its label, what a tap answers (the action sent, with the question it
    answers), the tap, its classes. A button drawn before for the same label, answer and classes is kept, so a
    screen drawn again with the same offers (a tab shown again, another screen's change) makes no new widget and
    nothing moves on the page. Any other offer gets a new button: a button of an earlier question still carries
    that question's answer, and a tap on it made before the page heard of the change is refused as such.
    ``after``: widgets the box holds after the buttons."""
    kept = {getattr(b, "_offer", None): b for b in box.children}
    drawn = []
    for label, answer, tap, css in offers:
        key = (label, repr(answer), css)
        b = kept.pop(key, None)
        if b is None:
            b = button(label, tap, css)
            b._offer = key  # type: ignore[attr-defined]
        drawn.append(b)
    drawn.extend(after)
    if list(box.children) != drawn:
        box.children = drawn


def follow_subject(message: W.HTML, subject: Callable[[], object]) -> Callable[[], None]:
    """A message never outlives what it was about: ``subject()`` names what the screen shows
    (its game, the point of its log, the tile being placed). The message remembers the subject
    it was said about; the returned check, called whenever the screen is drawn, clears a
    message whose subject is no longer the one shown."""
    about: list[object] = [None]

    def said(change) -> None:
        if change["new"]:
            about[0] = subject()

    def check() -> None:
        if message.value and subject() != about[0]:
            message.value = ""

    message.observe(said, "value")
    return check


def message_html(text: str, level: str = "info", rule: str | None = None, game: str | None = None) -> str:
    """A message for the table. A refusal (``str(e)`` of an IllegalAction carries its rule id, or ``rule=``)
    gets its "Why?": one tap shows the rulebook's sentence, its section and our decision in its place."""
    if level == "error" and (rule or getattr(text, "rule", None)):
        from .why import why_html  # the rules index is read on the first refusal, not with the page

        found = why_html(text, rule, game)
        if found:
            return found
    return f"<div class='rf-msg rf-msg-{level}' role='status'>{html.escape(text)}</div>"


def read_only_html(session: Any) -> str:
    """The sentence of a game that can only be read (damaged, or a disk that cannot be written), for its own
    screen: every game's screens show it beside their own message, so no other message replaces it."""
    why = getattr(session, "why_read_only", None) if session is not None else None
    return message_html(why, "error") if why else ""


class Stepper(W.HBox):
    """A "how many" count for a finger: a large − and +, the value shown between them.

    Behaves like a ``BoundedIntText`` for the code around it (``value``, ``min``, ``max``,
    ``description``, ``observe``); − and + are disabled at the bounds. ``max`` is meant to be
    the rule's limit, so a count the rules cannot accept is never offered.
    """

    value = Int(0)
    min = Int(0)
    max = Int(99)
    description = Unicode("")
    #: why the count stops where it does; shown on − and +. Not synced: a tooltip set on a box
    #: breaks the box's view in the page (ipywidgets 8: "Cannot read properties of undefined").
    tooltip = Unicode(None, allow_none=True)

    def __init__(self, value: int = 0, min: int = 0, max: int = 99, description: str = "", css: str = "", **kw) -> None:
        self._label = html_widget(_dom_classes=("rf-stepper-label",))
        self._shown = html_widget(_dom_classes=("rf-stepper-value",))
        plain, look = shared(W.Layout), shared(W.ButtonStyle)
        self.minus = W.Button(description="−", tooltip="One fewer", style=look, layout=plain, _dom_classes=("rf-btn", "rf-stepper-minus"))
        self.plus = W.Button(description="+", tooltip="One more", style=look, layout=plain, _dom_classes=("rf-btn", "rf-stepper-plus"))
        super().__init__([self._label, self.minus, self._shown, self.plus], **{"layout": shared(W.Layout), **kw})
        self.add_class("rf-stepper")
        for c in css.split():
            self.add_class(c)
        self.minus.on_click(guarded(lambda: self.step(-1)))
        self.plus.on_click(guarded(lambda: self.step(1)))
        self.observe(self._sync, names=["value", "min", "max", "description"])
        self.observe(self._tip, names=["tooltip"])
        self.description = description  # first: a Stepper with a description never hides its label on the way
        self.min, self.max = min, max
        self.value = value
        self._sync()

    @validate("value")
    def _clamp(self, proposal) -> int:
        return max(self.min, min(self.max, int(proposal["value"])))

    def _tip(self, change) -> None:
        for b in (self.minus, self.plus):
            b.tooltip = change["new"] or None

    def step(self, by: int) -> None:
        self.value = self.value + by

    def bound(self, lo: int, hi: int) -> None:
        """Both bounds at once, set in the order that never puts ``min`` above ``max`` on the way
        (the value is clamped into them); ``hi`` below ``lo`` is taken as ``lo``."""
        hi = max(lo, hi)
        if lo > self.max:
            self.max, self.min = hi, lo
        else:
            self.min, self.max = lo, hi

    def _sync(self, _change=None) -> None:
        if self.value > self.max or self.value < self.min:
            self.value = max(self.min, min(self.max, self.value))  # a new bound clamps the value
            return
        self._label.value = html.escape(self.description)
        own(self._label).display = "" if self.description else "none"
        self._shown.value = f"<span aria-live='polite'>{self.value}</span>"
        self.minus.disabled = self.value <= self.min
        self.plus.disabled = self.value >= self.max


#: numbers typed apart, to be added: "3 2", "8+8+8+8", "3, 2" (and a separator typed last, the next number to come)
#: (a separator between every two numbers: one run of digits is one number, never split, so a long one is read at once)
SUM = re.compile(r"\d+(?:(?:\s+|\s*[+,]\s*)\d+)*(?:\s*[+,])?")


class NumberField(W.HBox):
    """A number typed on a number pad that shows the number it holds: "0" then "12" typed reads 12, not "012".

    Behaves like a ``BoundedIntText`` for the code around it (``value``, ``min``, ``max``, ``description``,
    ``disabled``, ``observe``); the value follows every keystroke. What is typed is read as its digits and held
    within the bounds, and the field is written back with the number it then holds (a leading zero goes, a
    number beyond ``max`` reads ``max``); an emptied field keeps its value until a digit is typed, and text without a
    digit ("abc") is replaced by the number the field holds, the one a tap records. The page asks
    a phone for its number pad (``inputmode=numeric`` on ``.rf-number input``, the page's template).

    ``adds``: the field holds a total, and numbers typed apart ("3 2", "8+8+8+8", "3, 2") are added, the text left as
    typed (1989's levy: "add together the combined revolt value", where "3 2" read 32).
    """

    value = Int(0)
    min = Int(0)
    max = Int(100000)
    description = Unicode("")
    disabled = Bool(False)

    def __init__(self, value: int = 0, min: int = 0, max: int = 100000, description: str = "", css: str = "",
                 continuous_update: bool = True, adds: bool = False, **kw: Any) -> None:
        self.adds = adds
        self._as_typed = False  # the value follows a sum typed: the text stays as typed
        size = kw.pop("layout", None)  # a width given is the field's own: the box around it holds it whole
        self.text = plain_widget(W.Text, value=str(value), description=description, continuous_update=True,
                          style=shared(TextStyle, description_width="initial") if len(description) > 14 else shared(TextStyle),
                          layout=size if size is not None else shared(W.Layout))
        self.text.add_class("rf-number-input")
        super().__init__([self.text], **{"layout": shared(W.Layout), **kw})
        self.add_class("rf-number")
        for c in css.split():
            self.add_class(c)
        self.min, self.max = min, max
        self.value = value
        self.description = description
        self.text.observe(self._typed, "value")
        self.observe(self._show, names=["value"])
        self.observe(self._look, names=["description", "disabled"])
        self._show()

    @validate("value")
    def _clamp(self, proposal: Any) -> int:
        return max(self.min, min(self.max, int(proposal["value"])))

    @property
    def continuous_update(self) -> bool:
        """The value follows every keystroke, not only a field left."""
        return bool(self.text.continuous_update)

    def read(self, typed: str) -> int | None:
        """The number ``typed`` holds (its digits, a minus where ``min`` is below 0), within the bounds; None for
        no digit at all."""
        t = typed.strip()
        if self.adds and SUM.fullmatch(t):
            return max(self.min, min(self.max, sum(int(n[-9:]) for n in re.findall(r"\d+", t))))
        digits = "".join(c for c in t if c.isdigit())
        if not digits:
            return None
        v = int(digits[-9:]) * (-1 if t.startswith("-") and self.min < 0 else 1)
        return max(self.min, min(self.max, v))

    def _apart(self, typed: str) -> bool:
        """Numbers typed apart, to be added, or a separator after one (the next number to come)."""
        t = typed.strip()
        return self.adds and bool(SUM.fullmatch(t)) and (not t.isdigit() or typed != typed.rstrip())

    def _typed(self, change: Any) -> None:
        v = self.read(change["new"])
        if v is None:
            if change["new"].strip():  # letters, no digit: the field shows again the number it holds (it is recorded)
                self._show()
            return
        if self._apart(change["new"]):  # a sum being typed ("3 ", "3 2"): kept as it is
            self._as_typed = True
            try:
                self.value = v
            finally:
                self._as_typed = False
        elif v != self.value:
            self.value = v  # written back by _show
        else:
            self._show()

    def _show(self, _change: Any = None) -> None:
        if self._as_typed:
            return
        shown = str(self.value)
        if self.text.value != shown:
            self.text.value = shown

    def _look(self, _change: Any = None) -> None:
        self.text.description = self.description
        self.text.disabled = self.disabled
