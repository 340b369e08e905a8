"""Serve the dashboard with Voilà and drive Debian's Chromium like a tablet (used by tests and bench)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

from companion.gamelog import GameStore, Session
from companion.hexgrid import PixelLayout
from companion.rise_and_fall.screens.world_screen import STYLE
from companion.rise_and_fall.world.builder import Build, BuildRules
from companion.ui.serve import compile_package, voila_command, voila_env

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: The features Playwright turns off in the Chromium it launches (its own ``--disable-features``: Chromium keeps
#: only the last such switch, so ours must repeat them).
PLAYWRIGHT_OFF = ("AimEnabled,AvoidCorsURLLoaderRestartOnRedirect,AvoidUnnecessaryBeforeUnloadCheckSync,"
                  "DestroyProfileOnBrowserClose,HttpsFirstBalancedModeAutoEnable,HttpsUpgrades,LensOverlay,MediaRouter,"
                  "NetworkTimeServiceQuerying,OptimizationHints,PaintHolding,PreconnectToSearch,TcpPortRandomizationWin,"
                  "ThirdPartyStoragePartitioning,msEdgeUpdateLaunchServicesPreferredVersion,msForceBrowserSignIn")
#: Each page the tests open is a new context (a device of its own), and for each Chromium also started an
#: address bar's popup (a renderer of its own, never shown headless) and a spare renderer another context cannot
#: use: three renderers for one page, half a CPU-second each time.
OFF = "WebUIOmniboxPopup,WebUIOmniboxAimPopup,SpareRendererForSitePerProcess"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic", f"--disable-features={PLAYWRIGHT_OFF},{OFF}"]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
SEA = (74, 143, 209)


#: The pids of the Voilà servers started here, newest last (their kernels are their children).
SERVERS: list[int] = []
#: Where each server (by pid) and its kernels write their threads' stacks on SIGUSR1.
STACK_DIRS: dict[int, Path] = {}
#: What the pages of the test running now said of themselves: script errors, console errors, pages
#: that crashed or whose requests failed (a failed test prints them; `watch_pages` fills it).
PAGE_NOTES: list[str] = []
NOTES_KEPT = 60


def _note(line: str) -> None:
    if len(PAGE_NOTES) < NOTES_KEPT:
        PAGE_NOTES.append(f"{time.strftime('%H:%M:%S')} {line[:400]}")


def _where(page) -> str:
    """A page's address as it is now, its last part (``?game=...``): how the notes name a page."""
    return (page.url or "").rpartition("/")[2][:80]


def _watch_page(page) -> None:
    where = lambda: _where(page)  # noqa: E731 - the address as it is when it speaks
    page.on("pageerror", lambda e: _note(f"script error on {where()}: {e}"))
    page.on("console", lambda m: m.type == "error" and _note(f"console error on {where()}: {m.text}"))
    page.on("crash", lambda _: _note(f"page crashed: {where()}"))
    page.on("requestfailed", lambda r: "/api/shutdown/" not in r.url  # a page closed asks its kernel's end: aborted
            and _note(f"request failed on {where()}: {r.url[-80:]} ({r.failure})"))

    def socket(ws) -> None:  # a page's kernel connection opened and closed (a reconnection reloads every widget)
        _note(f"websocket opened on {where()}: {ws.url[-60:]}")
        ws.on("close", lambda _: _note(f"websocket closed on {where()}: {ws.url[-60:]}"))

    page.on("websocket", socket)


#: The page takes no second tap within this many ms of the first on another control drawn in the first one's place
#: (the template's HURRY_MS: nobody reads a new button that fast); a test's finger keeps at least this pace there.
HURRY_MS = 300
#: A file where the tests note their waits (``COMPANION_PACE_LOG``): each paced tap's, each settle's and each wait
#: that ran out, in seconds, with where it was made: what the waiting costs, and where.
PACE_LOG = os.environ.get("COMPANION_PACE_LOG")


def pace_note(what: str, seconds: float, depth: int = 2) -> None:
    """Note a wait in :data:`PACE_LOG` (``depth``: how many calls up the line that waited is)."""
    if PACE_LOG:
        import traceback

        where = traceback.extract_stack(limit=depth + 1)[0]
        with open(PACE_LOG, "a") as f:
            f.write(f"{what} {seconds:.2f} {Path(where.filename).name}:{where.lineno}\n")

#: Before a tap on a control: the box beside the last answer (`.rf-bubble`) taken away where it covers the control's
#: middle (a touch elsewhere first, as a finger does: a touch on a box seen is the box's, not passed on), the moment
#: the finger looked told to the page (`window.rfAimed`: a box drawn after it, as the tap was on its way, was not
#: seen; a loaded machine drew the last answer's box over Score this Wave between the look and the tap); and how
#: long to wait before a tap on another control than the last one tapped. Which control will be in the last one's
#: place once the page has drawn what that tap changed cannot be foretold from the page as it is now (Rise & Fall's
#: rows move up as each player passes, after the log has it), so every such tap keeps a finger's pace: a control
#: the page is replacing as it is looked at (no box: taken out of the page) too.
BEFORE_TAP_JS = """(e, hurry) => { const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (e.closest('.rf-bubble')) return 0;
  const covered = r.width && [...document.querySelectorAll('.rf-bubble')].map(b => b.getBoundingClientRect())
    .some(b => x >= b.left && x <= b.right && y >= b.top && y <= b.bottom);
  if (covered) document.body.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, clientX: -1, clientY: -1}));
  window.rfAimed = Date.now();  // looked: a box drawn from now until the tap lands was not seen
  const p = window.rfPressed, c = e.closest('button, .widget-toggle-button') || e;
  return !p || c === p.el ? 0 : Math.max(0, hurry - (Date.now() - p.at)); }"""


