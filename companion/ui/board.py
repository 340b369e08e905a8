"""The board: a Scene on an ipycanvas, sharp on 2x screens, with tap, pan and zoom.

A finger tap fires only touch events (ipycanvas >= 0.14.3) and a mouse click only mouse
events; both end in one ``on_tap(x, y)`` in scene pixels. One finger or the mouse drags
the board; two fingers pinch to zoom; the wheel zooms too. The canvas is drawn in
``on_client_ready`` (drawing before the page is there is lost in Voilà) and whenever the
scene changes; the whole render list is computed before any drawing so an error can never
leave the canvas stuck in caching mode.

A finger is about 40 CSS pixels wide. When neighbouring Spaces are drawn closer than that,
the first tap zooms smoothly about the finger until they are :data:`FINGER` apart and the
second tap chooses. The page reports how wide the canvas is drawn (:data:`MEASURE_JS`, which
the board carries itself, writes it into a hidden text box), so the board knows CSS pixels, not
only buffer pixels, in every page that shows it: the table's template, plain Voilà, JupyterLab.
"""

from __future__ import annotations

import asyncio
import html
import json
import logging
import math
import weakref
from typing import Callable

import ipywidgets as W
import numpy as np
from ipycanvas import Canvas, hold_canvas

from ..drawing import Scene
from . import viewport
from .render_list import RenderList, prepare, rgb
from .style import Theme
from .widgets import hbox, html_widget, plain_widget, shared, vbox

log = logging.getLogger(__name__)

Bounds = tuple[float, float, float, float]
TAP_SLOP = 14.0  # buffer pixels a finger may wander and still tap
PHONE_CSS = 480.0  # CSS pixels: a board drawn narrower is on a phone's page
FINGER = 40.0  # CSS pixels: Spaces closer than this are zoomed to before a tap chooses
ZOOM_TO = 48.0  # CSS pixels between neighbouring Spaces after a zooming tap
MAX_ZOOM, MIN_ZOOM = 8.0, 0.2
FRAMES = 6  # drawings of a smooth zoom
FRAME_S = 0.03
DARK_BACKGROUND = "#1d2228"
_BOARDS: weakref.WeakSet = weakref.WeakSet()  # every board of this kernel, for the theme

#: The page's side of the board's width: run by each page that shows the board (an image that
#: fails to load at once, in an HTML widget beside the canvas: ipywidgets' HTML runs no script,
#: but any page runs an image's onerror). It watches the canvas with a ResizeObserver and writes
#: the width it is drawn at (CSS pixels) into the hidden text box ``.rf-board-css``, which sends
#: it to the kernel, with the height left below the canvas's top when the page is at its top (the
#: room a board that keeps within the screen takes: :attr:`Board.within_screen`). Views made again
#: (a reload in JupyterLab, the tools moved) run it again. Before each tap it sends the question the board was
#: drawn for (``seen``); a second tap within ``HURRY`` ms at the same point, on the next question drawn since the
#: first, was aimed at the first question and is sent as such, so the kernel refuses it: nobody reads a new
#: question that fast. (One line once joined: no ``//`` comment in it.)
MEASURE_JS = """(function (probe) {
  var tries = 0, HURRY = 300, NEAR = 24;
  function start() {
    var wrap = probe.closest('.rf-board-wrap');
    var canvas = wrap && wrap.querySelector('canvas.rf-board');
    var box = wrap && wrap.querySelector('.rf-board-css input');
    if (!canvas || !box) { if (++tries < 600) setTimeout(start, 50); return; }
    function tell() {
      if (!probe.isConnected) { seen.disconnect(); clearInterval(every); window.removeEventListener('resize', tell); return; }
      var r = canvas.getBoundingClientRect();
      var w = Math.round(r.width);
      if (!(w > 0) || !canvas.offsetParent) return;
      var top = r.top;
      for (var e = canvas.parentElement; e; e = e.parentElement) top += e.scrollTop;
      var room = Math.floor(window.innerHeight - top - 12);
      var said = w + ' ' + room;
      if (box.value !== said) { box.value = said; box.dispatchEvent(new Event('input', {bubbles: true})); }
    }
    var seen = new ResizeObserver(tell);
    seen.observe(canvas);
    var every = setInterval(tell, 500);
    window.addEventListener('resize', tell);
    var asked = wrap.querySelector('.rf-board-seen input'), meta = wrap.querySelector('.rf-board-meta');
    var aimed = null;
    function stamp(ev) {
      if (!asked || !meta) return;
      var q; try { q = JSON.parse(meta.textContent || '{}').question; } catch (e) { return; }
      if (q === undefined || q === null) return;
      var p = ev.touches && ev.touches[0] ? ev.touches[0] : ev, now = Date.now();
      if (aimed && String(q) !== aimed.q && now - aimed.at <= HURRY && Math.hypot(p.clientX - aimed.x, p.clientY - aimed.y) <= NEAR) {
        q = aimed.q;
      } else {
        aimed = {q: String(q), at: now, x: p.clientX, y: p.clientY};
      }
      if (asked.value === String(q)) return;
      asked.value = String(q); asked.dispatchEvent(new Event('input', {bubbles: true}));
    }
    ['touchstart', 'mousedown'].forEach(function (t) { wrap.addEventListener(t, stamp, true); });
  }
  start();
})(this)"""
MEASURE_HTML = f'<img src="data:," alt="" hidden onerror="{html.escape(" ".join(MEASURE_JS.split()), quote=True)}">'


