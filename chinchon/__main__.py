"""``python -m chinchon``: see :mod:`chinchon.cli`."""

from chinchon.cli import main

raise SystemExit(main())
