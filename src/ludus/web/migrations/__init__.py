"""The web platform's schema as Alembic migrations (``versions/``), applied by :func:`upgrade`.

A new revision: change :mod:`ludus.web.store`, then ``alembic -c src/ludus/web/migrations/alembic.ini
revision --autogenerate -m "what"`` and review it; ``tests/web/test_persistence.py`` checks that
the migrations and the models agree, on SQLite and on PostgreSQL.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

HERE = Path(__file__).resolve().parent

LOCK = 0x6C75647573
"""The PostgreSQL advisory lock held while migrating ("ludus" in ASCII)."""


def config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for this package's scripts (bound to ``connection``)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database of ``engine`` to ``revision`` (the newest by default).

    Several servers may start at once over one database: each migrates in one
    transaction that first takes the database's lock (PostgreSQL: an advisory lock;
    SQLite: ``BEGIN IMMEDIATE``, its write lock), so the first does the work and the
    others, let in after it committed, find the schema up to date.
    """
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
        elif connection.dialect.name == "sqlite":
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        command.upgrade(config(connection), revision)
