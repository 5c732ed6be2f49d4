"""The ludus web platform: play in the browser, together or against bots (``ludus serve``).

Needs the ``web`` extra (``pip install 'ludus[web]'``: FastAPI, uvicorn, Jinja2, SQLAlchemy,
Alembic, psycopg). :func:`ludus.web.app.create_app` builds the ASGI application; see
docs/web.md for the pages, the HTTP API, the WebSockets and how nothing is lost.
"""