def at_a_fingers_pace() -> None:
    """Every tap and click of the tests on a locator (Playwright's own) is made as a finger makes it: the box beside
    the last answer taken away first where it covers the control, and a tap on another control than the last one
    tapped waits until :data:`HURRY_MS` have passed since that tap (a script that taps the next question's button
    the moment it is drawn in the last one's place would be a finger tapping twice at once: "Not taken"). The tests of
    two quick taps make theirs in the page's script, unpaced."""
    from playwright.sync_api import Locator

    for name in ("tap", "click"):
        plain = getattr(Locator, name)
        if getattr(plain, "paced", False):
            continue

        def paced(self, *args, _plain=plain, **kwargs):
            if "position" not in kwargs:
                try:
                    wait = self.evaluate(BEFORE_TAP_JS, HURRY_MS + 20, timeout=kwargs.get("timeout"))
                except Exception:  # several such controls, or a page going: the tap itself says so, at a finger's pace
                    wait = HURRY_MS + 20
                if wait:
                    pace_note("PACED", wait / 1000)
                    self.page.wait_for_timeout(wait)
            return _plain(self, *args, **kwargs)

        paced.paced = True  # type: ignore[attr-defined]
        setattr(Locator, name, paced)
    looking_every(POLL_MS)


#: How often a test's condition is looked at in the page (``wait_for_function``), in milliseconds.
POLL_MS = 50


def looking_every(ms: int) -> None:
    """``wait_for_function`` looks at its condition every ``ms`` unless told otherwise, not at every frame (Playwright's
    default): a page asked for a frame 60 times a second draws them, 0.05 CPU-seconds of its renderer and the
    compositor for each second waited (0.01 at 50 ms), and a wait on a busy machine lasts longest."""
    from playwright.sync_api import Frame, Page

    for cls in (Page, Frame):
        plain = cls.wait_for_function
        if getattr(plain, "looking_every", False):
            continue

        def waiting(self, expression, *args, _plain=plain, **kwargs):
            kwargs.setdefault("polling", ms)
            return _plain(self, expression, *args, **kwargs)

        waiting.looking_every = True  # type: ignore[attr-defined]
        cls.wait_for_function = waiting  # type: ignore[method-assign]


def watch_pages(browser) -> None:
    """Every context the tests make from ``browser`` notes what its pages say of themselves in
    :data:`PAGE_NOTES`, so a failed test says what its pages met (a flake is diagnosed from one run)."""
    at_a_fingers_pace()
    make = browser.new_context

    def new_context(*args, **kwargs):
        ctx = make(*args, **kwargs)
        ctx.on("page", _watch_page)
        return ctx

    browser.new_context = new_context


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: A notebook that also registers the counter game of the tests, then shows the page as the real one does.
WITH_COUNTER = """import sys
sys.path.insert(0, {tests!r})
from counter_game import GAME
from companion import games
games.register(GAME)
from companion.ui.app import App
app = App()
app.attach()
app.widget"""


def counter_notebook(folder: Path) -> Path:
    nb = folder / "with-counter.ipynb"
    cell = {"cell_type": "code", "execution_count": None, "id": "app", "metadata": {}, "outputs": [],
            "source": WITH_COUNTER.format(tests=str(ROOT / "tests"))}
    nb.write_text(json.dumps({"cells": [cell], "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                                                          "name": "python3"}},
                              "nbformat": 4, "nbformat_minor": 5}))
    return nb


