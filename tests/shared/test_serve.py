"""Serving: the token is not on any command line, Host headers are checked (DNS rebinding),
signals reach Voilà and it is waited for; it stops too when the wrapper dies."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.ui.serve import CULL_IDLE, CULL_INTERVAL, voila_command, voila_env
from companion.ui.voila_launch import host_allowed, machine_names

ROOT = Path(__file__).resolve().parents[2]


def test_host_rule():
    names = machine_names()
    assert host_allowed("localhost:8866", names) and host_allowed("127.0.0.1:8866", names)
    assert host_allowed("192.168.1.20:8866", names) and host_allowed("[::1]:8866", names)
    assert host_allowed(socket.gethostname() + ":8866", names)
    assert not host_allowed("evil.example:8866", names) and not host_allowed("localhost.evil.example", names)
    assert host_allowed("evil.example", None)


def test_the_token_is_never_on_the_command_line():
    cmd = voila_command(8866, "0.0.0.0", "s3cret-token")
    assert not any("s3cret-token" in a for a in cmd)
    assert voila_env("s3cret-token")["JUPYTER_TOKEN"] == "s3cret-token"
    assert "JUPYTER_TOKEN" not in voila_env(None)


def test_the_table_finds_its_kernels_started():
    """`make run` and `make table` keep a kernel started for the tablet and each of four phones;
    the tests' servers keep one, or none."""
    from companion.ui import serve

    cmd = " ".join(voila_command(8866, "127.0.0.1", None, True))
    assert "--preheat_kernel=True" in cmd and f"--pool_size={serve.POOL}" in cmd and serve.POOL >= 5
    assert f"fill_delay={serve.FILL_DELAY}" in cmd
    assert "--pool_size=1" in " ".join(voila_command(8866, "127.0.0.1", None, 1))
    assert "preheat" not in " ".join(voila_command(8866, "127.0.0.1", None, 0))
    assert "preheat" not in " ".join(voila_command(8866, "127.0.0.1", None))


def test_kernels_are_culled_within_two_minutes_of_their_page_closing():
    cmd = " ".join(voila_command(8866, "127.0.0.1", None))
    assert f"cull_idle_timeout={CULL_IDLE}" in cmd and f"cull_interval={CULL_INTERVAL}" in cmd
    assert "cull_connected=False" in cmd and CULL_IDLE + CULL_INTERVAL <= 120


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-eo", "pid,ppid"], capture_output=True, text=True, check=True).stdout.split()[2:]
    pairs = [(int(out[i]), int(out[i + 1])) for i in range(0, len(out), 2)]
    found, stack = [], [pid]
    while stack:
        p = stack.pop()
        for c, pp in pairs:
            if pp == p:
                found.append(c)
                stack.append(c)
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def get(port: int, path: str, host: str, timeout: float = 60) -> int:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    c.request("GET", path, headers={"Host": host})
    status = c.getresponse().status
    c.close()
    return status


def start_table(tmp_path):
    port = free_port()
    env = dict(os.environ, COMPANION_DATA=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "companion.ui.serve", "--table", "--no-preheat", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, start_new_session=True)
    token = None
    for line in proc.stdout:
        m = re.search(r"token=([\w-]+)", line)
        if m:
            token = m.group(1)
            break
    deadline = time.time() + 90
    while True:
        try:
            get(port, "/favicon.ico", f"127.0.0.1:{port}", timeout=2)
            break
        except OSError:
            if time.time() > deadline:
                proc.kill()
                pytest.fail("Voilà did not start")
            time.sleep(0.5)
    return proc, port, token


