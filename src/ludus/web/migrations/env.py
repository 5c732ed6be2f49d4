"""Alembic's environment: migrations run on the connection :func:`ludus.web.migrations.upgrade` passes."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from ludus.web.store import Base

connection = context.config.attributes.get("connection")
if connection is None:  # the alembic command line: the URL from alembic.ini or LUDUS_DB
    import os

    url = (
        os.environ.get("LUDUS_DB") or context.config.get_main_option("sqlalchemy.url") or "sqlite:///ludus.db"
    )
    with create_engine(url).begin() as own:
        context.configure(connection=own, target_metadata=Base.metadata, render_as_batch=True)
        context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    context.run_migrations()
