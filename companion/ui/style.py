"""The dashboard's CSS: touch targets of at least 44 px, readable at arm's length, dark theme.

Contrasts (checked in a browser by ``tests/browser/test_controls.py``): text at least 4.5:1
on its background, a selected toggle at least 3:1 against one not selected, in both themes.
"""

class Theme:
    """The page's theme as the boards read it: the board module is imported when a game first
    opens (the shelf needs no canvas, numpy or Pillow), and its boards start in this theme."""

    dark = False


CSS = """
<style>
.rf-app { font-size: 17px; line-height: 1.35; color: #1d1d1d; background: #f4efe4; padding: 8px; border-radius: 10px; }
.rf-app.rf-large { font-size: 21px; }
.rf-app .rf-btn, .rf-app .widget-toggle-button, .rf-app .jupyter-button {
  min-height: 48px; min-width: 48px; height: auto; width: auto; max-width: 100%; padding: 6px 14px; margin: 3px;
  font-size: 1em; border-radius: 8px; white-space: normal; overflow: visible; touch-action: manipulation;
  background: #e6dfd0; color: #1d1d1d; border: 1px solid rgba(0,0,0,.18);
}
/* a selected toggle is dark on light buttons (8:1 against the others) */
.rf-app .widget-toggle-button.mod-active { background: #2b3a42; color: #ffffff; box-shadow: none; }
.rf-app .jupyter-button.mod-success, .rf-app .rf-btn.mod-success { background: #2e7d32; color: #ffffff; }
.rf-app .widget-upload.jupyter-button { display: inline-flex; align-items: center; gap: 6px; width: auto; flex: 0 1 auto; }
.rf-app .widget-text input, .rf-app .widget-dropdown select, .rf-app .widget-inline-hbox input, .rf-app select {
  min-height: 44px; font-size: 1em;
}
/* descriptions are never cut to "First pl…" */
.rf-app .widget-inline-hbox .widget-label { width: auto !important; max-width: none; overflow: visible; flex: 0 0 auto; padding-right: 8px; }
/* a one-line widget (a drop-down, a text box) is as tall as its 44 px control, never the widgets' 28 px
   with its control spilling over the next row */
.rf-app .widget-inline-hbox { width: auto; max-width: 100%; height: auto; }
.rf-app .widget-checkbox { width: auto; min-height: 44px; }
/* a description on two lines (A+, a narrow panel) makes its box taller: it never runs over the next control */
.rf-app .widget-checkbox, .rf-app .widget-checkbox label.widget-label-basic { height: auto; }
.rf-app .widget-checkbox label.widget-label-basic { min-height: 44px; display: inline-flex; align-items: center; gap: 8px; white-space: normal; }
.rf-app .widget-checkbox input { width: 28px; height: 28px; }
.rf-app .widget-label, .rf-app .widget-html-content, .rf-app label { font-size: inherit; line-height: 1.35; }
.rf-app .widget-html, .rf-app .widget-html-content { font-size: inherit; }
/* no empty slot where there is no message (but a screen's message keeps its reserved place) */
.rf-app .widget-html:not(.rf-message-slot):not(.rf-keep-room):has(> .widget-html-content:empty) { display: none !important; }
.rf-app .widget-toggle-buttons { flex-wrap: wrap; height: auto; }
.rf-app .widget-toggle-buttons .widget-toggle-button { min-width: 80px; }
.rf-app .rf-btn:disabled, .rf-app .jupyter-button:disabled { opacity: .45; filter: grayscale(1); }
.rf-tools, .rf-app .widget-hbox { flex-wrap: wrap; }
/* buttons whose label changes keep their width, so the buttons after them stay put */
.rf-app .rf-hint { min-width: 6em; }
.rf-app .rf-regions { min-width: 8.2em; }
.rf-app .rf-dark-toggle { min-width: 4.3em; }
.rf-app .rf-large-toggle { min-width: 3.2em; }
/* the bar keeps its size with A+ (the screens below grow): one row on the landscape tablet, nothing pushed down */
.rf-app.rf-large .rf-nav { font-size: 17px; }
.rf-nav { position: sticky; top: 0; z-index: 10; background: #2b3a42; border-radius: 10px; padding: 4px; flex-wrap: wrap; }
.rf-app .rf-nav .widget-toggle-button, .rf-app .rf-nav .rf-btn { background: #3d5059; color: #fff; font-weight: 600; border-color: transparent; }
.rf-app .rf-nav .widget-toggle-button.mod-active { background: #f2c12e; color: #111; }
.rf-main { flex-wrap: wrap; gap: 10px; align-items: flex-start; }
.rf-board-box { flex: 1 1 540px; min-width: 300px; max-width: 100%; }
.rf-board { touch-action: none; border-radius: 10px; box-shadow: 0 1px 4px rgba(0,0,0,.25); max-width: 100%; }
.rf-zoom-bar { flex-wrap: nowrap; justify-content: flex-end; }
.rf-app .rf-zoom-bar .rf-btn { min-width: 52px; font-size: 1.1em; font-weight: 700; }
.rf-legend-row { display: flex; flex-wrap: wrap; gap: 4px 14px; padding: 4px 2px; }
.rf-seat-url a { display: inline-flex; align-items: center; min-height: 44px; max-width: 100%; overflow-wrap: anywhere; word-break: break-all; }
.rf-key { display: inline-flex; align-items: center; gap: 6px; }
.rf-key-letter { display: inline-flex; width: 26px; height: 26px; border-radius: 50%; align-items: center; justify-content: center;
  background: #3d5059; color: #fff; font-weight: 700; font-size: .85em; }
.rf-side { flex: 1 1 300px; min-width: 280px; max-width: 520px; }
.rf-side .widget-hbox { flex-wrap: wrap; }
/* a history list is as wide as its panel, never wider: a long line wraps inside the box */
.rf-app .rf-side .widget-select, .rf-app .rf-side select { width: 100% !important; max-width: 100%; min-width: 0; box-sizing: border-box; }
/* a widget as wide as its box (a history list, a text box of width 100%) has no side margins: they
   would push its right border 4 px out of the box, cut there, the box scrolling sideways */
.rf-app .rf-side .widget-select, .rf-app .widget-inline-hbox[style*="width: 100%"] { margin-left: 0; margin-right: 0; }
/* ... and as high with one line, none or many, short or wrapped (a browser sizes a list by its first
   line): what stands under it stays under the finger */
.rf-app .rf-side .widget-select select[size] { height: calc(8.1em + 150px); flex: 0 0 auto; }
.rf-status { font-size: 1.15em; }
/* the World's status keeps its line of what is left, even empty: the tools below stay put */
.rf-app .rf-status .rf-left { min-height: calc(1.35em + 10px); }
.rf-turn { font-size: 1.2em; padding: 4px 0; }
.rf-dot { display: inline-block; width: 22px; height: 22px; border-radius: 50%; border: 2px solid #222; vertical-align: middle; margin-right: 8px; }
.rf-chip { display: inline-block; padding: 3px 10px; margin: 2px; border-radius: 14px; border-left: 14px solid var(--c); background: rgba(0,0,0,.06); }
.rf-badge { display: inline-block; padding: 6px 12px; border-radius: 8px; background: #6a1b9a; color: #fff; font-weight: 700; }
.rf-msg { padding: 10px 14px; border-radius: 8px; font-size: 1.05em; }
/* a screen's message has its place reserved: it appears, changes and goes without moving the
   controls below it (a longer sentence scrolls inside its place) */
.rf-app .rf-message-slot { height: 4em; min-height: 4em; max-height: 4em; overflow-y: auto; box-sizing: border-box; flex: 0 0 auto; }
.rf-app .rf-message-slot .rf-msg { box-sizing: border-box; }
/* a sentence never widens its screen: in a column, the slot takes the column's width and its words wrap (a refusal
   under Start the game made the form, and Start with it, 70 px wider) */
.rf-app .widget-vbox > .rf-message-slot { contain: inline-size; }
/* a sentence longer than its place says so: "more ▾" at the foot of the place while there is more below (a scroll
   driven fade; where the whole sentence fits, the scroll timeline is inactive and the cue stays hidden). The slot
   itself scrolls; its cue takes a line of its own after the sentence */
.rf-app .widget-html.rf-message-slot { flex-wrap: wrap; align-content: flex-start; }
.rf-app .widget-html.rf-message-slot > .widget-html-content { overflow: visible; height: auto; }
@keyframes rf-more { from { opacity: 1; } to { opacity: 0; } }
.rf-app .rf-message-slot::after { content: "more ▾"; display: block; flex: 0 0 100%; box-sizing: border-box; position: sticky; bottom: 0; height: 1.5em; margin-top: -1.5em;
  padding-right: 10px; text-align: right; font-size: 0.9em; line-height: 1.5em; font-weight: 600; pointer-events: none;
  opacity: 0; color: #1b1b1b; background: linear-gradient(to right, rgba(255,255,255,0), rgba(255,255,255,.92) 55%);
  animation: rf-more linear both; animation-timeline: scroll(nearest block); }
.rf-app.rf-dark .rf-message-slot::after { color: #f2f2f2; background: linear-gradient(to right, rgba(30,30,30,0), rgba(30,30,30,.92) 55%); }
/* Undo's answer on the Undo bar's own row, beside its buttons (on a phone: under them, the row's width) */
.rf-app .rf-undo-bar .rf-undo-answer { flex: 1 1 12em; min-width: 0; margin: 0 0 0 8px; }
.rf-app .rf-undo-bar .widget-hbox:has(> .rf-undo-answer) { flex-wrap: wrap; align-items: flex-start; }
@media (max-width: 600px) { .rf-app .rf-undo-bar .rf-undo-answer { flex-basis: 100%; margin: 0; } }
@media (max-width: 600px) { .rf-app .rf-message-slot { height: 5.8em; min-height: 5.8em; max-height: 5.8em; } }
/* the slot holds whole lines of its message (1.35 × 1.05em each, and the message's 10 px above and below), never a
   line cut across: two on the tablet; on a phone three, and four with A+, so what fits at the usual size fits with A+ */
.rf-app .rf-message-slot .rf-msg { line-height: 1.35; }
.rf-app .rf-message-slot { height: calc(2.835em + 20px); min-height: calc(2.835em + 20px); max-height: calc(2.835em + 20px); }
@media (max-width: 600px) {
  .rf-app .rf-message-slot { height: calc(4.2525em + 20px); min-height: calc(4.2525em + 20px); max-height: calc(4.2525em + 20px); }
  .rf-app.rf-large .rf-message-slot { height: calc(5.67em + 20px); min-height: calc(5.67em + 20px); max-height: calc(5.67em + 20px); }
}
/* an answer beside the finger (the page's script: where the screen's slot is far from the control tapped) and a
   question a tap opens: laid over the page, never pushing what is below */
.rf-app .rf-bubble { position: fixed; z-index: 60; max-width: min(480px, calc(100vw - 8px)); box-sizing: border-box;
  border-radius: 9px; box-shadow: 0 4px 18px rgba(0,0,0,.35); background: #f4efe4; }
.rf-app.rf-dark .rf-bubble { background: #15191d; }
.rf-app .rf-bubble .rf-msg { margin: 0; }
/* a touch on the box goes through to what is under it (the board, the next button), and the box goes; only a
   refusal's Why? in it takes the touch */
.rf-app .rf-bubble { pointer-events: none; }
.rf-app .rf-bubble .rf-why-btn { pointer-events: auto; }
.rf-app .rf-confirm:not(:empty) { position: fixed; z-index: 55; width: max-content; max-width: min(560px, calc(100vw - 8px));
  box-sizing: border-box; padding: 8px; border-radius: 10px; background: #f4efe4; box-shadow: 0 4px 18px rgba(0,0,0,.35); }
.rf-app.rf-dark .rf-confirm:not(:empty) { background: #15191d; }
.rf-msg-error { background: #ffebee; color: #8e0000; border-left: 8px solid #c62828; }
.rf-msg-info { background: #e8f5e9; color: #1b4d20; border-left: 8px solid #2e7d32; }
.rf-msg-warning { background: #fff8e1; color: #5d4200; border-left: 8px solid #f9a825; }
/* a refusal's "Why?": the sentence and the rulebook's in one grid cell, one shown at a time (nothing moves) */
.rf-why-toggle { position: absolute; opacity: 0; width: 1px; height: 1px; margin: 0; pointer-events: none; }
/* the box is as tall as the sentence (at least its button): the rulebook's side, often longer, scrolls within it,
   so a long rule never pushes the box past the screen's edge nor moves what is below */
.rf-why-stack { display: grid; position: relative; min-height: 44px; }
.rf-why-stack > .rf-why-said { grid-area: 1 / 1; min-width: 0; }
.rf-why-rule { visibility: hidden; position: absolute; inset: 0; overflow-y: auto; overscroll-behavior: contain; }
.rf-why-toggle:checked + .rf-why-stack > .rf-why-said { visibility: hidden; }
.rf-why-toggle:checked + .rf-why-stack > .rf-why-rule { visibility: visible; }
.rf-why-btn { float: right; display: inline-flex; align-items: center; justify-content: center; min-height: 44px; min-width: 72px;
  box-sizing: border-box; padding: 0 12px; margin: -6px -6px 2px 10px; border-radius: 8px; background: #2b3a42; color: #ffffff;
  font-weight: 700; cursor: pointer; touch-action: manipulation; user-select: none; -webkit-tap-highlight-color: transparent; }
.rf-why-toggle:focus-visible + .rf-why-stack .rf-why-btn { outline: 3px solid #f2c12e; }
.rf-why-where { font-weight: 700; }
.rf-why-quote { font-style: italic; }
.rf-why-ours { display: block; margin-top: 4px; }
.rf-app.rf-dark .rf-why-btn { background: #f2c12e; color: #111111; }
/* every game's Rules screen: read at arm's length (the page's 17 px, 21 px with A+; nothing smaller) */
.rf-rules { max-width: 60em; font-size: 1em; line-height: 1.45; }
.rf-rules h2, .rf-rules h3 { margin: 12px 0 6px; line-height: 1.25; }
.rf-rules .rf-rules-search input { font-size: 1.1em; min-height: 48px; }
.rf-rules-entry { padding: 8px 10px; margin: 6px 0; border-radius: 8px; background: rgba(0,0,0,.05); border-left: 6px solid #2b3a42; }
.rf-rules-reading code, .rf-rules-list code { font-size: 0.95em; padding: 0 4px; border-radius: 4px; background: rgba(0,0,0,.08); }
.rf-rules-source { margin-top: 4px; }
.rf-rules-term { padding: 6px 10px; margin: 6px 0; border-radius: 8px; background: #fff8e1; color: #3d2f00; }
.rf-rules-here { font-weight: 700; }
.rf-rules-now { color: #8e0000; }
.rf-rules-list li, .rf-rules-glossary dd { margin: 4px 0; }
.rf-rules-glossary dt { font-weight: 700; margin-top: 8px; }
.rf-rules-glossary dd { margin-left: 1.2em; }
.rf-app.rf-dark .rf-rules-entry { background: rgba(255,255,255,.07); border-left-color: #f2c12e; }
.rf-app.rf-dark .rf-rules-term { background: #3a3217; color: #fff3c4; }
.rf-app.rf-dark .rf-rules-now { color: #ffcdd2; }
.rf-app.rf-dark .rf-rules-reading code, .rf-app.rf-dark .rf-rules-list code { background: rgba(255,255,255,.12); }
.rf-panel { padding: 6px; }
/* the Game screen's Guild powers: one line of who holds which card, a tap opens the sentences */
.rf-guilds-folded > summary { display: block; min-height: 44px; line-height: 24px; cursor: pointer;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.rf-guilds-folded > summary::before { content: '▸ '; }
.rf-guilds-folded[open] > summary::before { content: '▾ '; }
/* busy: shown only once an operation has taken 300 ms, over the page (nothing moves) */
.rf-busy { position: fixed; top: 10px; left: 50%; transform: translateX(-50%); z-index: 60; min-width: 260px; max-width: 92vw;
  padding: 10px 16px; border-radius: 10px; background: #2b3a42; color: #ffffff; box-shadow: 0 2px 10px rgba(0,0,0,.35);
  opacity: 0; animation: rf-appear .15s ease-out .3s forwards; pointer-events: none; }
.rf-busy-text { display: block; font-weight: 600; }
.rf-busy-bar { display: block; position: relative; height: 6px; margin-top: 6px; border-radius: 3px; background: rgba(255,255,255,.25); overflow: hidden; }
.rf-busy-bar span { position: absolute; top: 0; bottom: 0; width: 35%; border-radius: 3px; background: #f2c12e; animation: rf-sweep 1.1s ease-in-out infinite; }
@keyframes rf-appear { to { opacity: 1; } }
@keyframes rf-sweep { from { left: -35%; } to { left: 100%; } }
.rf-lib-row { align-items: flex-start; gap: 8px; border-bottom: 1px solid rgba(0,0,0,.1); padding: 4px 0; }
.rf-download { display: inline-flex; align-items: center; min-height: 44px; padding: 0 14px; margin: 4px; border-radius: 8px; background: #2a5db0; color: #fff !important; text-decoration: none; }
.rf-app .widget-select select { font-size: 1em; }
.rf-app .widget-select select option { padding: 12px 6px; white-space: normal; overflow-wrap: break-word; }
/* a folded text (details) opens with a finger: its summary is a control */
.rf-app summary { min-height: 44px; box-sizing: border-box; padding: 10px 0; cursor: pointer; }
.rf-stepper { align-items: center; flex-wrap: wrap; gap: 4px; }
.rf-app .rf-stepper .rf-btn { min-width: 64px; min-height: 56px; font-size: 1.5em; font-weight: 700; line-height: 1; }
.rf-stepper-value { min-width: 2.4em; text-align: center; font-size: 1.5em; font-weight: 700; }
.rf-stepper-label { flex: 1 1 100%; }
.rf-scorepad table { border-collapse: collapse; font-size: 1.05em; }
.rf-scorepad td, .rf-scorepad th { border: 1px solid #999; padding: 6px 10px; text-align: right; }
.rf-scorepad .rf-crossed { text-decoration: line-through; color: #5c5c5c; }
.rf-civs { display: grid; grid-template-columns: repeat(auto-fill, minmax(270px, 1fr)); gap: 8px; }
.rf-acting-place .rf-civs { grid-template-columns: 1fr; margin-bottom: 6px; }
.rf-states { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: flex-start; }
.rf-players .widget-html-content, .rf-players { display: block; width: 100%; }
.rf-app .rf-players { margin-left: 0; margin-right: 0; padding-right: 4px; box-sizing: border-box; }  /* the acting outline inside the screen */
.rf-civ { flex: 1 1 300px; padding: 8px 12px; border-radius: 8px; background: rgba(0,0,0,.05); }
.rf-civ-name { font-size: 1.15em; }
.rf-civ-acting { box-shadow: 0 0 0 3px var(--pc); }
.rf-acts { display: inline-block; padding: 1px 10px; border-radius: 10px; background: #2b3a42; color: #fff; font-size: .8em; }
.rf-first, .rf-lost { font-size: .85em; margin-left: 6px; }
.rf-treasury, .rf-pieces, .rf-trophies { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; margin: 4px 0; }
.rf-coin, .rf-piece-count, .rf-trophy { display: inline-flex; align-items: center; gap: 3px; }
.rf-piece-count small { color: #4a4a4a; }
.rf-piece-count.rf-none svg { opacity: .35; }
.rf-trophy { padding: 2px 8px 2px 4px; border-radius: 8px; background: #f6e7b0; color: #3d2f00; border: 1px solid #b8962e; }
.rf-state { display: flex; flex-direction: column; align-items: flex-start; gap: 2px; margin: 3px 0; }
.rf-state-label { flex: 0 0 100%; font-size: .85em; color: #444; }
.rf-cards { display: flex; flex-wrap: wrap; gap: 6px; }
.rf-card { position: relative; width: 80px; height: 84px; border-radius: 7px; background: #fffdf6; border: 2px solid var(--pc);
  display: flex; flex-direction: column; align-items: center; justify-content: flex-end; padding-bottom: 4px; box-sizing: border-box; color: #1d1d1d; }
.rf-card-band { position: absolute; top: 0; left: 0; right: 0; height: 12px; border-radius: 4px 4px 0 0; }
.rf-card-name { font-size: 12px; font-weight: 700; letter-spacing: -.4px; font-stretch: condensed; line-height: 1.1; max-width: 100%;
  text-align: center; overflow-wrap: anywhere; }  /* a card's name whole on its card (Mountaineer the longest) */
.rf-card-note { position: absolute; top: 13px; font-size: 12px; }
.rf-card-back { background: repeating-linear-gradient(45deg, var(--pc), var(--pc) 6px, #2b3a42 6px, #2b3a42 12px); justify-content: center; }
.rf-card-back-mark { font-size: 28px; font-weight: 700; color: #fff; text-shadow: 0 0 3px #000; }
.rf-state-among .rf-card { opacity: .8; border-style: dashed; }
.rf-card-own-secret { border-style: dashed; }
.rf-card-own-secret .rf-card-band { background: repeating-linear-gradient(45deg, var(--pc), var(--pc) 4px, #2b3a42 4px, #2b3a42 8px) !important; }
.rf-card-secret { position: absolute; top: 14px; font-size: 12px; font-style: italic; }
.rf-table-key { font-size: .85em; margin-top: 4px; }
.rf-controls .widget-hbox { flex-wrap: wrap; align-items: center; gap: 4px; }
/* phase A: a player's name over their cards; once they have chosen, the row keeps its height (the
   name, then a line as high as the cards): the rows below stay put */
.rf-controls .rf-play-row > :first-child { flex: 0 0 100%; }
.rf-app .rf-controls .rf-chosen-line { height: 54px; min-height: 54px; display: flex; align-items: center; margin: 0; }
.rf-app .jupyter-widget-Collapse-header, .rf-app .p-Collapse-header { min-height: 44px; font-size: 1em; display: flex; align-items: center;
  background: #e6dfd0; color: #1d1d1d; }
.rf-app .jupyter-widget-Collapse-contents { background: transparent; }
/* Scores: the board and the scorepad side by side in landscape, one of them (a tab) otherwise */
.rf-app .rf-score-panes { display: flex; flex-wrap: nowrap; gap: 12px; align-items: flex-start; width: 100%; }
.rf-board-pane { flex: 1 1 0; min-width: 0; }
.rf-pad-pane { flex: 0 1 auto; max-width: 57%; min-width: 0; overflow-x: auto; }
.rf-pad-pane .rf-scorepad table { width: 100%; }
.rf-scores .rf-scorepad td, .rf-scores .rf-scorepad th { padding: 2px 5px; }
/* the Region walked through: each of its lines has the room of two (none is cut), so a Region whose
   title or pieces wrap moves neither the majority buttons under it nor the board */
.rf-app .rf-walk .widget-html-content > div { min-height: 2.7em; line-height: 1.35; }
/* with A+ a Region's pieces run to three lines: a Sea's (none) kept the same room, or Next Region moved 34 px */
.rf-app.rf-large .rf-walk .widget-html-content > div:nth-child(2) { min-height: 4.05em; }
.rf-scores .rf-scorepad th { text-align: left; font-weight: 600; white-space: nowrap; font-size: .9em; }
/* with A+ and on a phone, a row's name ("Guild: Trophy Hunters", "Tale: The Majestic Bridge")
   takes two lines rather than push the players' columns out of the pane */
.rf-app.rf-large .rf-scores .rf-scorepad tr > th:first-child { white-space: normal; min-width: 6.5em; }
.rf-app.rf-large .rf-scores .rf-scorepad td { padding: 2px 3px; }
.rf-app.rf-large .rf-scores .rf-scorepad .rf-sub th { padding-left: 8px; }
@media (max-width: 600px) {
  .rf-scores .rf-scorepad table { font-size: .95em; }
  .rf-scores .rf-scorepad tr > th:first-child { white-space: normal; min-width: 5em; }
  .rf-scores .rf-scorepad td { padding: 2px 3px; }
  .rf-scores .rf-scorepad .rf-sub th { padding-left: 6px; }
  .rf-app .rf-scores .rf-scorepad .rf-sizes { min-width: 0; }
  .rf-pad-pane .rf-scorepad table { width: auto; }
}
.rf-scores .rf-scorepad td { white-space: nowrap; }
.rf-scores .rf-scorepad td:has(> .rf-guild-lines) { white-space: normal; text-align: left; }
.rf-scores .rf-scorepad .rf-sizes { display: inline-block; min-width: 4em; font-size: .85em; white-space: normal; }
.rf-scorepad .rf-group th { text-align: left; font-size: .8em; text-transform: uppercase; letter-spacing: .04em; padding-top: 6px; border-left-color: transparent; border-right-color: transparent; }
.rf-scorepad .rf-sub th { padding-left: 16px; font-weight: 400; }
.rf-scores .rf-winner { margin: 6px 0; }
.rf-app .rf-score-tabs .widget-toggle-button { min-width: 130px; font-weight: 600; }
@media (orientation: landscape) and (min-width: 900px) {
  .rf-app .rf-score-tabs { display: none; }
  /* the Scores board (760×560) at most 46% of the screen's height, so its controls stay in view */
  .rf-score-panes .rf-board { width: min(100%, 62.4vh) !important; height: auto !important; }
}
@media not all and (orientation: landscape) and (min-width: 900px) {
  .rf-app .rf-score-panes { display: block; }
  .rf-pad-pane { max-width: none; }
  .rf-score-panes.rf-show-board > .rf-pad-pane, .rf-score-panes.rf-show-pad > .rf-board-pane { display: none !important; }
}
/* Scores while the pieces are entered: the scorepad folded to a line of totals, the board as large
   as the screen allows (its Spaces a finger wide on a tablet), the buttons to enter beside it */
.rf-app .rf-fold-bar, .rf-app .rf-head-row { align-items: center; gap: 0 12px; flex-wrap: wrap; }
.rf-total-line { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 14px; }
.rf-total-label { font-size: .8em; text-transform: uppercase; letter-spacing: .04em; }
/* a long name wraps between its words (at A+ on a phone it is wider than the screen); its total stays by it */
.rf-total-item { display: inline-flex; align-items: center; gap: 5px; max-width: 100%; }
.rf-total-item .rf-total-name { min-width: 0; overflow-wrap: break-word; }
.rf-total-item .rf-dot { flex-shrink: 0; }
.rf-app .rf-total-bar, .rf-app .rf-total-bar > .widget-html-content { min-width: 0; max-width: 100%; white-space: normal; }
.rf-total-item b { white-space: nowrap; }
.rf-total-item .rf-dot { width: 18px; height: 18px; margin-right: 0; }
.rf-app .rf-enter-row { flex-wrap: wrap; gap: 6px 12px; align-items: flex-start; width: 100%; }
.rf-enter-row > .rf-board-wrap { flex: 0 1 auto; min-width: 0; max-width: 100%; }
.rf-enter-side { flex: 1 1 260px; min-width: 240px; }
.rf-enter-side > * { flex-shrink: 0; }
/* beside the board, the scoring's title (its players' names, its file's name) in two lines at most: with long names
   and A+ it took the column's height, and the zoom's buttons went below the screen (the whole title is the
   scorepad's, after Done) */
.rf-scores.rf-entering .rf-enter-side .rf-scoring-title .rf-turn { font-size: .9em; line-height: 1.35; max-height: 2.7em; overflow: hidden;
  overflow-wrap: anywhere; padding-block: 0; }
.rf-enter-side .rf-zoom-bar { justify-content: flex-start; }
.rf-scores.rf-entering .rf-board { width: auto !important; height: auto !important; max-width: 100%; }
@media (orientation: landscape) and (min-width: 900px) {
  /* the height left below the board's top, as the page measures it (see the Voilà template) */
  .rf-scores.rf-entering .rf-board { max-height: var(--rf-room-below, calc(100vh - 200px)); max-width: calc(100vw - 330px) !important; }
  .rf-enter-side { max-height: var(--rf-room-below, calc(100vh - 200px)); overflow-y: auto; }
}
/* the upright tablet: ⌂ Games and the title, then the screens, Dark and A+ on one row for every game, at a
   size A+ does not change (Fall of the Mountain King's five screens are the widest) */
@media (min-width: 601px) and (max-width: 900px) {
  .rf-app .rf-nav .widget-toggle-button, .rf-app .rf-nav .rf-btn { padding: 6px 6px; margin: 2px; font-size: 17px; }
  .rf-app .rf-nav .widget-toggle-buttons .widget-toggle-button { min-width: 48px; }
  /* the title takes the rest of the first row, so the screens, Dark and A+ always start the second together */
  .rf-app .rf-nav .rf-game-title { flex: 1 1 calc(100% - 160px); min-width: 0; }
}
/* the phone: the bar in two rows, at a size A+ does not change: ⌂ and the game's screens in the first (nine
   controls of 44 px do not fit 390 px in one), the game's title, Dark and A+ in the second */
@media (max-width: 600px) {
  .rf-app { padding: 4px; }
  /* the page's own frame gives its 20 px back to the screens */
  body:has(.rf-app) #rendered_cells { padding-left: 0 !important; padding-right: 0 !important; }
  body:has(.rf-app) .jp-OutputArea-output:has(.rf-app) { margin-left: 0 !important; margin-right: 0 !important; }
  body:has(.rf-app) .jp-Cell:has(.rf-app) { padding-left: 0 !important; padding-right: 0 !important; }
  .rf-app .rf-nav { flex-wrap: wrap; padding: 3px; row-gap: 2px; }
  .rf-nav .widget-toggle-buttons { flex-wrap: nowrap; flex: 1 1 calc(100% - 52px); min-width: 0; order: 1; }
  .rf-app .rf-nav .rf-home { order: 0; }
  .rf-app .rf-nav .rf-game-title { order: 2; flex: 1 1 120px; min-width: 0; margin: 0; }
  .rf-app .rf-nav .rf-dark-toggle { order: 3; }
  .rf-app .rf-nav .rf-large-toggle { order: 4; }
  .rf-app .rf-nav .rf-address { order: 5; }  /* (an empty box with its margins: after the bar's controls, as in a row) */
  .rf-app .rf-nav .widget-toggle-button, .rf-app .rf-nav .rf-btn {
    font-size: 13px; padding: 0 3px; margin: 1px; min-width: 44px; flex: 1 1 auto; }
  .rf-app .rf-nav .rf-dark-toggle { min-width: 46px; }
  .rf-app .rf-nav .rf-large-toggle { min-width: 44px; }
  /* the first row: the screens' buttons side by side, the shelf's button as its sign alone */
  .rf-nav .widget-toggle-buttons > div { display: flex; flex-wrap: wrap; width: 100%; }  /* a game of long names: two rows */
  .rf-app .rf-nav .widget-toggle-button { font-size: 13px; padding: 0 2px; margin: 0; }
  .rf-app .rf-nav .rf-btn { margin: 0 1px; flex: 0 0 auto; padding: 0 4px; }
  /* each screen's button at least as wide as its longest word ("Scorepad"), never cut */
  .rf-nav .widget-toggle-buttons .widget-toggle-button { flex: 1 0 min-content; min-width: 44px; overflow-wrap: normal; }
  .rf-app .rf-nav .rf-home { font-size: 0; flex: 0 0 44px; }
  .rf-app .rf-nav .rf-home::before { content: "⌂"; font-size: 24px; }
  /* the Rules screen's button as its sign alone ("?"), so every game's screens keep the first row (each button names
     its option in data-value, whatever its title) */
  .rf-nav .widget-toggle-buttons .widget-toggle-button[data-value="Rules"] { font-size: 0; flex: 0 0 44px; }
  .rf-nav .widget-toggle-buttons .widget-toggle-button[data-value="Rules"]::before { content: "?"; font-size: 20px; font-weight: 700; }
  .rf-side { min-width: 0; }
  /* a screen's chips (the World's tile counts, the Game's First Player, Trophies, Bank) wrap: none is cut, nothing scrolls sideways */
  .rf-app .rf-left { display: flex; flex-wrap: wrap; gap: 2px 4px; }
  .rf-app .rf-left .rf-chip { margin: 0; padding: 2px 8px; font-size: .9em; max-width: 100%; box-sizing: border-box; }
  /* the World's tile counts take two lines on a phone: their place keeps two, even empty (no World begun) */
  .rf-app .rf-status .rf-left { min-height: calc(2.6em + 12px); }
  .rf-game-name { font-size: .85em; }
  .rf-app .rf-screen > .widget-html, .rf-app .rf-screen > .widget-html > .widget-html-content,
  .rf-app .rf-screen-part > .widget-html, .rf-app .rf-screen-part > .widget-html > .widget-html-content { min-width: 0; max-width: 100%; }
  .rf-board-box { min-width: 0; flex-basis: 100%; }
  /* nothing wider than the phone: a wide table or picture scrolls inside its own box, never the page sideways */
  .rf-app { max-width: 100vw; box-sizing: border-box; }
  .rf-app .widget-box, .rf-app .widget-vbox, .rf-app .widget-hbox, .rf-app .widget-html { max-width: 100%; min-width: 0; }
  .rf-app .widget-html > .widget-html-content { max-width: 100%; overflow-x: auto; }
  .rf-app .widget-inline-hbox input[type=text], .rf-app .widget-inline-hbox input[type=number],
  .rf-app .widget-inline-hbox select { min-width: 0; }
  .rf-app .widget-text, .rf-app .widget-dropdown, .rf-app .widget-inline-hbox { max-width: 100% !important; }
}
/* a game's list of games: each game on its line, its Open at the end */
.rf-games-row { align-items: center; gap: 8px; flex-wrap: nowrap !important; flex: 0 0 auto; }
/* the list keeps its room: three rows, more scroll inside it, so a game started (its row on top) or the first game
   moves nothing below the list (Yes to New game pushed what was below 54–174 px) */
.rf-app .rf-games-rows { height: 9.6em; min-height: 9.6em; max-height: 9.6em; overflow-y: auto; flex-wrap: nowrap !important; box-sizing: border-box; }
.rf-games-row > .widget-html { flex: 1 1 auto; min-width: 0; }
.rf-games-when { font-size: .9em; opacity: .85; }
.rf-app .rf-games-open { flex: 0 0 auto; width: auto; }
/* a game's drawn picture (Fall of the Mountain King's Honour track and board, 1989's leader board)
   is as wide as the screen at most, drawn smaller on a phone rather than cut */
.rf-app .mk-screen .widget-html-content svg[viewBox], .rf-app .rf89 .widget-html-content svg[viewBox] { max-width: 100%; height: auto; }
.rf-app .mk-screen .widget-html, .rf-app .mk-screen .widget-html-content, .rf-app .rf89 .widget-html,
.rf-app .rf89 .widget-html-content { min-width: 0; max-width: 100%; }
/* ... and on a tablet as tall as the screen at most, seen whole at once (the Honour track was 786 px tall on a
   768 px screen: its last row and its numbers under the fold) */
@media (min-width: 601px) {
  .rf-app .mk-screen .widget-html-content svg[viewBox], .rf-app .rf89 .widget-html-content svg[viewBox] {
    width: auto; max-height: calc(100vh - 24px); } }
/* ... but never so small that its words are under 12 px: on a phone it keeps the size it is drawn at and
   scrolls sideways in its own box (the words of a picture are read, not guessed) */
@media (max-width: 600px) {
  .rf-app .mk-screen .widget-html-content svg[viewBox], .rf-app .rf89 .widget-html-content svg[viewBox] { max-width: none; }
  .rf-app .mk-screen .widget-html-content:has(svg[viewBox]), .rf-app .rf89 .widget-html-content:has(svg[viewBox]) {
    overflow-x: auto; } }
/* Fall of the Mountain King's Board screen: the players' names take the row beside New game (their
   hint is read whole on an upright tablet), and each Domain's Gates box starts where the others do */
.rf-app .mk-names-row { flex-wrap: wrap; gap: 4px; }
.rf-app .mk-names-row > .mk-names { flex: 1 1 18em; min-width: 0; }
.rf-app .mk-board-row { flex-wrap: wrap; align-items: flex-end; gap: 4px 8px; }
.rf-app .mk-board-row > .mk-count { flex: 0 0 calc(150px + 3.6em); }
.rf-app .mk-board-row > .mk-gates { flex: 1 1 12em; min-width: 0; max-width: 24em; margin-bottom: 6px; }
/* Fall of the Mountain King: rows of taps (Elders, Halls, Votes, cavern chips) wrap; the walk's picture
   stays beside its buttons on a tablet, under them on a phone */
.rf-app .mk-row, .rf-app .mk-chips, .rf-app .mk-fast-row, .rf-app .mk-falls, .rf-app .mk-consolations,
.rf-app .mk-influence-box { flex-wrap: wrap; gap: 4px; }
.rf-app .mk-chips .rf-btn, .rf-app .mk-row .rf-btn { min-width: 44px; width: auto; }
/* a Great Hall's or a player's row starts its buttons where every other row does: "H1" becoming "H1=12" pushed the
   row's buttons 35 px aside under a finger correcting it (the next tap took 4 for 8), and each player's Elders
   wrapped after another button */
.rf-app .mk-row > .mk-row-label { flex: 0 0 5.5em; min-width: 0; overflow-wrap: anywhere; }
.rf-app .mk-walk-picture { position: sticky; top: 0; }
/* the walk's "Nobody controls the rest of …" on a line of its own, its room kept where a cavern does not offer it */
.rf-app .mk-fast-row .mk-rest, .rf-app .mk-fast-row .mk-rest-room { flex: 1 1 100%; }
/* 1989's paper chart keeps its columns: wider than a phone, it scrolls sideways in its own box */
.rf-app .rf89 .rf89-sheet { max-width: 100%; overflow-x: auto; }
/* ... and its room: a turn recorded or undone moves nothing under the finger; the newest turns in sight
   (a box that starts at its bottom), the first ones a scroll up */
.rf-app .rf89 .rf89-sheet-box > .widget-html-content { display: flex; flex-direction: column-reverse; height: 14.5em;
  overflow: auto; }
/* in that box the box scrolls both ways (its sheet does not), so the columns' headings stay in sight at its top */
.rf-app .rf89 .rf89-sheet-box .rf89-sheet { flex: 0 0 auto; margin-bottom: auto; max-width: none; overflow: visible; }
.rf-app .rf89 .rf89-sheet-box table.rf89-chart thead th { position: sticky; top: 0; z-index: 1; background: #fffaf0;
  box-shadow: 0 -6px 0 #fffaf0; }  /* (the rows scrolled under it hidden to the box's edge) */
.rf-app.rf-dark .rf89 .rf89-sheet-box table.rf89-chart thead th { background: #2a2418; box-shadow: 0 -6px 0 #2a2418; }
/* Rise!: what the player is asked to tap has the room of its longest sentence, so choosing an action moves
   nothing below it */
.rf-app .rise-prompt { min-height: 4.2em; }
/* ... and the turn's line the room of two: the winner's line at the end has two (the actions moved down 39 px) */
.rf-app .rise-screen .rf-turn { min-height: 2.7em; }
.rf-app .rise-screen .rf-turn .rf-badge { padding: 0 10px; }
/* a phrase said whole: a line wraps before it, not inside it ("action 1 of / 2" with A+) */
.rf-app .rf-keep { white-space: nowrap; }
/* Rise! on an upright tablet: the board and the buttons side by side, as on the tablet held sideways (below the
   board, the buttons were off the screen and a tap's answer 366 px from the finger) */
@media (min-width: 601px) and (max-width: 900px) {
  .rf-app .rise-screen { flex-wrap: nowrap; }
  .rf-app .rise-screen > .rf-board-box { flex: 1 1 auto; min-width: 0; }
  .rf-app .rise-screen > .rf-side { flex: 0 0 280px; min-width: 280px; }
  /* the status keeps the room of its longest lines at this width: nothing under it moves as a turn passes */
  .rf-app .rise-screen .rise-prompt { min-height: 5.4em; }
  .rf-app .rise-screen .rise-supply { min-height: 4.05em; }
}
/* 1989: the row of Quit (a nation with a turn) or Come back keeps a button's room when neither is offered */
.rf-app .rf89 .rf89-quit-row { min-height: 52px; }
/* ... and Phase 1's sentence the room of two lines, so the turn after the first, which has one, moves nothing below */
.rf-app .rf89 .rf89-phase1 { min-height: 2.8em; }
/* Fall of the Mountain King: the walk's question keeps two lines (three on a phone) whichever cavern it names */
.rf-app .mk-walk { min-height: 2.9em; }
/* ... and its Enter button the width of the longest cavern's name ("Enter Granite 4"): Empty and Overrun stay put */
.rf-app .mk-enter-row .mk-enter { min-width: 10.5em; }
/* on a phone the walk's picture comes first, above the End of the Wave's steps and the walk's buttons (whose
   height changes step by step), and the game's line (Wave, step) keeps two lines */
@media (max-width: 600px) { .rf-app .mk-walk { min-height: 4.3em; }
  .rf-app .mk-walk-picture { order: -1; position: static; }
  .rf-app .mk-fast-row .mk-rest, .rf-app .mk-fast-row .mk-rest-room, .rf-app .mk-before-row .rf-btn { min-height: calc(2.7em + 24px); }
  .rf-app .mk-status-box .mk-status { min-height: 2.9em; } }
/* a finger's width even where the phone lets its boxes shrink (its First turn box: "1") */
.rf-app .rf89 input, .rf-app .rf89 .widget-inline-hbox input[type=number] { min-width: 44px; }
/* a field's label never touches the field before it ("0 ▾Refund %"): a gap between the fields of a row */
.rf-app .rf89 .rf89-fields { column-gap: 18px; }
/* a number field's box holds its field whole, the field's own margins included (it never scrolls sideways) */
.rf-app .rf-number > .widget-inline-hbox { max-width: calc(100% - 4px) !important; min-width: 0; }
/* 1989's new revolt area: its name, its value's buttons and Add wrap on a narrow phone, never scroll sideways */
.rf-app .rf89 .rf89-r-new { flex-wrap: wrap; }
.rf-app .rf89 .rf89-r-new > .widget-inline-hbox { max-width: calc(100% - 4px) !important; min-width: 0; }
/* dark: light text on dark panels, the same contrasts */
.rf-app.rf-dark { background: #15191d; color: #e8e8e8; }
body:has(.rf-app.rf-dark), body:has(.rf-app.rf-dark) #rendered_cells { background: #15191d; }
.rf-app.rf-dark .rf-btn, .rf-app.rf-dark .widget-toggle-button, .rf-app.rf-dark .jupyter-button { background: #2c343b; color: #f0f0f0; border-color: #46525c; }
.rf-app.rf-dark .widget-toggle-button.mod-active { background: #f2c12e; color: #111111; }
.rf-app.rf-dark .jupyter-button.mod-success, .rf-app.rf-dark .rf-btn.mod-success { background: #2e7d32; color: #ffffff; }
.rf-app.rf-dark .widget-html-content, .rf-app.rf-dark .widget-label, .rf-app.rf-dark label { color: #e8e8e8; }
.rf-app.rf-dark input, .rf-app.rf-dark select, .rf-app.rf-dark textarea { background-color: #222a30; color: #eeeeee; border-color: #46525c; }
/* a tick box drawn dark in the dark (the browser's own is a white square), its tick still blue */
.rf-app.rf-dark input[type=checkbox] { color-scheme: dark; }
/* a box's hint (the players' names, the table's dice) read in the dark as in the light */
.rf-app.rf-dark input::placeholder, .rf-app.rf-dark textarea::placeholder { color: #a9b3bb; opacity: 1; }
/* 1989's paper chart, its links and dice on dark paper */
.rf-app.rf-dark .rf89 table.rf89-chart, .rf-app.rf-dark .rf89 table, .rf-app.rf-dark .rf89 a.rf89-link, .rf-app.rf-dark .rf89 .rf89-die {
  background: #2a2418; color: #f3ead3; border-color: #7a6a4a; }
.rf-app.rf-dark .rf89 table.rf89-chart th, .rf-app.rf-dark .rf89 .rf89-sheet-title { color: #ffb4a8; }
.rf-app.rf-dark .rf89 table.rf89-chart th, .rf-app.rf-dark .rf89 table.rf89-chart td { border-color: #6a5a3a; }
.rf-app.rf-dark .rf89 .rf89-link-off { color: #f3ead3; border-color: #7a6a4a; }
.rf-app.rf-dark .rf89 .rf89-die.rf89-hit { background: #b83a3a; color: #ffffff; }
/* 1989's leader board drawn on the same dark paper as its chart: its ink and its goal line light */
.rf-app.rf-dark .rf89-leaders svg > rect:first-child { fill: #2a2418; }
.rf-app.rf-dark .rf89-leaders svg text[fill="#3b2a12"] { fill: #f3ead3; }
.rf-app.rf-dark .rf89-leaders svg line[stroke="#3b2a12"] { stroke: #f3ead3; }
.rf-app.rf-dark .rf89-leaders svg text[fill="#8b1a1a"] { fill: #ffb4a8; }
.rf-app.rf-dark .rf89-leaders svg line[stroke="#8b1a1a"] { stroke: #ffb4a8; }
/* a drop-down keeps its arrow in the dark, drawn light (the widgets' own arrow is dark) */
.rf-app.rf-dark .widget-dropdown select, .rf-app.rf-dark select:not([multiple]):not([size]) {
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'%3E%3Cpath d='M5 7.5h10L10 13z' fill='%23eeeeee'/%3E%3C/svg%3E");
  background-repeat: no-repeat; background-position: right 4px center; background-size: 20px; padding-right: 26px; }
/* a chosen line of a list (the Trophies, the Tale Trophies) stands out in the dark, never a light bar */
.rf-app.rf-dark select option:checked { background: linear-gradient(#3d6b8f, #3d6b8f); color: #ffffff; }
.rf-app.rf-dark .rf-chip { background: rgba(255,255,255,.08); }
.rf-app.rf-dark .lm-TabBar-tab, .rf-app.rf-dark .jupyter-widget-Collapse-header { background: #2c343b; color: #eeeeee; }
.rf-app.rf-dark .jupyter-widget-Collapse-contents { background: #1b2126; border-color: #46525c; }
.rf-app.rf-dark .rf-msg-error { background: #3b1416; color: #ffcdd2; border-left-color: #ef5350; }
.rf-app.rf-dark .rf-msg-info { background: #12301a; color: #c8f0cc; border-left-color: #66bb6a; }
.rf-app.rf-dark .rf-msg-warning { background: #3a2e08; color: #ffe8a3; border-left-color: #f9a825; }
/* History's remove question and its answer: a row of their own, the buttons below, never over the words */
.rf-app .rf-history-removing .rf-history-question, .rf-app .rf-history-removing .rf-history-said { flex: 1 1 100%; min-width: 0; margin: 0 0 4px; }
.rf-app.rf-dark .rf-civ { background: rgba(255,255,255,.06); }
.rf-app.rf-dark .rf-state-label, .rf-app.rf-dark .rf-piece-count small { color: #c8c8c8; }
.rf-app.rf-dark .rf-card { background: #2a3137; color: #f0f0f0; }
.rf-app.rf-dark .rf-trophy { background: #4a3c0c; color: #fbe9a8; }
.rf-app.rf-dark .rf-acts { background: #f2c12e; color: #111; }
.rf-app.rf-dark .rf-scorepad td, .rf-app.rf-dark .rf-scorepad th { border-color: #5a6670; }
.rf-app.rf-dark .rf-scorepad .rf-crossed { color: #a8a8a8; }
.rf-app.rf-dark .rf-lib-row { border-bottom-color: rgba(255,255,255,.12); }
.rf-app.rf-dark .rf-key-letter { background: #e8e8e8; color: #15191d; }
/* a game's picture (shelf, History) on the dark theme's board colour, not a light box */
.rf-app.rf-dark .rf-history-picture svg > rect:first-child, .rf-app.rf-dark .rf-shelf-picture svg > rect:first-child { fill: #1d2228; }
/* the pictures' dark words (the legend) turn light with their background */
.rf-app.rf-dark .rf-history-picture svg text[fill="#222222"], .rf-app.rf-dark .rf-shelf-picture svg text[fill="#222222"] { fill: #e8e8e8; }
</style>
"""
