"""Voilà with a Host header check: ``python -m companion.ui.voila_launch <voila arguments>``.

A page on another site whose name is made to point at this machine (DNS rebinding) could
otherwise drive the dashboard from a player's browser. Voilà turns Jupyter Server's own check
off (``allow_remote_access``), and Jupyter Server's check would refuse the tablet's request to
the machine's LAN address, so the check is put back here with this rule: a Host that is an IP
address is allowed (a rebinding attack always comes under a name), a name only when it is
one of this machine's (``localhost``, its host name and fully qualified name) or one the
user allowed. ``$COMPANION_ALLOWED_HOSTS`` lists the allowed names, comma-separated; ``*``
allows every name.

**Seats.** With the table's token (``make table``), a phone holding only a seat's secret address
(``?game=rise-and-fall&seat=TOKEN``) is let in for that seat's page and nothing else: the page
itself only with its own seat in the address, then its kernel's connection and Voilà's files. It
never gets the table's login cookie; a cookie of its own (signed) carries the seat token to the
kernel's connection, and each request checks the token against the game files again (a seat
given to another phone stops working at once). Kernels accept widget messages only (Voilà's
``allowed_message_types``), so a seat's page cannot run code.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any


def machine_names() -> set[str]:
    """The names under which this machine is reached without any DNS trick."""
    names = {"localhost", "localhost.localdomain"}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names.update({name.lower(), name.lower().split(".")[0], name.lower().split(".")[0] + ".local"})
    return names


def host_allowed(host_header: str, allowed: set[str] | None) -> bool:
    """Whether a request's Host header names this machine (``allowed`` None: any name)."""
    if allowed is None:
        return True
    m = re.match(r"^(.*?)(:\d+)?$", host_header or "")
    host = (m.group(1) if m else host_header).strip().lower().rstrip(".")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return host in allowed


def allowed_from_env() -> set[str] | None:
    value = os.environ.get("COMPANION_ALLOWED_HOSTS", "")
    extra = {h.strip().lower() for h in value.split(",") if h.strip()}
    if "*" in extra:
        return None
    return machine_names() | extra


SEAT_COOKIE = "companion-seat"
#: What a seat's phone may ask for besides its own page: its kernel and Voilà's own files.
SEAT_PATHS = re.compile(r"^/(api/kernels/[0-9a-f-]{36}(/channels)?|voila/query/[0-9a-f-]{36}|voila/api/shutdown/[0-9a-f-]{36}"
                        r"|voila/(static|templates|api/themes)/.*|static/.*|favicon\.ico)$")


def seat_may(path: str, page: bool, asked_seat: str | None, seat: str) -> bool:
    """Whether a phone holding ``seat`` may have ``path``: its own page (``page``: the dashboard's
    address, with ``asked_seat`` its seat argument) or its kernel and Voilà's files."""
    if page:
        return asked_seat == seat
    return bool(SEAT_PATHS.match(path))


#: Seconds a seat token's check is remembered ($COMPANION_SEAT_TTL; 0: every request checks the files).
SEAT_TTL = 2.0


