"""Voilà with a Host header check: ``python -m companion.ui.voila_launch <voila arguments>``.

A page on another site whose name is made to point at this machine (DNS rebinding) could
otherwise drive the dashboard from a player's browser. Voilà turns Jupyter Server's own check
off (``allow_remote_access``), and Jupyter Server's check would refuse the tablet's request to
the machine's LAN address, so the check is put back here with this rule: a Host that is an IP
address is allowed (a rebinding attack always comes under a name), a name only when it is
one of this machine's (``localhost``, its host name and fully qualified name) or one the
user allowed. ``$COMPANION_ALLOWED_HOSTS`` lists the allowed names, comma-separated; ``*``
allows every name.
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket


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


def install() -> None:
    from jupyter_server.base.handlers import JupyterHandler

    allowed = allowed_from_env()

    def check_host(self) -> bool:
        ok = host_allowed(self.request.host, allowed)
        if not ok:
            self.log.warning("Refused a request for Host %r: not a name of this machine (see --allow-host).", self.request.host)
        return ok

    JupyterHandler.check_host = check_host


def main() -> None:
    install()
    from voila.app import main as voila_main

    voila_main()


if __name__ == "__main__":
    main()