@contextmanager
def served(tmp: Path, preheat: bool | int = False, port: int | None = None, data_from: Path | None = None,
           with_counter: bool = False, env_extra: dict[str, str] | None = None, notebook: Path | None = None,
           template: str = "companion", linked: bool = False):
    """Voilà on a free loopback port (or ``port``: a server restarted) with its own data and layouts
    folders (``data_from``: a copy of that data directory; ``with_counter``: the tests' counter game
    is on the shelf too; ``env_extra``: more of the kernels' environment; ``notebook``: another of
    the project's notebooks served instead of the dashboard; ``template``: Voilà's template, e.g.
    its stock ``lab``, as plain Voilà or another frontend shows the page). ``preheat``: a pool of preheated
    kernels, of one kernel (True: the machine is shared) or of that many (`make run` keeps
    ``serve.POOL``). ``linked``: the data and layouts folders are links, which :func:`repoint` points at other
    folders (a server shared by test files, each with folders of its own)."""
    data, layouts = tmp / "data", tmp / "layouts"
    if linked:
        repoint(data, layouts, tmp / "first")
    if data_from is not None:
        shutil.copytree(data_from, data)
    layouts.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    compile_package()  # as `make run` does before it serves
    env = voila_env()
    env.update(COMPANION_DATA=str(data), COMPANION_LAYOUTS=str(layouts), COMPANION_STACKS=str(tmp / "stacks"),
               **(env_extra or {}))
    log = open(tmp / "voila.log", "w")
    cmd = voila_command(port, "127.0.0.1", None, 1 if preheat is True else int(preheat))
    if with_counter:
        nb = counter_notebook(tmp)
        cmd = [str(nb) if c.endswith("companion.ipynb") else c for c in cmd]
        cmd = [f"--Voila.root_dir={tmp}" if c.startswith("--Voila.root_dir=") else c for c in cmd]
    elif notebook is not None:
        cmd = [str(notebook) if c.endswith("companion.ipynb") else c for c in cmd]
        cmd = [f"--Voila.root_dir={notebook.parent}" if c.startswith("--Voila.root_dir=") else c for c in cmd]
    cmd = [f"--template={template}" if c.startswith("--template=") else c for c in cmd]
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    SERVERS.append(proc.pid)
    STACK_DIRS[proc.pid] = tmp / "stacks"
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(url + "favicon.ico", timeout=2)
                break
            except urllib.error.HTTPError:
                break  # the server answers: it is up
            except OSError:
                if time.time() > deadline or proc.poll() is not None:
                    raise RuntimeError("Voilà did not start: " + (tmp / "voila.log").read_text()[-2000:])
                time.sleep(0.3)
        yield url, data, layouts
    finally:
        SERVERS.remove(proc.pid)
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def repoint(data: Path, layouts: Path, own: Path) -> None:
    """Point the links ``data`` and ``layouts`` (a server's, :func:`served` ``linked``) at new empty folders in
    ``own``: the pages opened from now on start with no game, no World and no setting (each page's kernel, and the
    server for each page it serves, find the data folder by its path: ``$COMPANION_DATA``)."""
    for link in (data, layouts):
        target = own / link.name
        target.mkdir(parents=True)
        fresh = link.with_name(link.name + ".next")
        fresh.symlink_to(target, target_is_directory=True)
        os.replace(fresh, link)  # at once: never a moment with no folder there


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a server's kernels)."""
    out = []
    for p in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            status = Path(f"/proc/{p}/status").read_text()
        except OSError:
            continue
        if re.search(rf"^PPid:\s+{pid}$", status, re.M):
            out.append(int(p))
    return out


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def stacks(wait: float = 5.0) -> str:
    """The stack of every thread of every live server started here and of each of its pages'
    kernels, asked for with SIGUSR1 (`companion.ui.page_kernel.stacks_on_signal`): what a page
    that hangs is waiting for. Only processes that set that up are signalled (SIGUSR1 ends any
    other); each is given up to ``wait`` seconds to write (a process stuck in C code may not)."""
    asked: list[tuple[int, str, Path, int]] = []
    for server in list(SERVERS):
        folder = STACK_DIRS.get(server)
        if folder is None:
            continue
        for pid in [server, *_children(server)]:
            line = _cmdline(pid)
            role = "server" if "companion.ui.voila_launch" in line else "kernel" if "companion.ui.page_kernel" in line else None
            if role is None:
                continue
            path = folder / f"{role}-{pid}.txt"
            size = path.stat().st_size if path.exists() else 0
            try:
                os.kill(pid, signal.SIGUSR1)
            except OSError:
                continue
            asked.append((pid, role, path, size))
    deadline = time.monotonic() + wait
    out = []
    for pid, role, path, size in asked:
        text, seen = "", None
        while time.monotonic() < deadline:  # written by the process itself, at once: read until it stops growing
            text = path.read_text(errors="replace")[size:] if path.exists() else ""
            if text and text == seen:
                break
            seen = text
            time.sleep(0.1)  # the poll's step
        out.append(f"--- {role} {pid} ({_cmdline(pid)[:120]}) ---\n{text or '(no stack written)'}")
    return "\n".join(out)


#: where a thread that waits for work is (its most recent frame): a dump says how many such threads, not their stacks
IDLE_FRAME = re.compile(r"selectors\.py|threading\.py\", line \d+ in wait|zmq/sugar/__init__\.py|zmq/utils/garbage\.py"
                        r"|parentpoller\.py")


def busy_threads(text: str) -> str:
    """A dump of `stacks` with the threads that wait for work (`IDLE_FRAME`) counted, not shown: what a hung page
    waits for stands out, and a failure's report stays short enough to be read whole."""
    out: list[str] = []
    idle = 0

    def count_idle() -> None:
        nonlocal idle
        if idle:
            out.append(f"  ({idle} thread{'s' * (idle != 1)} waiting for work)")
        idle = 0

    for block in re.split(r"\n(?=--- |Thread 0x|Current thread 0x)", text):
        if block.startswith("---"):  # a process: its line, then what it wrote before its first thread
            count_idle()
            out.append(block.split("\n", 1)[0])
            block = block.split("\n", 1)[1] if "\n" in block else ""
        frames = [line for line in block.splitlines() if line.strip().startswith("File ")]
        if frames and IDLE_FRAME.search(frames[0]):
            idle += 1
        elif block.strip():
            out.append(block)
    count_idle()
    return "\n".join(out)


KERNEL_STARTED = re.compile(r"Kernel started: ([0-9a-f-]{36})")
KERNEL_USED = re.compile(r"Using pre-heated kernel: ([0-9a-f-]{36})")


#: what a server's log says of its kernels' lives: each started, taken by a page, restarted, dead, culled or shut down
KERNEL_LIFE = re.compile(r"Kernel started|pre-heated kernel|[Rr]estart|died|[Dd]ead|Culling|[Ss]hut ?down"
                         r"|Starting buffering|Connecting to|Disconnect|Traceback|Error")


def kernel_lines(log: str, most: int = 120) -> str:
    """The lines of a server's log that tell its kernels' lives (`KERNEL_LIFE`), the last ``most`` of them: a page
    whose kernel stopped answering is read from them (was it culled, did it die, was it restarted)."""
    lines = [line for line in log.splitlines() if KERNEL_LIFE.search(line) and not line.startswith(" ")]
    return "\n".join(lines[-most:]) or "(none)"


