"""``make run`` / ``make table``: serve the dashboard with Voilà and print its address.

``--table`` listens on the local network with a token, and prints the address and a QR code
for the tablet to scan. The token reaches Voilà through its environment (``JUPYTER_TOKEN``),
never its command line, so it does not show in ``ps``. Requests whose Host header is not one
of this machine's names or addresses are refused (DNS rebinding; ``--allow-host NAME`` adds a
name, ``--allow-any-host`` turns the check off). The wrapper passes SIGTERM, SIGINT and SIGHUP
on to Voilà and waits for it; Voilà also stops if the wrapper dies. A page's kernel goes about
a minute after its page is closed or reloaded (``cull_idle_timeout`` 60 s, checked every 20 s;
an open page's kernel is never culled). The data directory is ``$COMPANION_DATA``.

**Kernels ready for the table.** A table sits down all at once: the tablet and every phone open
their pages within a few seconds. Voilà's preheated pool (``VoilaKernelManager``) keeps
:data:`POOL` kernels started, the notebook run up to the page's request (``App.attach``), so each
of those pages finds its kernel waiting; as pages take kernels the pool starts new ones
(:data:`FILL_DELAY` seconds after each page, so the pages of the table are live first). A page
that finds the pool empty shows the first paint at once, and says it is getting ready.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def notebook_path() -> Path:
    nb = ROOT / "notebooks" / "companion.ipynb"
    if nb.exists():
        return nb
    from ..gamelog import default_data_dir

    fallback = default_data_dir() / "companion.ipynb"
    fallback.parent.mkdir(parents=True, exist_ok=True)
    fallback.write_text(
        '{"cells":[{"cell_type":"code","execution_count":null,"metadata":{},"outputs":[],'
        '"source":["from companion.ui.app import App\\n","app = App()\\n","app.attach()\\n","app.widget"]}],'
        '"metadata":{"kernelspec":{"display_name":"Python 3","language":"python","name":"python3"}},'
        '"nbformat":4,"nbformat_minor":5}'
    )
    return fallback


def compile_package() -> None:
    """Compile the package's modules once, here, rather than in every page's kernel.

    Where ``PYTHONDONTWRITEBYTECODE`` is set (many container images set it), Python never keeps
    the compiled modules, and each new kernel compiled all of the companion again: a third of a
    second at each page load, and again on opening a game. Up-to-date files cost a look only; a
    package that cannot be written (installed read-only) is served as it is.
    """
    import compileall

    try:
        compileall.compile_dir(str(ROOT / "companion"), quiet=2, workers=1)
    except OSError:
        pass


def lan_addresses() -> list[str]:
    """This machine's addresses on the local network (no packet is sent to find them)."""
    found = set()
    try:  # Linux: every address of every interface
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2).stdout
        found.update(a for a in out.split() if "." in a)
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(info[4][0])
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127.")) or ["127.0.0.1"]


#: Kernel culling (Jupyter Server's MappingKernelManager): an idle kernel with no page
#: connected goes after CULL_IDLE seconds, checked every CULL_INTERVAL seconds; a kernel with
#: a page connected (cull_connected False) or busy (cull_busy False) is kept.
CULL_IDLE = 60
CULL_INTERVAL = 20

#: Seconds the page's notebook output waits for the kernel's messages after the cell ran.
IOPUB_TIMEOUT = 30

#: Preheated kernels kept waiting: the tablet and four phones opened at the same moment, and one
#: more for a page reloaded meanwhile (a waiting kernel holds ~50 MB).
POOL = 6
#: Seconds after a page takes a kernel before the pool starts its next one: the pages of a table
#: sitting down are live first (kernels started meanwhile took the CPU they needed: 11 s instead
#: of 7 s for the slowest of five pages on a busy machine).
FILL_DELAY = 8.0


#: How the server and its pages' kernels talk: Unix sockets in the server's private folder
#: (Voilà's connection folder, made for this user alone), never TCP ports on the machine, which any
#: local program could reach (ipykernel warned of it for every kernel) and which pages started
#: together could race for.
TRANSPORT = "ipc"

#: Whether the server holds back a kernel's messages past 1,000 a second (the Jupyter server's guard against a
#: notebook printing without end). A page's kernel prints nothing: its messages are its widgets, and a tap that
#: opens a big panel sends thousands at once. Held back, they are lost, and the page is left with boxes whose
#: contents it never heard of. Off: every message reaches the page (so does ``page_kernel``'s IOPub socket).
LIMIT_RATE = False

#: JupyterLab extensions installed with Voilà that a companion page never uses (code highlighting):
#: not loaded, three scripts fewer for every page.
UNUSED_EXTENSIONS = ["jupyterlab_pygments"]


