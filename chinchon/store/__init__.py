"""The database side of Chinchón Lab: learners, puzzle attempts, ratings, games, tables with
people, classes. Import each name from its module: :mod:`chinchon.store.store` (the store
itself), :mod:`chinchon.store.rows` (the plain rows views read), :mod:`chinchon.store.database`
(URLs, engines, migrations), :mod:`chinchon.store.tables`, :mod:`chinchon.store.classes`, ….

The engine never imports this package; pages reach it through ``webui/progress.py`` and the
services of :mod:`chinchon.services`, the command line through ``python -m chinchon db upgrade``.
"""

# Every module that defines tables, so that Base.metadata holds them all wherever the store is
# used: rotate_learner follows every foreign key to a learner, and the migrations' check
# compares every table. Imported for that, not for their names.
from chinchon.store import class_lessons, class_live, classes, table_schema  # noqa: F401