#: what a page shows, for a failed test's report: is it visible, is the app drawn, how many widgets, what its
#: messages say (wherever they are on the page) and its first words
SHOWN = """() => [document.visibilityState, !!document.querySelector('.rf-app'),
    document.querySelectorAll('.jupyter-widgets').length,
    'messages: [' + Array.from(document.querySelectorAll('.rf-msg, [class*="message"]')).map(e => e.innerText.trim())
      .filter(t => t).join(' | ').replace(/\\s+/g, ' ').slice(0, 400) + '] words: '
      + (document.body.innerText || '').replace(/\\s+/g, ' ').slice(0, 500)]"""


def pages_shown(browser, name: str) -> str:
    """Every page still open in ``browser``: its address and what it shows (`SHOWN`), and a picture of it kept in
    test-artifacts/failed/ (``name``: the test's). A failed wait then says what the page showed instead."""
    return "\n".join(filter(None, (context_shown(ctx, f"{name}-{c}") for c, ctx in enumerate(list(browser.contexts)))))


def context_shown(ctx, name: str) -> str:
    """What each page of one context shows (`pages_shown`), its pictures named ``name``-k."""
    folder = ARTIFACTS / "failed"
    lines = []
    for k, page in enumerate(list(ctx.pages)):
        where = _where(page) or "the bare address"
        try:
            visibility, app, widgets, words = page.locator("html").evaluate(SHOWN, timeout=5_000)
            folder.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(folder / f"{name}-{k}.png"), timeout=5_000)
            lines.append(f"{where}: {visibility}, app {'drawn' if app else 'not drawn'}, {widgets} widgets: {words}")
        except Exception as e:  # noqa: BLE001 - a page that cannot answer is said as such
            lines.append(f"{where}: did not answer ({type(e).__name__}: {str(e)[:120]})")
    return "\n".join(lines)


#: what the pages of each context a test closed while a failure was on its way showed (a test's own ``finally``
#: closes its devices before the failure is reported), and the test's name for their pictures
CLOSED_SHOWING: list[str] = []
TEST_NAME = ["test"]


def close_keeping_what_it_showed(close):
    """``BrowserContext.close`` that, when called while an exception is on its way (a test's ``finally``), first
    keeps what its pages showed in :data:`CLOSED_SHOWING` for the failure's report."""
    def closing(ctx, *args, **kwargs):
        if sys.exc_info()[0] is not None and ctx.pages:
            CLOSED_SHOWING.append(context_shown(ctx, f"{TEST_NAME[0]}-closed-{len(CLOSED_SHOWING)}"))
        close_as_a_tab(ctx)
        return close(ctx, *args, **kwargs)
    return closing


def close_as_a_tab(ctx) -> None:
    """Each page of ``ctx`` closed as a player closes a tab: its script gives its kernel back at once. A context
    closed with its pages open leaves each kernel to the server's culling, a minute later, looking at the logs
    ten times a second for the first half of it (about 0.2 CPU-seconds each, and 100 MB held meanwhile)."""
    pages = [p for p in ctx.pages if not p.is_closed()]
    for page in pages:
        try:
            page.close(run_before_unload=True)
        except Exception:  # noqa: BLE001 - a page gone already: the context's close ends it
            pass
    for page in pages:
        try:
            if not page.is_closed():
                page.wait_for_event("close", timeout=5_000)
        except Exception:  # noqa: BLE001 - a page that does not close (a crashed one): the context's close ends it
            pass


def waits_for_its_page(kernel_id: str, port: int) -> bool:
    """Whether a preheated kernel has run its notebook as far as it runs before a page comes: it
    waits for its page on a connection of its own to the server (``voila/query/<kernel id>``,
    `companion.ui.app.wait_for_page`), as the machine's table of connections shows."""
    for pid in (p for p in os.listdir("/proc") if p.isdigit()):
        try:
            if f"kernel-{kernel_id}.json".encode() not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            sockets = {os.readlink(f"/proc/{pid}/fd/{fd}")[8:-1] for fd in os.listdir(f"/proc/{pid}/fd")
                       if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:[")}
            for table in ("/proc/net/tcp", "/proc/net/tcp6"):
                for line in Path(table).read_text().splitlines()[1:]:
                    f = line.split()  # local address, remote address, state ("01": established), ..., inode
                    if f[9] in sockets and int(f[2].rsplit(":", 1)[1], 16) == port and f[3] == "01":
                        return True
        except (OSError, IndexError, ValueError):
            continue
    return False


def pool_ready(url: str, log: Path, timeout: float = 120.0) -> str:
    """Wait until the server's pool of preheated kernels holds one that has run the notebook up
    to its wait for a page: the newest kernel the server started (its log says which) that no
    page has taken yet; the kernel's id."""
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    deadline = time.monotonic() + timeout
    free: list[str] = []
    while time.monotonic() < deadline:
        text = log.read_text()
        used = set(KERNEL_USED.findall(text))
        free = [k for k in KERNEL_STARTED.findall(text) if k not in used]
        if free and waits_for_its_page(free[-1], port):
            return free[-1]
        time.sleep(0.2)  # the poll's step
    raise AssertionError(f"no preheated kernel was ready in {timeout:.0f} s: {free}")


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)


def tablet(browser, portrait: bool = False):
    size = {"width": 768, "height": 1024} if portrait else {"width": 1024, "height": 768}
    ctx = browser.new_context(viewport=size, device_scale_factor=2, has_touch=True, is_mobile=False)
    # a page load starts a kernel: on a busy machine (two cores shared) that can take longer than
    # Playwright's 30 s default; waits still end, only later
    ctx.set_default_navigation_timeout(90_000)
    ctx.set_default_timeout(60_000)
    return ctx


#: A phone at the table, held upright.
PHONE = {"width": 390, "height": 844}


def phone(browser):
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True, is_mobile=True)
    ctx.set_default_navigation_timeout(90_000)
    ctx.set_default_timeout(60_000)
    return ctx


