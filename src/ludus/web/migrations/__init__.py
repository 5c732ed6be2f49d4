"""The web platform's schema as Alembic migrations (``versions/``), applied by :func:`upgrade`.

A new revision: change :mod:`ludus.web.store`, then ``alembic -c src/ludus/web/migrations/alembic.ini
revision --autogenerate -m "what"`` and review it; ``tests/web/test_store.py`` checks that the
migrations and the models agree.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

HERE = Path(__file__).resolve().parent


def config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for this package's scripts (bound to ``connection``)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database of ``engine`` to ``revision`` (the newest by default)."""
    with engine.begin() as connection:
        command.upgrade(config(connection), revision)
