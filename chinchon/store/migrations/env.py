"""Alembic's entry point for the store's migrations (see chinchon.store.database.upgrade)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from chinchon.store.database import make_engine
from chinchon.store.schema import Base


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _migrate(connection)
        return
    engine = make_engine(context.config.get_main_option("sqlalchemy.url"))
    with engine.connect() as opened:
        _migrate(opened)
        opened.commit()
    engine.dispose()


def _migrate(connection: Connection) -> None:
    # SQLite alters tables by copying them: batch mode does that for us.
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


run()
