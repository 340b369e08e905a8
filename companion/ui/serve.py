"""``make run`` / ``make table``: serve the dashboard with Voilà and print its address.

``--table`` listens on the local network with a token, and prints the address and a QR code
for the tablet to scan. Idle kernels are culled. The data directory is ``$COMPANION_DATA``
(default ``~/.local/share/table-companion``).
"""

from __future__ import annotations

import argparse
import os
import secrets
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


def voila_command(port: int, ip: str, token: str | None, preheat: bool = False) -> list[str]:
    cmd = [
        sys.executable, "-m", "voila", str(notebook_path()),
        "--no-browser", f"--port={port}", f"--Voila.ip={ip}", "--template=companion",
        "--show_tracebacks=False",
        "--MappingKernelManager.cull_idle_timeout=1800",
        "--MappingKernelManager.cull_interval=120",
        f"--Voila.root_dir={notebook_path().parent}",
    ]
    cmd.append(f"--token={token}" if token else "--token=")
    if preheat:
        cmd += ["--preheat_kernel=True", "--pool_size=1"]
    return cmd


def voila_env() -> dict[str, str]:
    env = dict(os.environ)
    paths = [str(HERE / "jupyter")] + ([env["JUPYTER_PATH"]] if env.get("JUPYTER_PATH") else [])
    env["JUPYTER_PATH"] = os.pathsep.join(paths)
    env.setdefault("PYTHONPATH", str(ROOT))
    return env


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m companion.ui.serve")
    ap.add_argument("--port", type=int, default=8866)
    ap.add_argument("--table", action="store_true", help="serve to the local network with a token and a QR code")
    ap.add_argument("--no-preheat", dest="preheat", action="store_false", help="start a kernel only when a page asks")
    args = ap.parse_args(argv)
    if args.table:
        token = secrets.token_urlsafe(12)
        urls = [f"http://{a}:{args.port}/?token={token}" for a in lan_addresses()]
        ip = "0.0.0.0"
    else:
        token = None
        urls = [f"http://localhost:{args.port}/"]
        ip = "127.0.0.1"
    print("Rise & Fall Table Companion")
    for u in urls:
        print(f"  open {u}")
    if args.table:
        try:
            import qrcode

            qr = qrcode.QRCode(border=1)
            qr.add_data(urls[0])
            qr.print_ascii(invert=True)
        except Exception as e:  # a missing QR code must not stop the table
            print(f"  (no QR code: {e})")
        print("  The tablet must be on the same network. Keep the token private.")
    sys.stdout.flush()
    proc = subprocess.Popen(voila_command(args.port, ip, token, args.preheat), env=voila_env())
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        return proc.wait()


if __name__ == "__main__":
    raise SystemExit(main())