class Table:
    """A tablet at one of Rise & Fall's screens and a phone at each of the seats given, every page
    listened to (`settle`) and the widget messages each receives recorded (``frames``, by the
    tablet's name ``"tablet"`` and the players' names)."""

    def __init__(self, browser, url: str, screen: str, seats: list, names) -> None:
        self.contexts = [tablet(browser)]
        self.tablet = self.contexts[0].new_page()
        self.frames = {"tablet": recorded(self.tablet)}
        listen(self.tablet)
        self.tablet.goto(url + f"?game=rise-and-fall&screen={screen}")
        self.phones = []
        for seat, name in zip(seats, names):
            self.contexts.append(phone(browser))
            page = self.contexts[-1].new_page()
            self.frames[name] = recorded(page)
            listen(page)
            page.goto(url + f"?game=rise-and-fall&seat={seat.token}")
            self.phones.append(page)

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()


#: The address of Rise & Fall's World screen (a bare address opens the shelf of games).
WORLD_ADDRESS = "?game=rise-and-fall&screen=world"


def open_app(page, url: str, timeout: float = 60_000, address: str = WORLD_ADDRESS) -> float:
    """Load the dashboard at Rise & Fall's World and wait until the World is drawn; seconds taken.
    From then on `settle` can wait for the page's kernel."""
    listen(page)
    t = time.perf_counter()
    page.goto(url + address, timeout=timeout)
    page.wait_for_selector("canvas.rf-board", timeout=timeout)
    page.wait_for_function(DRAWN_JS, timeout=timeout)
    return time.perf_counter() - t


def open_shelf(page, url: str, timeout: float = 60_000) -> float:
    """Load the dashboard's bare address and wait until the live shelf of games is drawn (the
    first paint gone); seconds taken."""
    t = time.perf_counter()
    page.goto(url, timeout=timeout)
    page.wait_for_selector(LIVE_SHELF, timeout=timeout)
    page.wait_for_selector(FIRST_PAINT, state="detached", timeout=timeout)
    return time.perf_counter() - t


def to_game(page, url: str, game_id: str) -> None:
    """The game ``game_id`` in front, as a table goes from game to game: ⌂, then the game's tile on the shelf
    (the page and its kernel kept: no page opened again). A page with no ⌂ (a phone at its seat) opens the game's
    address instead. Waits until the game's bar is drawn; the page must have been listened to (``listen``)."""
    from companion import games

    title = games.find(game_id).title
    if page.locator(".rf-game-title").first.is_visible() and page.locator(".rf-game-title").first.inner_text().strip() == title:
        return
    if not page.locator(".rf-shelf-tile").first.is_visible():
        if not page.locator("button.rf-home").first.is_visible():
            page.goto(url + f"?game={game_id}")
            page.wait_for_selector(".rf-nav button.rf-home", state="visible")
            return
        page.locator("button.rf-home").first.tap()
        page.wait_for_selector(".rf-shelf-tile svg", state="visible")
    settle(page, quiet_ms=100)  # the shelf's buttons answer once its kernel has drawn them
    page.locator(f"button.rf-shelf-{game_id}").first.tap()
    wait_for(lambda: page.locator(".rf-game-title").first.inner_text().strip() == title, timeout=60)
    page.wait_for_selector(".rf-nav button.rf-home", state="visible")


def first_paint(page, url: str, timeout: float = 60_000) -> float:
    """Load the dashboard's bare address and wait until the shelf's first paint (drawn by the
    page template before the kernel answers) is on screen; seconds taken."""
    t = time.perf_counter()
    page.goto(url, timeout=timeout, wait_until="commit")
    page.wait_for_selector(FIRST_PAINT + " .rf-shelf-tile svg", state="visible", timeout=timeout)
    return time.perf_counter() - t


#: The shelf drawn by the page's kernel, and the first paint that stands in for it until then.
LIVE_SHELF, FIRST_PAINT = "#rendered_cells .rf-shelf-tile svg", "#rf-first-paint"


def world_drawn(page, timeout: float = 60_000) -> None:
    page.wait_for_selector("canvas.rf-board", timeout=timeout)
    page.wait_for_function(DRAWN_JS, timeout=timeout)


DRAWN_JS = """() => { const c = document.querySelector('canvas.rf-board'); if (!c) return false;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  for (let i = 0; i < d.length; i += 4 * 101) { if (d[i+3] && !(d[i] == 244 && d[i+1] == 239)) return true; } return false; }"""


def latest_build(data: Path) -> tuple[Session[Build], GameStore]:
    store = GameStore(data)
    g = next(g for g in store.games("world") if g.problem is None)
    return Session(store.open(g.id), BuildRules()), store


def board_meta(page) -> dict:
    return json.loads(page.locator(".rf-board-meta").first.evaluate("e => e.textContent") or "{}")