def answering_the_page() -> bool:
    """Whether the kernel is answering a message from the page's widgets now (a tap, a typed
    value): every widget it makes meanwhile is made in that page, in order, before what follows."""
    try:
        from ipykernel.kernelbase import Kernel

        if not Kernel.initialized():
            return False
        parent = Kernel.instance().get_parent("shell")
    except Exception:  # no kernel (tests, the command line), or another one
        return False
    return isinstance(parent, dict) and parent.get("header", {}).get("msg_type") == "comm_msg"


class Board:
    dark = Theme.dark  # the dark theme: every board is drawn on a dark background

    @classmethod
    def set_dark(cls, dark: bool) -> None:
        """Switch every board of this kernel to the dark (or light) background; a board is drawn again only when
        the theme changes (every page's settings are applied as it opens: its boards were drawn in them already)."""
        changed = cls.dark != dark
        cls.dark = Theme.dark = dark
        if not changed:
            return
        for b in list(_BOARDS):
            if b.scene is not None:
                b.redraw()

    def __init__(self, width: int = 760, height: int = 600, dpr: int = 2, report: Callable[[str], None] | None = None,
                 space: float | None = None) -> None:
        self.width, self.height, self.dpr = width, height, dpr
        #: scene pixels between the centres of neighbouring Spaces (None: taps never zoom)
        self.space = space
        #: CSS pixels the canvas is drawn wide, as the page reports it (None: not known yet)
        self.css_width: float | None = None
        self.user_view = False  # the players zoomed or panned: a redraw keeps their view
        #: CSS pixels between neighbouring Spaces after a zooming tap
        self.zoom_to = ZOOM_TO
        self.canvas = Canvas(
            width=width * dpr,
            height=height * dpr,
            layout=W.Layout(width="100%", max_width=f"{width}px", height="auto"),
            _dom_classes=("rf-board",),
        )
        # where the board is panned and zoomed, for tools that tap on Spaces (browser tests)
        self.meta = html_widget(layout=W.Layout(display="none"), _dom_classes=("rf-board-meta",))
        self.css_box = plain_widget(W.Text, value="", layout=W.Layout(display="none"), _dom_classes=("rf-board-css",))
        self.css_box.observe(self._css_reported, "value")
        #: what the board's taps answer now (a game's point), given by its screen: drawn into the page with the
        #: board, and sent back by the page before each finger's tap (``seen``), so a tap made on a drawing of
        #: another question is refused (``on_stale``) instead of answering the new one (None: not asked)
        self.question: Callable[[], object] | None = None
        self.on_stale: Callable[[], None] | None = None
        self.seen = plain_widget(W.Text, value="", layout=W.Layout(display="none"), _dom_classes=("rf-board-seen",))
        self.measure = measure_probe()
        self.zoom_out = self._tool("−", lambda: self.zoom_by(1 / 1.25), "rf-zoom-out", "Zoom out")
        self.zoom_in = self._tool("+", lambda: self.zoom_by(1.25), "rf-zoom-in", "Zoom in")
        self.fit_btn = self._tool("Fit", self.fit_view, "rf-fit", "Show the whole World")
        self.zoom_bar = hbox([self.zoom_out, self.zoom_in, self.fit_btn], _dom_classes=("rf-zoom-bar",))
        self.legend = html_widget(_dom_classes=("rf-legend",))
        self.widget = vbox([self.zoom_bar, self.canvas, self.legend, self.meta, self.css_box, self.seen, self.measure],
                             _dom_classes=("rf-board-wrap",))
        self.scene: Scene | None = None
        self.frame: Bounds | None = None
        self.zoom = 1.0
        self.tx = 0.0
        self.ty = 0.0
        self.on_tap: Callable[[float, float], None] | None = None
        self.room = 16.0  # scene pixels kept free around the scene when fitting
        #: the tallest the board may be if it keeps within the screen below its top: it is made shorter
        #: (never taller) to fit the room the page reports (0: it keeps the height it was made with)
        self.within_screen = 0
        self.fit_zoom = 1.6  # the most Fit magnifies (CSS pixels per scene pixel)
        self.report = report or (lambda msg: None)
        self.draws = 0
        self._drawn: tuple | None = None  # what the last whole drawing was made from (:meth:`_drawing`)
        self._press: tuple[float, float] | None = None
        self._last: tuple[float, float] | None = None
        self._dragging = False
        self._pinch: tuple[float, float, float, float] | None = None  # distance, zoom, mid x, mid y
        c = self.canvas
        _BOARDS.add(self)
        # a board made while the kernel answers the page (a tap that opens a screen) is made in
        # the page at once, before anything is drawn on it: what is drawn then stays, and the
        # canvas's first "ready" needs no second drawing (a board made while the notebook runs,
        # before its page exists, is drawn when its page is ready)
        self._made_for_the_page = answering_the_page()
        self._kept: bool = False  # drawn since it was made for the page, and its first "ready" not come
        c.on_client_ready(self._guard(self._client_ready))
        c.on_touch_start(self._guard(self._touch_start))
        c.on_touch_move(self._guard(self._touch_move))
        c.on_touch_end(self._guard(self._touch_end))
        c.on_touch_cancel(self._guard(self._touch_cancel))
        c.on_mouse_down(self._guard(self._mouse_down))
        c.on_mouse_move(self._guard(self._mouse_move))
        c.on_mouse_up(self._guard(self._mouse_up))
        c.on_mouse_out(self._guard(self._mouse_out))
        c.on_mouse_wheel(self._guard(self._wheel))

    # --- error boundary -----------------------------------------------------------------
    def _guard(self, fn: Callable) -> Callable:
        def wrapped(*args, **kw):
            try:
                return fn(*args, **kw)
            except Exception as e:  # callbacks' exceptions would vanish: show and log them
                log.exception("board callback failed")
                self.report(f"Something went wrong on the board ({type(e).__name__}: {e}); nothing was changed.")

        return wrapped

    def _tool(self, label: str, fn: Callable[[], None], css: str, tip: str) -> W.Button:
        b = W.Button(description=label, tooltip=tip, layout=shared(W.Layout), style=shared(W.ButtonStyle),
                     _dom_classes=("rf-btn", css))
        b.on_click(lambda _b: self._guard(fn)())
        return b

    def _css_reported(self, change) -> None:
        """The page's measure: ``"width room"`` in CSS pixels (a page of before sends the width alone)."""
        parts = str(change["new"]).split()
        try:
            w = float(parts[0])
            room = float(parts[1]) if len(parts) > 1 else None
        except (IndexError, ValueError):
            return
        if w > 0:
            self.css_width = w
            self._write_meta()
            if self.within_screen and room is not None:
                height = self.height_within(w, room)
                if abs(height - self.height) >= 6:  # a pixel or two of the page's rounding redraws nothing
                    self.resize(height, keep_view=True)

    def height_within(self, css_width: float, room: float) -> int:
        """The board's height (its own pixels) that keeps it within ``room`` CSS pixels below its top,
        drawn ``css_width`` wide: never taller than it was made, never shorter than a third of that. A
        board drawn narrower than :data:`PHONE_CSS` (a phone's page, which scrolls to its board) keeps
        the height it was made with: made shorter it would only be smaller."""
        tallest = self.within_screen
        if css_width < PHONE_CSS:
            return tallest
        per_css = self.width / css_width  # board pixels per CSS pixel
        return int(max(tallest // 3, min(tallest, room * per_css)))

    def tools_apart(self, apart: bool) -> None:
        """Let a screen place the zoom buttons and the legend beside the board (``apart``), or
        keep them above and below the canvas, as every board has them."""
        inside = [self.zoom_bar, self.canvas, self.legend, self.meta, self.css_box, self.measure]
        children = [self.canvas, self.meta, self.css_box, self.measure] if apart else inside
        if list(self.widget.children) != children:
            self.widget.children = children

    def resize(self, height: int, keep_view: bool = False) -> None:
        """A new height for the board (its width stays): a screen that gives the board another
        shape matches it to the World's, so the World fills it. The view is fitted again (but the
        players' own zoom and pan, with ``keep_view``)."""
        if height == self.height:
            return
        self.height = height
        self.canvas.height = height * self.dpr  # this clears the canvas: it is drawn again
        if self.scene is not None:
            if not (keep_view and self.user_view):
                self.fit()
            self.redraw()

    # --- drawing --------------------------------------------------------------------------
    def show(self, scene: Scene, fit: bool = False, frame: Bounds | None = None, placed: Bounds | None = None) -> None:
        """Draw ``scene``. Refit when asked; else the view follows ``frame`` (the part that must
        stay in view, the whole scene by default) as `viewport.follow` says: fitted again when it
        leaves the canvas, or, once the players zoomed or panned by hand, panned to bring ``placed``
        (what was just added, if anything) into view."""
        self.scene = scene
        self.frame = frame or scene.bounds()
        if fit:
            self.fit()
        else:
            size = (self.width * self.dpr, self.height * self.dpr)
            view = viewport.follow(self.frame, placed, (self.k, self.tx, self.ty), *size, self.room, self.fit_zoom * self.dpr,
                                   by_hand=self.user_view)
            if view != (self.k, self.tx, self.ty):
                self.zoom, self.tx, self.ty = view[0] / self.dpr, view[1], view[2]
        if self._drawn is not None and self._drawn == self._drawing():
            self._write_meta()  # the page shows this drawing already (a refresh that changed nothing on the board)
            return
        self.redraw()

    def _drawing(self) -> tuple:
        """What a drawing of the whole board is made from: the scene, the view, the canvas and the look."""
        scene = self.scene or Scene()  # its items as they are now (a scene changed in place is another drawing)
        return (scene.background, tuple(scene.items), self.k, self.tx, self.ty, self.width, self.height, self.dpr,
                self.css_width, Board.dark)

    def fit_view(self) -> None:
        """The Fit button: the whole scene again."""
        self.fit()
        self.redraw()

    def visible(self, bounds: Bounds, margin: float = 0.0) -> bool:
        """Whether ``bounds`` (and ``margin`` around them) lie on the canvas as it is now."""
        x0, y0, x1, y1 = bounds[0] - margin, bounds[1] - margin, bounds[2] + margin, bounds[3] + margin
        bx0, by0 = self.to_buffer(x0, y0)
        bx1, by1 = self.to_buffer(x1, y1)
        return bx0 >= 0 and by0 >= 0 and bx1 <= self.width * self.dpr and by1 <= self.height * self.dpr

    def fit(self, max_zoom: float | None = None) -> None:
        """Show the whole scene (its frame) with ``room`` around it to tap, not magnified past
        ``max_zoom`` (the board's ``fit_zoom`` by default)."""
        if self.scene is None:
            return
        k, self.tx, self.ty = viewport.fit(self.frame or self.scene.bounds(), self.width * self.dpr, self.height * self.dpr,
                                           self.room, (self.fit_zoom if max_zoom is None else max_zoom) * self.dpr)
        self.user_view = False
        self.zoom = k / self.dpr

    @property
    def k(self) -> float:
        return self.zoom * self.dpr

    @property
    def css_per_buffer(self) -> float:
        """CSS pixels per canvas-buffer pixel, as the page draws the canvas now."""
        return (self.css_width or self.width) / (self.width * self.dpr)

    def space_css(self) -> float | None:
        """CSS pixels between neighbouring Spaces at the present zoom (None: no Spaces)."""
        return None if not self.space else self.space * self.k * self.css_per_buffer

    def render_list(self, k: float | None = None, tx: float | None = None, ty: float | None = None) -> RenderList:
        k = self.k if k is None else k
        return prepare(self.scene or Scene(), k, self.tx if tx is None else tx, self.ty if ty is None else ty,
                       text_floor=1 / self.css_per_buffer)

    def _write_meta(self) -> None:
        gap = self.space_css()
        self.meta.value = json.dumps({"k": self.k, "tx": self.tx, "ty": self.ty, "dpr": self.dpr, "css_width": self.css_width,
                                      "space_css": gap, "zoom_first": gap is not None and gap < FINGER and self.zoom < MAX_ZOOM,
                                      **({"question": self._question()} if self.question is not None else {})})

    def _question(self) -> str:
        return str(self.question()) if self.question is not None else ""

    def _client_ready(self) -> None:
        """The canvas is ready in a page: draw it, unless it was drawn for this page already."""
        if self._kept:
            self._kept = False  # a later "ready" is another page's (a reload in JupyterLab): draw it
            return
        self._made_for_the_page = False
        self.redraw()

    def redraw(self, view: tuple[float, float, float] | None = None) -> None:
        """Draw the scene as the board is zoomed now, or at ``view`` (k, tx, ty: a frame of a smooth zoom)."""
        rl = self.render_list(*view) if view else self.render_list()  # everything computed before the canvas holds
        self.draws += 1
        self._drawn = None if view else self._drawing()  # a frame of a zoom is not the board's drawing
        if self._made_for_the_page:
            self._kept, self._made_for_the_page = True, False
        self._write_meta()
        c = self.canvas
        # ipycanvas routes all drawing through one manager that remembers the last canvas
        # drawn on and only sends "switch canvas" when it changes. A new page (a reload, a
        # second tab) starts with no current canvas, so a drawing sent without the switch
        # fails in the browser ("reading 'clearCanvas'") and the board stays blank: always switch.
        c._canvas_manager._current_canvas = None
        with hold_canvas():
            c.clear()
            c.fill_style = DARK_BACKGROUND if Board.dark else rl.background
            c.fill_rect(0, 0, c.width, c.height)
            if rl.fills is not None:
                b = rl.fills
                c.fill_styled_polygons(b.points, b.colours, b.alphas, points_per_polygon=b.counts)
            c.line_join = "round"
            c.line_cap = "round"
            for width, b in rl.strokes.items():
                c.line_width = width
                c.stroke_styled_polygons(b.points, b.colours, 1, points_per_polygon=b.counts)
            for width, b in rl.lines.items():
                c.line_width = width
                c.stroke_styled_line_segments(b.points, b.colours, 1, points_per_line_segment=b.counts)
            for x, y, r, col in rl.circles:
                c.fill_styled_circles(x, y, r, col)
            for x, y, r, col, w in rl.circle_strokes:
                c.line_width = w
                c.stroke_styled_circles(x, y, r, col)
            if rl.boxes:
                c.fill_styled_rects(np.array([b[0] for b in rl.boxes]), np.array([b[1] for b in rl.boxes]),
                                    np.array([b[2] for b in rl.boxes]), np.array([b[3] for b in rl.boxes]),
                                    np.array([rgb(b[4]) for b in rl.boxes], dtype=int))
            c.text_align = "center"
            for x, y, text, size, colour, bold in rl.texts:
                c.font = f"{'bold ' if bold else ''}{size:.0f}px sans-serif"
                c.fill_style = colour
                c.fill_text(text, x, y)

    # --- coordinates ----------------------------------------------------------------------
    def to_scene(self, bx: float, by: float) -> tuple[float, float]:
        """Canvas-buffer pixels (what ipycanvas events give) to scene pixels."""
        return ((bx - self.tx) / self.k, (by - self.ty) / self.k)

    def to_buffer(self, sx: float, sy: float) -> tuple[float, float]:
        return (sx * self.k + self.tx, sy * self.k + self.ty)

    def zoom_by(self, factor: float, bx: float | None = None, by: float | None = None, smooth: bool = False) -> None:
        """Zoom about a buffer point (the board's centre by default); that point stays put."""
        bx = self.width * self.dpr / 2 if bx is None else bx
        by = self.height * self.dpr / 2 if by is None else by
        sx, sy = self.to_scene(bx, by)
        start = (self.k, self.tx, self.ty)
        self.zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        self.tx = bx - sx * self.k
        self.ty = by - sy * self.k
        self.user_view = True
        if smooth:
            self._animate(start, bx, by, sx, sy)
        else:
            self.redraw()

    def _animate(self, start: tuple[float, float, float], bx: float, by: float, sx: float, sy: float) -> None:
        """Draw a few frames from ``start`` to the present view. The board's state is already the
        end of the zoom, so a tap during the frames lands where the player sees the end."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no kernel loop (a script, a test): go straight to the end
            self.redraw()
            return
        k0, k1 = start[0], self.k
        frames = []
        for n in range(1, FRAMES):
            k = k0 * (k1 / k0) ** (n / FRAMES)  # geometric: the zoom feels even
            frames.append((k, bx - sx * k, by - sy * k))
        for n, view in enumerate(frames):
            loop.call_later(n * FRAME_S, self._guard(self.redraw), view)
        loop.call_later(FRAMES * FRAME_S, self._guard(self.redraw))

    def look_at(self, bounds: Bounds) -> None:
        """Bring ``bounds`` (scene pixels) into view so that a tap there chooses: zoomed in about
        their middle when the Spaces are smaller than a finger, moved to the middle when they are
        off the board, left as they are otherwise."""
        if self.scene is None:
            return
        gap = self.space_css()
        small = gap is not None and gap < FINGER and self.zoom < MAX_ZOOM
        if not small and self.visible(bounds):
            return
        start = (self.k, self.tx, self.ty)
        if small:
            self.zoom = min(MAX_ZOOM, self.zoom * self.zoom_to / gap)
        cx, cy = (bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2
        bx, by = self.width * self.dpr / 2, self.height * self.dpr / 2
        self.tx, self.ty = bx - cx * self.k, by - cy * self.k
        self.user_view = True
        if (self.k, self.tx, self.ty) != start:
            self.redraw()

    def tap(self, bx: float, by: float) -> None:
        """A tap chooses, unless the Spaces are smaller than a finger: then it zooms there first."""
        gap = self.space_css()
        if gap is not None and gap < FINGER and self.zoom < MAX_ZOOM:
            self.zoom_by(self.zoom_to / gap, bx, by, smooth=True)
            return
        if self.question is not None and self.seen.value and self.seen.value != self._question():
            if self.on_stale:  # the finger was on a drawing of another question: nothing is done
                self.on_stale()
            return
        if self.on_tap:
            self.on_tap(*self.to_scene(bx, by))

    # --- touch ------------------------------------------------------------------------------
    @staticmethod
    def _xy(touches) -> list[tuple[float, float]]:
        out = []
        for t in touches or []:
            if isinstance(t, dict):
                out.append((float(t.get("x", 0)), float(t.get("y", 0))))
            else:
                out.append((float(t[0]), float(t[1])))
        return out

    def _touch_start(self, touches) -> None:
        pts = self._xy(touches)
        if len(pts) == 1 and self._pinch is None:
            self._press = self._last = pts[0]
            self._dragging = False
        elif len(pts) >= 2:
            (x1, y1), (x2, y2) = pts[0], pts[1]
            self._press = None  # two fingers never tap
            self._pinch = (math.hypot(x2 - x1, y2 - y1), self.zoom, (x1 + x2) / 2, (y1 + y2) / 2)

    def _touch_move(self, touches) -> None:
        pts = self._xy(touches)
        if self._pinch and len(pts) >= 2:
            (x1, y1), (x2, y2) = pts[0], pts[1]
            d0, z0, mx, my = self._pinch
            d = math.hypot(x2 - x1, y2 - y1)
            if d0 > 0:
                self.zoom_by((z0 * d / d0) / self.zoom, mx, my)
        elif len(pts) == 1 and self._last is not None:
            self._drag_to(pts[0])

    def _touch_end(self, touches) -> None:
        remaining = self._xy(touches)
        if self._pinch is not None:
            if not remaining:
                self._pinch = None
            return
        if not remaining and self._press is not None and not self._dragging:
            self.tap(*self._press)
        if not remaining:
            self._press = self._last = None
            self._dragging = False

    def _touch_cancel(self, touches) -> None:
        self._press = self._last = None
        self._pinch = None
        self._dragging = False

    # --- mouse ------------------------------------------------------------------------------
    def _mouse_down(self, x: float, y: float) -> None:
        self._press = self._last = (x, y)
        self._dragging = False

    def _mouse_move(self, x: float, y: float) -> None:
        if self._last is not None:
            self._drag_to((x, y))

    def _mouse_up(self, x: float, y: float) -> None:
        if self._press is not None and not self._dragging:
            self.tap(*self._press)
        self._press = self._last = None
        self._dragging = False

    def _mouse_out(self, x: float, y: float) -> None:
        self._press = self._last = None
        self._dragging = False

    def _wheel(self, dx: float, dy: float) -> None:
        """ipycanvas passes the wheel's deltas; zoom about the board's centre."""
        if dy:
            self.zoom_by(0.9 if dy > 0 else 1 / 0.9)

    def _drag_to(self, p: tuple[float, float]) -> None:
        assert self._last is not None
        if self._press and not self._dragging and math.hypot(p[0] - self._press[0], p[1] - self._press[1]) < TAP_SLOP:
            return
        self._dragging = True
        self.user_view = True
        self.tx += p[0] - self._last[0]
        self.ty += p[1] - self._last[1]
        self._last = p
        self.redraw()


def measure_probe() -> W.HTML:
    """The page's measure of a board (:data:`MEASURE_HTML`): each board's own widget, as a view
    of it runs its script once, in the board's wrap."""
    return html_widget(MEASURE_HTML, layout=W.Layout(display="none"), _dom_classes=("rf-board-measure",))


def legend_html(entries: list[tuple[str, str]]) -> str:
    """A key for the letters drawn on the board: (letter, what it stands for) pairs."""
    items = "".join(
        f"<span class='rf-key'><span class='rf-key-letter'>{html.escape(k)}</span>{html.escape(v)}</span>" for k, v in entries
    )
    return f"<div class='rf-legend-row'>{items}</div>"