class SeatTokens:
    """Seat tokens checked against the game files, remembered for ``ttl`` seconds (a page load makes
    dozens of requests); ``clock`` gives the time (``time.monotonic``)."""

    def __init__(self, lookup: Callable[[str], bool] | None = None, ttl: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lookup = lookup or _seat_exists
        self.ttl = float(os.environ.get("COMPANION_SEAT_TTL", SEAT_TTL)) if ttl is None else ttl
        self.clock = clock
        self._seen: dict[str, tuple[float, bool]] = {}

    def valid(self, token: str | None) -> bool:
        if not token:
            return False
        now = self.clock()
        hit = self._seen.get(token)
        if hit is None or now - hit[0] > self.ttl:
            hit = (now, bool(self.lookup(token)))
            self._seen[token] = hit
        return hit[1]


def _seat_exists(token: str) -> bool:
    from ..gamelog import GameStore
    from ..games import games
    from ..seats import find_seat

    store = GameStore()
    return any(find_seat(store, token, g.kind(g.seat_kind)) is not None for g in games() if g.seat)


def install_seats() -> None:
    """Let a seat's phone in for its own seat only (see the module's docstring)."""
    from jupyter_server.auth.identity import PasswordIdentityProvider, User

    tokens = SeatTokens()
    table_user = PasswordIdentityProvider.get_user  # Voilà's default identity provider

    async def get_user(self, handler):
        user = table_user(self, handler)
        if hasattr(user, "__await__"):
            user = await user
        if user is not None or not self.auth_enabled:
            return user  # the table's token or cookie: the whole dashboard
        asked = handler.get_query_argument("seat", None) if hasattr(handler, "get_query_argument") else None
        cookie = handler.get_secure_cookie(SEAT_COOKIE)
        seat = asked if tokens.valid(asked) else (cookie.decode() if cookie and tokens.valid(cookie.decode()) else None)
        if seat is None:
            return None
        base = self.parent.base_url if getattr(self, "parent", None) is not None else "/"
        path = "/" + handler.request.path[len(base):].lstrip("/") if handler.request.path.startswith(base) else handler.request.path
        if not seat_may(path, path == "/", asked, seat):
            return None
        if asked == seat:
            handler.set_secure_cookie(SEAT_COOKIE, seat, httponly=True, samesite="Strict")
        return User(username=f"seat-{seat[:6]}", name="A player's seat")

    PasswordIdentityProvider.get_user = get_user


def install() -> None:
    from jupyter_server.base.handlers import JupyterHandler

    install_seats()
    allowed = allowed_from_env()

    def check_host(self) -> bool:
        ok = host_allowed(self.request.host, allowed)
        if not ok:
            self.log.warning("Refused a request for Host %r: not a name of this machine (see --allow-host).", self.request.host)
        return ok

    JupyterHandler.check_host = check_host
    install_xsrf_cookie()
    install_trust()
    install_ping_note_answered()


#: Tornado's note at a page's first connection, which says nothing true of this server: Jupyter Server gives its
#: websockets a ping interval of 30000 and a timeout of 90000 in milliseconds, and pings them itself; Tornado reads
#: the same numbers as seconds (its own pings, every 30000 s, never come) and notes that its timeout is longer than
#: its interval. A page whose pongs stop is still closed by Jupyter Server's own pings (90 s without a pong).
PING_NOTE = "The websocket_ping_timeout ("


def ping_note(record: Any) -> bool:
    """Whether a log record is anything but Tornado's ping note (:data:`PING_NOTE`)."""
    return not str(record.getMessage()).startswith(PING_NOTE)


def install_ping_note_answered() -> None:
    """Keep Tornado's ping note (:data:`PING_NOTE`) out of the terminal; every other line of Tornado's is kept."""
    import logging

    general = logging.getLogger("tornado.general")
    if ping_note not in general.filters:
        general.addFilter(ping_note)


def outputs_stored(nb: Any) -> bool:
    """Whether a notebook holds outputs of an earlier run (what Jupyter's trust guards: HTML and
    scripts written by whoever ran it last, shown as they are)."""
    return any(cell.get("outputs") for cell in nb.get("cells", []) if isinstance(cell, dict))


def install_trust() -> None:
    """Answer Jupyter's trust check for a notebook that holds no outputs.

    Jupyter trusts a notebook's stored outputs (HTML, scripts) only when the notebook carries this
    user's signature; else it warns "Notebook … is not trusted" and shows them as text. Voilà runs
    the notebook and shows what it makes now, never what is stored: for the companion's notebook,
    which ships without outputs, the check guards nothing, yet it warned at every page and every
    preheated kernel. A notebook without outputs is marked trusted without a word; one with
    outputs is checked (and warned about) as Jupyter does."""
    from jupyter_server.services.contents.manager import ContentsManager

    if getattr(ContentsManager.mark_trusted_cells, "companion", False):
        return
    base = ContentsManager.mark_trusted_cells

    def mark_trusted_cells(self, nb, path=""):
        if outputs_stored(nb):
            return base(self, nb, path)
        self.notary.mark_cells(nb, True)

    mark_trusted_cells.companion = True  # type: ignore[attr-defined]
    ContentsManager.mark_trusted_cells = mark_trusted_cells


def install_xsrf_cookie() -> None:
    """Give the dashboard's page the ``_xsrf`` cookie.

    When a page closes (or reloads), Voilà's script posts its kernel's shutdown with the
    ``_xsrf`` cookie's value, but Voilà's page handler never sets that cookie: the post was
    refused and the page's kernel lived on until culled. Reading ``xsrf_token`` sets it.
    """
    from voila.handler import VoilaHandler

    base_prepare = VoilaHandler.prepare

    async def prepare(self, *args, **kwargs):
        await base_prepare(self, *args, **kwargs)
        if self.current_user is not None and self.get_cookie("_xsrf") is None:
            self.xsrf_token  # noqa: B018 - the property sets the cookie

    VoilaHandler.prepare = prepare


def static_gzip_class() -> type:
    """Tornado's gzip, with each of Voilà's unchanged files compressed once and kept.

    The page's script is ~5 MB in some 80 files (Voilà's, the widgets' and the board's); gzip
    brings it to ~1.4 MB, at about 0.2 s of the server's time a page. A file served by a static
    handler has an ``Etag`` (the hash of its content): its compressed bytes are kept under its path
    and Etag, and the next phone gets them without the server compressing anything. The page itself
    and everything else is compressed as it streams, as Tornado does.
    """
    from tornado.web import GZipContentEncoding

    class StaticGZip(GZipContentEncoding):
        KEPT: dict[tuple[str, str], bytes] = {}
        LIMIT = 64 * 2**20  # bytes kept at most (Voilà's files are ~7 MB before compression)

        def __init__(self, request) -> None:
            super().__init__(request)
            self._path = request.path
            self._key: tuple[str, str] | None = None
            self._parts: list[bytes] = []
            self._replay = False

        def transform_first_chunk(self, status_code, headers, chunk, finishing):
            etag = headers.get("Etag")
            if self._gzipping and status_code == 200 and etag and ("/static/" in self._path or "/labextensions/" in self._path):
                key = (self._path, etag)
                kept = self.KEPT.get(key)
                if kept is not None:  # the whole file at once; what the handler still writes is dropped
                    self._replay = True
                    headers["Vary"] = (headers["Vary"] + ", " if "Vary" in headers else "") + "Accept-Encoding"
                    headers["Content-Encoding"] = "gzip"
                    headers["Content-Length"] = str(len(kept))
                    return status_code, headers, kept
                self._key = key
            # Tornado's first chunk goes through transform_chunk below, which keeps it
            status_code, headers, chunk = super().transform_first_chunk(status_code, headers, chunk, finishing)
            if not self._gzipping:
                self._key, self._parts = None, []
            return status_code, headers, chunk

        def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
            if self._replay:
                return b""
            chunk = super().transform_chunk(chunk, finishing)
            if self._key is not None:
                self._keep(chunk, finishing)
            return chunk

        def _keep(self, chunk: bytes, finishing: bool) -> None:
            self._parts.append(chunk)
            if finishing and self._key is not None:
                whole = b"".join(self._parts)
                if sum(len(v) for v in self.KEPT.values()) + len(whole) <= self.LIMIT:
                    self.KEPT[self._key] = whole
                self._key, self._parts = None, []

    return StaticGZip


def install_gzip() -> None:
    """Compress what the server sends (the page and its ~5 MB of script: ~1.4 MB over the air).

    Voilà builds its Tornado application from its own settings and applies ``tornado_settings``
    only afterwards, when Tornado has already chosen its output transforms: ``compress_response``
    given there does nothing. So the transform (:func:`static_gzip_class`) is put into Voilà's own
    settings, before the application is built; Tornado then compresses every answer whose client
    accepts gzip (the page too, chunk by chunk as it streams).
    """
    from voila.app import Voila

    if getattr(Voila.init_settings, "companion_gzip", False):
        return
    base = Voila.init_settings
    transform = static_gzip_class()

    def init_settings(self):
        settings = base(self)
        settings["transforms"] = [transform]
        return settings

    init_settings.companion_gzip = True  # type: ignore[attr-defined]
    Voila.init_settings = init_settings


#: Set in the launcher's environment: the settings installed for plain Voilà (:func:`configure`),
#: which every Voilà of the environment reads, leave the launcher's command line alone.
LAUNCHED = "COMPANION_LAUNCHED"


def served_notebook(argv: list[str]) -> Path | None:
    return next((Path(a) for a in argv if a.endswith(".ipynb")), None)


def is_voila(program: str) -> bool:
    """Whether this process is Voilà (``voila …`` or ``python -m voila …``): Voilà's server extension
    reads the same settings file inside ``jupyter lab`` and ``jupyter server``, which keep their own."""
    path = Path(program)
    return path.name.startswith("voila") or path.parent.name == "voila"


def serves_the_companion(argv: list[str], cwd: Path | None = None) -> bool:
    """Whether Voilà's command line serves the project's notebooks (one of them, or their folder)."""
    cwd = cwd or Path.cwd()
    notebooks = (Path(__file__).resolve().parents[2] / "notebooks").resolve()
    # what is served: a notebook or a folder named anywhere on the line (``--port 8867`` names neither)
    named = [a for a in argv if not a.startswith("-") and (a.endswith(".ipynb") or (cwd / a).is_dir())]
    if not named:
        return cwd.resolve() in (notebooks, notebooks.parent)
    target = (cwd / named[0]).resolve()
    return target in (notebooks, notebooks.parent) or target.parent == notebooks


def configure(c: Any, argv: list[str] | None = None, program: str | None = None) -> bool:
    """Plain ``voila notebooks/companion.ipynb`` served as ``make run`` serves it, from the settings
    installed with the package (``jupyter/config/voila.py``, in ``<prefix>/etc/jupyter``): the
    companion template (no icon font from a CDN, the address that follows the screens, the
    heartbeat, the connection banner, the first paint), the ``_xsrf`` cookie (a closed page gives
    its kernel back), culling, the page's output waiting for busy kernels, compression, the Host
    check, the kernels without debugger and, for a notebook named on the command line, the pool of
    preheated kernels. Values given on Voilà's command line win, as always with Jupyter's config
    files. Under the launcher (which gives all of it on its command line), or for another
    notebook, nothing is done; whether it was done."""
    argv = sys.argv[1:] if argv is None else argv
    program = sys.argv[0] if program is None else program
    if os.environ.get(LAUNCHED) or not is_voila(program) or not serves_the_companion(argv):
        return False
    from . import page_scripts, serve
    from .first_paint import page_config_hook

    jupyter = str(Path(__file__).resolve().parent / "jupyter")
    paths = os.environ.get("JUPYTER_PATH", "")
    if jupyter not in paths.split(os.pathsep):  # the template and the kernel spec: found before Voilà's own
        os.environ["JUPYTER_PATH"] = os.pathsep.join([jupyter] + ([paths] if paths else []))
    install()
    install_gzip()
    page_scripts.install()
    notebook = served_notebook(argv)
    c.VoilaConfiguration.template = "companion"
    c.VoilaConfiguration.show_tracebacks = False
    c.VoilaConfiguration.extension_denylist = list(serve.UNUSED_EXTENSIONS)
    c.VoilaConfiguration.page_config_hook = partial(page_config_hook, served=notebook)
    c.MappingKernelManager.cull_idle_timeout = serve.CULL_IDLE
    c.MappingKernelManager.cull_interval = serve.CULL_INTERVAL
    c.MappingKernelManager.cull_connected = False
    c.MappingKernelManager.cull_busy = False
    c.VoilaExecutor.iopub_timeout = serve.IOPUB_TIMEOUT
    c.KernelManager.transport = serve.TRANSPORT
    c.ZMQChannelsWebsocketConnection.limit_rate = serve.LIMIT_RATE
    if notebook is not None:  # a folder served: each of its notebooks would get a pool
        c.VoilaConfiguration.preheat_kernel = True
        c.VoilaConfiguration.default_pool_size = serve.POOL
        c.VoilaKernelManager.fill_delay = serve.FILL_DELAY
    return True


#: Modules the server never needs whose import alone costs seconds: ``rfc3987_syntax`` (jsonschema's check of the
#: "iri" format, through Jupyter's event schemas, which have no such field) builds its grammar when it is imported,
#: 1.8 of the 2.6 CPU-seconds Voilà takes to import. Marked as absent, they are skipped as optional modules are.
NOT_IMPORTED = ("rfc3987_syntax",)


def skip_slow_imports() -> None:
    """Mark :data:`NOT_IMPORTED` absent (before Voilà is imported); a module imported already is left as it is."""
    for name in NOT_IMPORTED:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None in sys.modules: its import fails at once


def main() -> None:
    skip_slow_imports()
    from .page_kernel import stacks_on_signal

    os.environ[LAUNCHED] = "1"
    stacks_on_signal("server")  # SIGUSR1: the server's threads' stacks (a page that hangs)
    install()
    install_gzip()
    from . import page_scripts

    page_scripts.install()
    from traitlets.config import Config
    from voila.app import Voila

    from .first_paint import page_config_hook

    config = Config()
    # the shelf drawn before the kernel answers
    config.VoilaConfiguration.page_config_hook = partial(page_config_hook, served=served_notebook(sys.argv[1:]))
    Voila.launch_instance(config=config)


if __name__ == "__main__":
    main()