def css_mapper(page):
    """A function from a Space to where it is on the page, as the board is drawn now,
    and the board's rectangle (left, top, right, bottom)."""
    meta = board_meta(page)
    box = page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); const r = c.getBoundingClientRect();"
                        " return [r.left, r.top, r.width / c.width, r.height / c.height, r.right, r.bottom]; }")
    lay = PixelLayout(STYLE.hex_size)

    def to_css(space) -> tuple[float, float]:
        sx, sy = lay.hex_to_pixel(space)
        bx, by = sx * meta["k"] + meta["tx"], sy * meta["k"] + meta["ty"]
        return box[0] + bx * box[2], box[1] + by * box[3]

    return to_css, (box[0], box[1], box[4], box[5])


def space_to_css(page, space) -> tuple[float, float]:
    """Where on the page a Space of the World is, as the board is drawn now."""
    return css_mapper(page)[0](space)


def pixel_at(page, space) -> tuple[int, int, int, int]:
    meta = board_meta(page)
    sx, sy = PixelLayout(STYLE.hex_size).hex_to_pixel(space)
    bx, by = int(sx * meta["k"] + meta["tx"]), int(sy * meta["k"] + meta["ty"])
    return tuple(page.evaluate(
        f"() => Array.from(document.querySelector('canvas.rf-board').getContext('2d').getImageData({bx}, {by}, 1, 1).data)"))


def tap_space(page, space) -> None:
    """Tap a Space as a player does: where Spaces are smaller than a finger, the first tap
    zooms the board there, and the second chooses. A Space off the zoomed board: Fit first.
    A board scrolled partly off the screen is scrolled back first, as a player would."""
    page.evaluate("() => { const c = document.querySelector('canvas.rf-board'); const r = c.getBoundingClientRect();"
                  " if (r.top < 0 || r.bottom > window.innerHeight) c.scrollIntoView({block: 'center'}); }")
    board_measured(page)
    to_css, (left, top, right, bottom) = css_mapper(page)
    x, y = to_css(space)
    if not (left + 8 < x < right - 8 and top + 8 < y < bottom - 8):
        before = board_meta(page)["k"]
        page.locator("button.rf-fit").first.tap()
        wait_for(lambda: board_meta(page)["k"] != before)
    if board_meta(page).get("zoom_first"):
        before = board_meta(page)["k"]
        page.touchscreen.tap(*in_sight(page, space))
        wait_for(lambda: board_meta(page)["k"] > before)
        if page in KERNELS:  # the smooth zoom's frames drawn (the kernel already holds its end, where the tap lands)
            settle(page, quiet_ms=100)
    page.touchscreen.tap(*in_sight(page, space))


#: scroll the page by ``dy`` CSS pixels: it scrolls inside Voilà's panel (or the window)
SCROLL_BY = """(dy) => { for (let e = document.querySelector('.rf-app'); e; e = e.parentElement)
    if (e.scrollHeight > e.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(e).overflowY)) { e.scrollBy(0, dy); return; }
    window.scrollBy(0, dy); }"""

#: resolves once the page has painted twice more (what was changed before is on the screen)
PAINTED = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"

#: how far down the page is scrolled, in CSS pixels (the panel's scroll and the window's)
SCROLLED = """() => { let s = window.scrollY; for (let e = document.querySelector('.rf-app'); e; e = e.parentElement) s += e.scrollTop;
    return s; }"""


def in_sight(page, space) -> tuple[float, float]:
    """Where to put a finger on a Space: a Space under the bar of screens that stays at the top
    (or below the screen) is scrolled to the middle of the screen first, as a player would."""
    x, y = space_to_css(page, space)
    seen = "(p) => { const e = document.elementFromPoint(p[0], p[1]); return !!e && e.matches('canvas.rf-board'); }"
    if not page.evaluate(seen, [x, y]):
        page.evaluate(SCROLL_BY, y - page.viewport_size["height"] / 2)
        page.evaluate(PAINTED)  # the page drawn where it scrolled to
        x, y = space_to_css(page, space)
    return x, y


def board_measured(page) -> None:
    """Wait until the board knows the width the page draws it at: until then it may take a
    Space for larger than a finger, and a tap meant to choose would zoom."""
    width = "() => document.querySelector('canvas.rf-board').getBoundingClientRect().width"
    wait_for(lambda: abs((board_meta(page).get("css_width") or 0) - page.evaluate(width)) < 2)


def tap_together(*buttons, margin_ms: int = 1000) -> list[bool]:
    """Fingers on several devices at the same moment: each button found first, then clicked by its
    own page's timer at one time shared by all (the pages of one browser share its clock), so no
    page can follow another's tap before its own is made — unless that page's timer is late (a busy
    machine): then another's tap may have redrawn it first. Returned, for each button: whether the
    tap found it still on its page and enabled (False: the finger met the page as it is now, not that button)."""
    handles = [b.element_handle() for b in buttons]
    at = buttons[0].page.evaluate("() => Date.now()") + margin_ms
    key = f"__tapped_{at}"
    for n, h in enumerate(handles):
        h.evaluate("(b, [at, key, n]) => { window[key] = window[key] || 0; window[key + '_on'] = window[key + '_on'] || {};"
                   " setTimeout(() => { window[key + '_on'][n] = b.isConnected && !b.disabled; b.click(); window[key] += 1; },"
                   " Math.max(0, at - Date.now())); }", [at, key, n])
    for page in {b.page for b in buttons}:  # every finger down: each page's timer has clicked
        count = sum(b.page is page for b in buttons)
        page.wait_for_function("([key, n]) => window[key] >= n", arg=[key, count], timeout=60_000)
    return [bool(b.page.evaluate("([key, n]) => window[key + '_on'][n]", [key, n])) for n, b in enumerate(buttons)]


