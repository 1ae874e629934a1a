"""Plain rows the store returns, which views may import: no SQLAlchemy here."""