def voila_command(port: int, ip: str, token: str | None, preheat: bool | int = False) -> list[str]:
    """Voilà's command line; the token itself goes through :func:`voila_env`, never here.
    ``preheat``: True for a pool of :data:`POOL` kernels, a number for a pool of that many."""
    cmd = [
        sys.executable, "-m", "companion.ui.voila_launch", str(notebook_path()),
        "--no-browser", f"--port={port}", f"--Voila.ip={ip}", "--template=companion",
        "--show_tracebacks=False",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        # a page's output waits for its kernel's messages this long (nbclient's 4 s left a page
        # blank on a busy server: five kernels sending their widgets at once)
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        f"--KernelManager.transport={TRANSPORT}",
        # every widget message reaches its page (see LIMIT_RATE)
        f"--ZMQChannelsWebsocketConnection.limit_rate={LIMIT_RATE}",
        f"--Voila.root_dir={notebook_path().parent}",
        *(f"--VoilaConfiguration.extension_denylist={name}" for name in UNUSED_EXTENSIONS),
    ]
    cmd.append("--Voila.auto_token=True" if token else "--token=")  # auto_token: Voilà reads $JUPYTER_TOKEN
    pool = POOL if preheat is True else int(preheat)
    if pool > 0:
        cmd += ["--preheat_kernel=True", f"--pool_size={pool}", f"--VoilaKernelManager.fill_delay={FILL_DELAY}"]
    return cmd


def voila_env(token: str | None = None, allow_hosts: list[str] | None = None) -> dict[str, str]:
    """Voilà's environment: the template, the token (``JUPYTER_TOKEN``) and the allowed Host names."""
    env = dict(os.environ)
    paths = [str(HERE / "jupyter")] + ([env["JUPYTER_PATH"]] if env.get("JUPYTER_PATH") else [])
    env["JUPYTER_PATH"] = os.pathsep.join(paths)
    env.setdefault("PYTHONPATH", str(ROOT))
    env.pop("JUPYTER_TOKEN", None)
    if token:
        env["JUPYTER_TOKEN"] = token
    env["COMPANION_ALLOWED_HOSTS"] = ",".join(allow_hosts or [])
    return env


def _die_with_parent() -> None:
    """In the child: Linux sends SIGTERM when the wrapper dies, however it dies."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def run_forwarding(cmd: list[str], env: dict[str, str]) -> int:
    """Run Voilà; SIGTERM, SIGINT and SIGHUP to this wrapper go on to Voilà, which is waited for. Voilà runs in
    its own process group: a terminal's Ctrl-C (sent to the whole foreground group) reaches it once, through
    this wrapper, not twice (a second SIGINT while it stops printed a traceback)."""
    proc = subprocess.Popen(cmd, env=env, preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
                            process_group=0)

    def forward(signum, _frame) -> None:
        if proc.poll() is None:
            proc.send_signal(signum)

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, forward)
    while True:
        try:
            code = proc.wait()
            break
        except KeyboardInterrupt:  # pragma: no cover - SIGINT is handled above
            forward(signal.SIGINT, None)
    return code


def print_qr(text: str) -> None:
    try:
        import qrcode

        qr = qrcode.QRCode(border=1)
        qr.add_data(text)
        qr.print_ascii(invert=True)
    except Exception as e:  # a missing QR code must not stop the table
        print(f"  (no QR code: {e})")


def seat_lines(base: str) -> list[tuple[str, str]]:
    """(player, address) of each seat of every game that has seats (the registry's ``seat_codes``):
    the codes the players scan with their phones."""
    from .. import games

    lines: list[tuple[str, str]] = []
    for g in games.games():
        try:
            lines += g.seat_codes_for(base)
        except Exception:  # noqa: BLE001 - the table starts whatever the data directory holds
            continue
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m companion.ui.serve")
    ap.add_argument("--port", type=int, default=8866)
    ap.add_argument("--table", action="store_true", help="serve to the local network with a token and a QR code")
    ap.add_argument("--no-preheat", dest="preheat", action="store_false", help="start a kernel only when a page asks")
    ap.add_argument("--pool", type=int, default=POOL, metavar="N",
                    help=f"kernels kept started for the pages to come (default {POOL}: a tablet, four phones and a reload)")
    ap.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                    help="also answer requests for this host name (this machine's own names always work)")
    ap.add_argument("--allow-any-host", action="store_true", help="answer requests for any host name (no DNS rebinding check)")
    args = ap.parse_args(argv)
    if args.table:
        token = secrets.token_urlsafe(12)
        urls = [f"http://{a}:{args.port}/?token={token}" for a in lan_addresses()]
        ip = "0.0.0.0"
    else:
        token = None
        urls = [f"http://localhost:{args.port}/"]
        ip = "127.0.0.1"
    print("Table Companion")
    for u in urls:
        print(f"  open {u}")
    env_extra: dict[str, str] = {}
    if args.table:
        print_qr(urls[0])
        print("  The tablet must be on the same network. Keep the token private.")
        base = f"http://{lan_addresses()[0]}:{args.port}/"
        env_extra["COMPANION_SEAT_BASE"] = base  # the seats' codes on the tablet use this address too
        for name, url in seat_lines(base):
            print(f"  {name}'s seat (their phone opens only this seat): {url}")
            print_qr(url)
    sys.stdout.flush()
    compile_package()
    hosts = ["*"] if args.allow_any_host else args.allow_host
    env = voila_env(token, hosts)
    env.update(env_extra)
    return run_forwarding(voila_command(args.port, ip, token, args.pool if args.preheat else 0), env)


if __name__ == "__main__":
    raise SystemExit(main())
