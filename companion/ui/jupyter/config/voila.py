"""Voilà's settings for the Table Companion's notebooks, installed with the package (into
``<prefix>/etc/jupyter``, where every Voilà of the environment reads its ``voila.py``): plain
``voila notebooks/companion.ipynb`` serves the table as ``make run`` serves it. Any other
notebook is served as Voilà serves it. See ``companion.ui.voila_launch.configure`` and
docs/serving.md."""

c = get_config()  # noqa: F821 - Jupyter's config files are run with get_config given

try:
    from companion.ui.voila_launch import configure
except ImportError:  # the package is gone from this environment: Voilà's own settings
    pass
else:
    configure(c)
