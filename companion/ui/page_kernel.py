"""The kernel of a served page: ipykernel without its debugger.

Every page of the table has a kernel of its own, and `make run` keeps five of them started. The
debugger (debugpy, which ipykernel loads at its start when it is installed) costs each of them
about 8 MB and a tenth of a second and no player ever uses it: a page's kernel accepts widget
messages only. The dashboard's kernel spec (``jupyter/kernels/python3``, found first on the
``JUPYTER_PATH`` the launcher sets) starts this module instead of ``ipykernel_launcher``.
JupyterLab, which does not use that path, keeps its own kernel and its debugger.
"""

from __future__ import annotations

import sys


def main() -> None:
    if sys.path and sys.path[0] in ("", "."):  # as ipykernel_launcher: the working folder is no package
        del sys.path[0]
    sys.modules["debugpy"] = None  # type: ignore[assignment]  # ipykernel's import fails: no debugger
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