def message(page) -> str:
    """What the page's messages say (a sentence repeated beside the finger, `.rf-bubble`, counted once)."""
    loc = page.locator(".rf-msg:not(.rf-bubble .rf-msg)")
    return " ".join(loc.all_inner_texts())


def wait_for(predicate, timeout: float = 10.0, step: float = 0.05, page=None):
    """Wait until ``predicate`` holds. A predicate over what a page's events filled (requests,
    frames, console lines) needs ``page``: Playwright hands the events over only while it is
    called, so the wait is Playwright's own (a sleep would hear none of them)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        v = predicate()
        if v:
            return v
        if page is not None:
            page.wait_for_timeout(step * 1000)
        else:
            time.sleep(step)
    pace_note("RAN-OUT", timeout)
    raise AssertionError(f"timed out waiting ({timeout:g} s)\n{kept_stacks('wait_for')}")


def screenshot(page, name: str, scale: str = "css") -> Path:
    """The page as it is now, in ``test-artifacts/``, one pixel per CSS pixel (``scale="device"``: every pixel of the
    device, four times as many, three times the CPU to take: 0.12 CPU-s a tablet's page)."""
    ARTIFACTS.mkdir(exist_ok=True)
    p = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(p), full_page=True, scale=scale)
    if "failed" in name:  # what the picture shows, as text: the address and the words on the page
        p.with_suffix(".txt").write_text(page_state(page))
    return p


def page_state(page) -> str:
    """A page's address and the first of its words (a failed test's witness of where its page was)."""
    try:
        words = page.evaluate("() => document.body ? document.body.innerText : ''")
    except Exception as e:  # noqa: BLE001 - a page gone says so
        words = f"(the page could not be read: {e})"
    return f"{page.url}\n{' '.join(str(words).split())[:1500]}\n"


HISTORY_OPTIONS = "() => document.querySelectorAll('.rf-side select option').length"


def propagation_ms(first, second, taps: int) -> list[float]:
    """Undo and Redo tapped in turn on the ``first`` page's Game screen: milliseconds until the
    ``second`` page, which nobody touches, shows the change (its history list)."""
    times = []
    for k in range(taps):
        before = second.evaluate(HISTORY_OPTIONS)
        want = before - 1 if k % 2 == 0 else before + 1
        t0 = time.perf_counter()
        first.locator("button.rf-game-undo" if k % 2 == 0 else "button.rf-game-redo").tap()
        second.wait_for_function(f"() => ({HISTORY_OPTIONS})() === {want}", timeout=10_000, polling="raf")
        times.append((time.perf_counter() - t0) * 1000)
        first.wait_for_function(f"() => ({HISTORY_OPTIONS})() === {want}", timeout=10_000)
    return times


# --- what the kernel sends to a page (for the privacy tests) -------------------------------------
UUID = re.compile(r"[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{8}-\d{6}-[0-9a-f]{6}")


def recorded(page) -> list:
    """Every websocket frame the page receives from now on (the list fills as they arrive)."""
    frames: list = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    return frames


def frame_json(payload, parts: tuple[str, ...] = ("content",)) -> dict | None:
    """A kernel message as the page receives (or sends) it: JSON text, or Jupyter's binary v1
    framing (channel, header, parent header, metadata, content: ``parts`` says which are read)."""
    if isinstance(payload, str):
        try:
            return json.loads(payload)
        except ValueError:
            return None
    b = bytes(payload)
    try:
        n = int.from_bytes(b[:8], "little")
        offsets = [int.from_bytes(b[8 * (k + 1): 8 * (k + 2)], "little") for k in range(n)]
        out: dict = {}
        for k, name in enumerate(("channel", "header", "parent_header", "metadata", "content")):
            if name in parts:
                raw = b[offsets[k]: offsets[k + 1]].decode()
                out[name] = raw if name == "channel" else json.loads(raw)
        return out
    except (ValueError, IndexError, UnicodeDecodeError):
        return None


class Kernel:
    """What a page and its kernel say to each other over the websocket: the page's messages to
    the kernel (each answered, once the kernel has done all it had to do for it, by an idle
    status naming it) and when the page last heard or said anything."""

    def __init__(self, page) -> None:
        self.asked: dict[str, object] = {}  # a message's id: the websocket it went by
        self.answered: set[str] = set()
        self.kinds: dict[str, str] = {}  # a message's id: what it was (for a failure's message)
        self.last = time.monotonic()
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framesent", lambda payload: self._sent(ws, payload))
        ws.on("framereceived", self._received)
        ws.on("close", lambda _: self._closed(ws))

    def _sent(self, ws, payload) -> None:
        self.last = time.monotonic()
        msg = frame_json(payload, ("channel", "header", "content")) or {}
        if msg.get("channel") == "shell" and (msg.get("header") or {}).get("msg_id"):
            self.asked[msg["header"]["msg_id"]] = ws
            data = (msg.get("content") or {}).get("data") or {}
            self.kinds[msg["header"]["msg_id"]] = " ".join(
                str(x) for x in (msg["header"].get("msg_type"), data.get("method"), sorted((data.get("state") or {}))[:3],
                                 msg["header"].get("date")) if x)

    def _received(self, payload) -> None:
        self.last = time.monotonic()
        if ("execution_state" if isinstance(payload, str) else b"execution_state") not in payload:
            return  # not a status: a widget's state, often large, is not parsed
        msg = frame_json(payload, ("parent_header", "content")) or {}
        if (msg.get("content") or {}).get("execution_state") == "idle":
            self.answered.add((msg.get("parent_header") or {}).get("msg_id") or "")

    def _closed(self, ws) -> None:
        """A page reloaded (or closed): what it asked its old kernel will never be answered."""
        self.asked = {k: w for k, w in self.asked.items() if w is not ws}

    def waiting(self) -> int:
        """How many of the page's messages the kernel has not finished answering."""
        return len(self.asked.keys() - self.answered)


