"""``ludus serve``: the web platform on http://127.0.0.1:8000 (the ``web`` extra)."""

from __future__ import annotations

import argparse

from rich.console import Console

from ludus.core.errors import N_, LudusError

__all__ = ["cmd_serve"]


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    """Run the web server until interrupted."""
    try:
        import uvicorn

        from ludus.web.app import Settings, create_app, default_db
        from ludus.web.http import redacting_log_config
    except ImportError as missing:
        raise LudusError(N_("the web platform needs the web extra: pip install 'ludus[web]' ({error})"),
                         error=str(missing)) from None
    db = args.db or default_db()
    settings = Settings(db=db, origins=tuple(args.allow_origin), bot_threads=args.bot_threads,
                        bot_delay=args.bot_delay)
    lang = args.lang
    said = lang.gettext("ludus serves on http://{host}:{port} (database: {db}); Ctrl-C stops it.")
    console.print(said.format(host=args.host, port=args.port, db=db.split("@")[-1]), highlight=False,
                  markup=False)
    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level=args.log_level,
                ws_ping_interval=20, ws_ping_timeout=20,
                log_config=redacting_log_config())  # no seat's token in the access log
    return 0
