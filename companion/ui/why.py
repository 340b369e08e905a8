"""The "Why?" of a refusal: the sentence, and in its place at one tap the rulebook's sentence, its section and,
where the rule is ours, our decision and why. Nothing on screen moves: both stand in the same grid cell, the
box as tall as the taller from the start, and the tap only swaps which one is visible (CSS, no round trip)."""

from __future__ import annotations

import html
import itertools

from ..rulebook import Entry, entry, game_of

_IDS = itertools.count(1)
E = html.escape


def rule_html(e: Entry) -> str:
    """The rulebook's side of a rule: its section and sentence, then our decision when it is ours."""
    parts = []
    if e.quote:
        where = f"Rulebook, {e.section}" if e.section else "Rulebook"
        parts.append(f"<span class='rf-why-where'>{E(where)}:</span> <q class='rf-why-quote'>{E(e.quote)}</q>")
    else:
        parts.append("<span class='rf-why-where'>The rulebook is silent here.</span>")
    if e.ours:
        parts.append(f"<span class='rf-why-ours'><b>Our decision:</b> {E(e.decision)} <b>Why:</b> {E(e.why)}</span>")
    elif not e.quote:
        parts.append(f"<span class='rf-why-reading'>{E(e.reading)}</span>")
    return " ".join(parts)


def why_html(text: str, rule: str | None = None, game: str | None = None) -> str:
    """The refusal's message with its "Why?", or "" when its rule has no entry (the plain message then)."""
    rule = rule or getattr(text, "rule", None)
    if not rule:
        return ""
    where = getattr(text, "where", None)  # a refusal's modules (a file problem's "where" is its place in the file)
    found = entry(game or game_of(where if isinstance(where, (tuple, list)) else ()), rule)
    if found is None:
        return ""
    n = next(_IDS)
    tid = f"rf-why-{n}"
    return ("<div class='rf-msg rf-msg-error rf-why-msg' role='status'>"
            f"<input type='checkbox' class='rf-why-toggle' id='{tid}' aria-label='Why? The rulebook'>"
            "<div class='rf-why-stack'>"
            f"<div class='rf-why-said'><label class='rf-why-btn' for='{tid}'>Why?</label>{E(text)}</div>"
            f"<div class='rf-why-rule'><label class='rf-why-btn rf-why-back' for='{tid}'>Back</label>{rule_html(found)}</div>"
            "</div></div>")
