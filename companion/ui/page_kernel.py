"""The kernel of a served page: ipykernel without its debugger, and its threads' stacks on demand.

Every page of the table has a kernel of its own, and `make run` keeps five of them started. The
debugger (debugpy, which ipykernel loads at its start when it is installed) costs each of them
about 8 MB and a tenth of a second and no player ever uses it: a page's kernel accepts widget
messages only. The dashboard's kernel spec (``jupyter/kernels/python3``, found first on the
``JUPYTER_PATH`` the launcher sets) starts this module instead of ``ipykernel_launcher``.
JupyterLab, which does not use that path, keeps its own kernel and its debugger.

**A page that hangs.** ``kill -USR1 <pid>`` on a page's kernel (or on the server, which the
launcher sets up the same way) writes the stack of every one of its threads: into
``$COMPANION_STACKS/<role>-<pid>.txt`` when that folder is given (the browser tests give one and
print the stacks when a wait runs out), else to the server's terminal. The process goes on.

**Nothing a page is sent is dropped.** A tap that opens a big panel (Setup's game in progress: some 900
widgets) makes thousands of messages in a second. ZeroMQ, between the kernel and the server, keeps 1,000
of them for a reader that is behind (a server short of CPU on a busy machine) and silently drops the rest:
the page then never hears of widgets its next boxes hold ("widget model not found") and a panel never
draws. The kernel's IOPub socket here keeps every message until the server takes it
(:func:`keep_every_message`).
"""

from __future__ import annotations

import os
import sys

#: The folder where a process writes its threads' stacks on SIGUSR1 (else: the terminal).
STACKS = "COMPANION_STACKS"
_KEPT: list = []  # the file the stacks go to stays open for the life of the process


def stacks_on_signal(role: str) -> str | None:
    """From now on SIGUSR1 writes the stack of every thread of this process (see the module's
    docstring); the file it writes to, or None for the terminal."""
    import faulthandler
    import signal

    if not hasattr(signal, "SIGUSR1"):
        return None
    folder = os.environ.get(STACKS)
    if folder:
        try:
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, f"{role}-{os.getpid()}.txt")
            out = open(path, "w")  # noqa: SIM115 - kept open: faulthandler writes to it on each signal
            _KEPT.append(out)
            faulthandler.register(signal.SIGUSR1, file=out, all_threads=True)
            return path
        except OSError:
            pass
    # the terminal as it is now: ipykernel later sends what a kernel writes to its stderr to the
    # page, and the stacks are for whoever serves, never for the players
    fd = os.dup(sys.stderr.fileno())
    _KEPT.append(fd)
    faulthandler.register(signal.SIGUSR1, file=fd, all_threads=True)
    return None


def keep_every_message() -> None:
    """The kernel's IOPub socket (made from now on) keeps every message for a server that is behind instead of
    dropping what passes ZeroMQ's high-water mark (1,000 messages): the socket is made with no such mark."""
    import zmq
    from ipykernel.kernelapp import IPKernelApp

    made = IPKernelApp.init_iopub
    if getattr(made, "keeps_every_message", False):
        return

    def init_iopub(self: IPKernelApp, context: zmq.Context) -> None:
        context.sndhwm = 0  # a default for the sockets made here: the IOPub socket
        try:
            made(self, context)
        finally:
            del context.sndhwm

    init_iopub.keeps_every_message = True  # type: ignore[attr-defined]
    IPKernelApp.init_iopub = init_iopub  # type: ignore[method-assign]


def main() -> None:
    if sys.path and sys.path[0] in ("", "."):  # as ipykernel_launcher: the working folder is no package
        del sys.path[0]
    sys.modules["debugpy"] = None  # type: ignore[assignment]  # ipykernel's import fails: no debugger
    stacks_on_signal("kernel")
    keep_every_message()
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