#: The pages whose websocket is listened to (`listen`), and what each said.
KERNELS: dict = {}


def listen(page) -> Kernel:
    """Listen to what a page and its kernel say from now on (call it before the page is loaded)."""
    if page not in KERNELS:
        KERNELS[page] = Kernel(page)
    return KERNELS[page]


def settle(*pages, quiet_ms: int = 250, timeout: float = 60.0) -> None:
    """Wait until each page's kernel has answered every message the page sent it (a tap, a value
    set, the board's width reported) and nothing has passed between them for ``quiet_ms``: what
    the pages show now is what their kernels made of everything done so far (a kernel that follows
    another page's change looks every 0.1 s: a quiet longer than that waits for it too). Each page
    must have been listened to (`listen`, `open_app`) before it was loaded."""
    kernels = [KERNELS[p] for p in pages]
    start = time.monotonic()  # the quiet is counted from now at the earliest
    deadline = start + timeout
    quiet = quiet_ms / 1000
    ahead = 0.02
    while True:
        # Playwright hands over the frames only while it is called: it is called until the quiet could be over (a
        # frame arriving meanwhile is heard, with its time), or for 20 ms while a message is unanswered (each call
        # is a round trip through Playwright's driver: a CPU-second every 18 s of 20 ms calls)
        pages[0].wait_for_timeout(max(20, round(ahead * 1000)))
        now = time.monotonic()
        if all(not k.waiting() and now - max(k.last, start) >= quiet for k in kernels):
            pace_note("SETTLED", now - start)
            return
        ahead = 0.02 if any(k.waiting() for k in kernels) else \
            max(quiet - (now - max(k.last, start)) for k in kernels) + 0.002
        if now > deadline:
            waiting = sum(k.waiting() for k in kernels)
            raise AssertionError(f"the kernels did not settle: {waiting} messages unanswered\n"
                                 f"{waiting_for(kernels)}\n{kept_stacks('settle')}")


def waiting_for(kernels: list[Kernel]) -> str:
    """What the pages asked their kernels that is still unanswered (the message types)."""
    return "unanswered: " + ", ".join(k.kinds.get(m, "?") for k in kernels for m in k.asked.keys() - k.answered)


def kept_stacks(why: str) -> str:
    """`stacks` at this moment, kept whole in test-artifacts/stacks/; the text for a failure's message: the threads
    doing something (`busy_threads`), and where the whole dump is."""
    text = stacks()
    if not text:
        return "the threads of the server and its kernels: none found"
    folder = ARTIFACTS / "stacks"
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / f"{why}-{time.strftime('%H%M%S')}-{os.getpid()}.txt"
    kept.write_text(text)
    return f"the threads of the server and its kernels now (all of them in {kept.relative_to(ARTIFACTS.parent)}):\n{busy_threads(text)}"


def strings(x, out: list[str]) -> list[str]:
    """Every string in a message, ids (and counts of actions, which grow with the log) taken out."""
    if isinstance(x, str):
        out.append(re.sub(r"\d+ actions?", "", UUID.sub("<id>", x)))
    elif isinstance(x, dict):
        for v in x.values():
            strings(v, out)
    elif isinstance(x, list):
        for v in x:
            strings(v, out)
    return out


def widget_strings(frames: list) -> list[str]:
    """Every string of widget state the kernel sent to the page (comm messages), but the echoes
    of what the page itself set (ipywidgets 8 sends each value the page sets back to it: the
    page's heartbeat)."""
    out: list[str] = []
    for f in frames:
        msg = frame_json(f)
        data = ((msg or {}).get("content") or {}).get("data") or {}
        if data.get("method") != "echo_update":
            strings(data.get("state") or {}, out)
    return sorted(out)


def scripts_loaded(page, url: str, how: str = "script") -> list[str]:
    """The scripts a page has fetched, relative to the server's ``url``, in order: by a script of the page
    (``how="script"``) or by a preload of its head (``"link"``); the template's own style script left out."""
    names = page.evaluate("(how) => performance.getEntriesByType('resource').filter(r => r.initiatorType === how"
                          " && /\\.js(\\?|$)/.test(r.name)).map(r => r.name)", how)
    out: list[str] = []
    for name in names:
        p = name[len(url):] if name.startswith(url) else name
        if "/templates/" not in p and p not in out:
            out.append(p)
    return out


def leave_if_asked(page, css: str = "button.rf-leave-yes") -> Callable[[], None]:
    """New game over a game an earlier test of the file left in progress (its tests share one served dashboard,
    and a failing test leaves its game mid-evening): a look to poll while the new game begins, which answers the
    question Yes once, as the table would. Once: polled again before the answered question is taken away, a
    second tap would wait for a button that is going."""
    answered = False

    def look() -> None:
        nonlocal answered
        leave = page.locator(css)
        if not answered and leave.is_visible():
            leave.tap()
            answered = True

    return look
