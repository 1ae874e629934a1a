"""Chinchón Lab: the library behind the site and the command line (see ``docs/architecture.md``)."""

#: The release, shown by ``python -m chinchon --version`` and in the site's sidebar; the
#: package's metadata reads it from here (pyproject.toml), and CHANGELOG.md names it.
__version__ = "0.3.0"