def stop(proc) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def test_a_table_server_hides_its_token_checks_hosts_and_stops_on_sigterm(tmp_path):
    proc, port, token = start_table(tmp_path)
    try:
        family = [proc.pid] + descendants(proc.pid)
        assert len(family) >= 2
        for pid in family:
            assert token not in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        assert get(port, "/", f"evil.example:{port}") == 403  # DNS rebinding: refused
        assert get(port, "/", f"127.0.0.1:{port}") in (302, 401, 403)  # no token
        assert get(port, f"/?token={token}", f"localhost:{port}") == 200
        os.kill(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
        deadline = time.time() + 10
        while any(alive(p) for p in family) and time.time() < deadline:
            time.sleep(0.2)
        assert not any(alive(p) for p in family), "Voilà outlived the wrapper"
        with pytest.raises(OSError):
            get(port, "/favicon.ico", f"127.0.0.1:{port}", timeout=2)
    finally:
        stop(proc)


def fetch(port: int, path: str, gzip: bool) -> tuple[int, dict[str, str], bytes]:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request("GET", path, headers={"Host": f"127.0.0.1:{port}", **({"Accept-Encoding": "gzip"} if gzip else {})})
    r = c.getresponse()
    out = (r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
    c.close()
    return out


def test_the_page_script_goes_over_the_network_compressed(tmp_path):
    """Voilà's ``tornado_settings`` cannot turn Tornado's gzip on; the launcher does, and a request
    that accepts gzip gets the same script, compressed to a fraction (a file once compressed is
    kept for the next request)."""
    import gzip

    proc, port, _ = start_table(tmp_path)
    try:
        for path in ("/voila/static/voila.js", "/voila/templates/companion/static/index.css"):
            status, plain_headers, plain = fetch(port, path, gzip=False)
            assert status == 200 and "content-encoding" not in plain_headers, path
            status, headers, packed = fetch(port, path, gzip=True)
            assert status == 200 and headers.get("content-encoding") == "gzip", (path, headers)
            assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 2, path
            # the next phone gets the bytes kept from the first (compressed once), complete
            status, again_headers, again = fetch(port, path, gzip=True)
            assert status == 200 and again == packed and again_headers.get("content-length") == str(len(packed)), path
            assert "Accept-Encoding" in again_headers.get("vary", ""), again_headers
    finally:
        stop(proc)


def test_voila_stops_when_the_wrapper_is_killed(tmp_path):
    proc, port, _ = start_table(tmp_path)
    try:
        family = descendants(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        deadline = time.time() + 15
        while any(alive(p) for p in family) and time.time() < deadline:
            time.sleep(0.2)
        assert not any(alive(p) for p in family)
    finally:
        stop(proc)


def test_serving_compiles_the_package_once_so_kernels_do_not(tmp_path):
    """Where ``PYTHONDONTWRITEBYTECODE`` is set, a kernel that finds no compiled module compiles
    the companion anew at every page load; serving compiles it first, and a kernel reads that."""
    import importlib.util

    from companion.ui import serve

    serve.compile_package()
    for module in ("ui/app.py", "rise_and_fall/screens/game_screen.py", "rise_and_fall/play/tracker.py"):
        source = serve.ROOT / "companion" / module
        cached = Path(importlib.util.cache_from_source(str(source)))
        assert cached.exists() and cached.stat().st_mtime >= source.stat().st_mtime, module
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONPATH=str(serve.ROOT))
    code = ("import builtins, sys; calls = []; real = builtins.compile\n"
            "builtins.compile = lambda *a, **k: (calls.append(a[1] if len(a) > 1 else '?'), real(*a, **k))[1]\n"
            "import companion.ui.app\n"
            "print(sum('companion' in str(c) for c in calls))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "0"


def test_a_pages_kernel_starts_without_the_debugger_and_a_seat_imports_no_board(tmp_path):
    """Each page's kernel is small: the dashboard's kernel spec (found first on the path the
    launcher gives Voilà) starts ipykernel without debugpy, and a seat's screen needs no board
    (ipycanvas, Pillow) and no World screen."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import start_new_kernel

    env = voila_env()
    old = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = env["JUPYTER_PATH"]
    try:
        spec = KernelSpecManager().get_kernel_spec("python3")
        assert spec.argv[1:3] == ["-m", "companion.ui.page_kernel"], spec.argv
        km, kc = start_new_kernel(kernel_name="python3", env={**env, "COMPANION_DATA": str(tmp_path)})
    finally:
        if old is None:
            os.environ.pop("JUPYTER_PATH", None)
        else:
            os.environ["JUPYTER_PATH"] = old
    out: list[str] = []
    try:
        kc.execute_interactive(
            "import sys, ipywidgets\n"
            "import companion.rise_and_fall.screens.seat_screen\n"
            "print(sorted(m for m in ('debugpy', 'ipycanvas', 'PIL', 'companion.ui.board',\n"
            "      'companion.rise_and_fall.screens.world_screen') if sys.modules.get(m) is not None))",
            timeout=60, output_hook=lambda m: out.append(m["content"].get("text", "")) if m["msg_type"] == "stream" else None)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    assert "".join(out).strip() == "[]", out


def test_plain_voila_is_configured_as_make_run_for_the_companions_notebooks(monkeypatch):
    """`voila notebooks/companion.ipynb` (without the launcher) reads the settings installed with the
    package (<prefix>/etc/jupyter/voila.py): the companion template found on Jupyter's path, the
    first paint, the same culling, output wait and pool as `make run`. Another notebook, and the
    launcher (which says it all on its command line), are left as they are."""
    from traitlets.config import Config

    from companion.ui import serve, voila_launch

    monkeypatch.setattr(voila_launch, "install", lambda: None)  # the server's patches: not in this process
    monkeypatch.setattr(voila_launch, "install_gzip", lambda: None)
    monkeypatch.delenv(voila_launch.LAUNCHED, raising=False)
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    monkeypatch.chdir(ROOT)
    c = Config()
    assert voila_launch.configure(c, ["notebooks/companion.ipynb", "--port=9"], "/venv/bin/voila")
    assert os.environ["JUPYTER_PATH"].split(os.pathsep) == [str(ROOT / "companion" / "ui" / "jupyter"), "/elsewhere"]
    assert c.VoilaConfiguration.template == "companion" and c.VoilaConfiguration.page_config_hook.keywords["served"].name == "companion.ipynb"
    assert c.MappingKernelManager.cull_idle_timeout == serve.CULL_IDLE and c.MappingKernelManager.cull_interval == serve.CULL_INTERVAL
    assert not c.MappingKernelManager.cull_connected and not c.MappingKernelManager.cull_busy
    assert c.VoilaExecutor.iopub_timeout == serve.IOPUB_TIMEOUT
    assert c.ZMQChannelsWebsocketConnection.limit_rate is False  # every widget message reaches its page
    assert c.VoilaConfiguration.extension_denylist == ["jupyterlab_pygments"]  # as the launcher's command line says
    assert c.VoilaConfiguration.preheat_kernel and c.VoilaConfiguration.default_pool_size == serve.POOL
    folder = Config()
    assert voila_launch.configure(folder, ["notebooks"], "/venv/bin/voila") and "preheat_kernel" not in folder.VoilaConfiguration  # a pool per notebook
    # an option's value before the notebook is not what is served
    assert voila_launch.configure(Config(), ["--port", "8867", "notebooks/companion.ipynb"], "/venv/lib/voila/__main__.py")
    assert not voila_launch.configure(other := Config(), ["/tmp/analysis.ipynb"], "/venv/bin/voila") and not other
    # JupyterLab started in the project reads the same file through Voilà's extension: it keeps its own kernels
    assert not voila_launch.configure(lab := Config(), [], "/venv/bin/jupyter-lab") and not lab
    monkeypatch.setenv(voila_launch.LAUNCHED, "1")
    assert not voila_launch.configure(launched := Config(), ["notebooks/companion.ipynb"], "/venv/bin/voila") and not launched
    installed = (ROOT / "companion" / "ui" / "jupyter" / "config" / "voila.py").read_text()
    assert "configure(c)" in installed
    assert (Path(sys.prefix) / "etc" / "jupyter" / "voila.py").resolve().read_text() == installed  # make install put it there


def test_plain_voila_culls_the_kernels_of_closed_pages(tmp_path):
    port = free_port()
    env = dict(os.environ, COMPANION_DATA=str(tmp_path / "data"), PYTHONPATH=str(ROOT))
    env.pop("JUPYTER_PATH", None)
    voila = Path(sys.executable).with_name("voila")
    log = open(tmp_path / "voila.log", "w")
    # a pool of one kernel, not make run's six (the command line wins over the installed settings)
    proc = subprocess.Popen([str(voila), "notebooks/companion.ipynb", "--no-browser", f"--port={port}", "--pool_size=1"], cwd=ROOT,
                            stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        deadline = time.time() + 60
        while True:
            try:
                assert get(port, "/", f"127.0.0.1:{port}", timeout=60) == 200  # the page starts a kernel
                break
            except OSError:
                assert time.time() < deadline and proc.poll() is None, "Voilà did not start"
                time.sleep(0.5)
        wait = time.time() + 20
        while "Culling kernels" not in (tmp_path / "voila.log").read_text() and time.time() < wait:
            time.sleep(0.3)
        said = (tmp_path / "voila.log").read_text()
        assert f"Culling kernels with idle durations > {CULL_IDLE} seconds at {CULL_INTERVAL} second intervals" in said, said[-2000:]
        # the companion's template: its first paint and script, no icon font from a CDN, the _xsrf
        # cookie that lets a closed page's shutdown post through, and gzip
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        c.request("GET", "/", headers={"Host": f"127.0.0.1:{port}", "Accept-Encoding": "gzip"})
        answer = c.getresponse()
        body = __import__("gzip").decompress(answer.read()).decode()
        c.close()
        assert answer.getheader("Content-Encoding") == "gzip"
        assert "rf-getting-ready" in body and "rf-first-paint" in body and "rf-address" in body
        assert "fontawesome" not in body.lower() and "cdn.jsdelivr" not in body
        assert "_xsrf=" in (answer.getheader("Set-Cookie") or ""), answer.getheaders()
        # the page's chunks in one file, preloaded in its head and run before voila.js; kept by the browser
        from companion.ui.page_scripts import ROUTE

        chunks = re.search(r'<script src="/(%s\?v=\w+)"></script>' % re.escape(ROUTE), body)
        assert chunks and f'"/{chunks.group(1)}"' in body[body.index("rf-first-paint"):body.index(chunks.group(0))]  # asked once drawn
        assert body.index(chunks.group(0)) < body.index("voila/static/voila.js\"></script>")
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        c.request("GET", "/" + chunks.group(1), headers={"Host": f"127.0.0.1:{port}", "Accept-Encoding": "gzip"})
        answer = c.getresponse()
        script = __import__("gzip").decompress(answer.read())
        c.close()
        assert answer.status == 200 and answer.getheader("Content-Encoding") == "gzip"
        assert answer.getheader("Cache-Control") == "max-age=31536000, immutable"
        assert script.count(b"(function () {\n") > 80 and b"webpackChunk" in script
    finally:
        stop(proc)
        log.close()


def test_the_server_skips_the_import_of_a_grammar_it_never_uses():
    """``rfc3987_syntax`` (1.8 of the 2.6 CPU-seconds of Voilà's import) is marked absent before Voilà is imported:
    Voilà and Jupyter's events import without it, and jsonschema checks formats as it does without the module."""
    code = ("import sys; from companion.ui.voila_launch import skip_slow_imports; skip_slow_imports();"
            " import voila.app, jupyter_events.logger, jsonschema;"
            " assert sys.modules['rfc3987_syntax'] is None, 'imported';"
            " jsonschema.validate('a b', {'type': 'string', 'format': 'iri'}, format_checker=jsonschema.FormatChecker());"
            " print('ok')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.stdout.strip() == "ok", out.stderr[-2000:]
