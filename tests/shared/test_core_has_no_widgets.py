"""The core (World, tracker, scoring, files) works from a script: it never imports widgets."""

import pkgutil
import subprocess
import sys

import companion


def core_modules() -> list[str]:
    """Every module but the screens: a game's screens live in its ``screens`` folder."""
    return [m.name for m in pkgutil.walk_packages(companion.__path__, "companion.")
            if ".ui" not in m.name and ".screens" not in m.name and not m.name.endswith("__main__")]


def test_core_imports_without_widget_libraries():
    mods = core_modules()
    assert "companion.rise_and_fall.play.tracker" in mods and "companion.gamelog" in mods
    code = (
        "import sys\n"
        "for name in ('ipywidgets', 'ipycanvas', 'voila'):\n"
        "    sys.modules[name] = None  # importing them now fails\n"
        f"for m in {mods!r}:\n"
        "    __import__(m)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
