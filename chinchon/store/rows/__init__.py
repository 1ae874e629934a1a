"""Plain rows the store returns, which views may import: no SQLAlchemy here."""

import datetime


def utc_now() -> datetime.datetime:
    """Now in UTC, without a zone (as the database keeps times)."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
