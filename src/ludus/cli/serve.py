"""``ludus serve``: the web platform on http://127.0.0.1:8000 (the ``web`` extra)."""

from __future__ import annotations

import argparse
import os

from rich.console import Console

from ludus.core.errors import N_, LudusError

__all__ = ["cmd_serve"]


def cmd_serve(args: argparse.Namespace, console: Console) -> int:
    """Run the web server until interrupted."""
    try:
        import uvicorn

        from ludus.web.app import SETTINGS_VARIABLE, Settings, create_app, default_db
        from ludus.web.http import redacting_log_config
    except ImportError as missing:
        raise LudusError(N_("the web platform needs the web extra: pip install 'ludus[web]' ({error})"),
                         error=str(missing)) from None
    db = args.db or default_db()
    workers = max(1, args.workers)
    if workers > 1 and not db.startswith("postgresql"):
        raise LudusError(N_("--workers {workers} needs PostgreSQL (--db postgresql+psycopg://…): the "
                            "processes tell each other of every move through it"), workers=workers)
    cores = os.cpu_count() or 1
    settings = Settings(db=db, origins=tuple(args.allow_origin), bot_threads=args.bot_threads,
                        bot_delay=args.bot_delay, tables_per_minute=args.tables_per_minute,
                        table_burst=args.table_burst, bot_tables=args.bot_tables,
                        reads_per_second=args.reads_per_second,
                        idle_seconds=args.idle_days * 86400, hint_level=args.hint_level,
                        review_level=args.review_level,
                        bot_processes=max(1, min(8, cores // workers)) if args.bot_processes is None
                        else max(0, args.bot_processes),
                        smtp=args.smtp, smtp_from=args.smtp_from, smtp_user=args.smtp_user,
                        smtp_password_file=args.smtp_password_file, smtp_tls=args.smtp_tls,
                        public_url=args.public_url, mail_lang=args.lang.code)
    settings.mail()  # wrong mail settings: one line now, not at the first mail
    lang = args.lang
    said = lang.gettext("ludus serves on http://{host}:{port} (database: {db}); Ctrl-C stops it.")
    console.print(said.format(host=args.host, port=args.port, db=db.split("@")[-1]), highlight=False,
                  markup=False)
    served = dict(host=args.host, port=args.port, log_level=args.log_level, ws_ping_interval=20,
                  ws_ping_timeout=20, forwarded_allow_ips=args.forwarded_allow_ips,
                  log_config=redacting_log_config())  # no seat's token in the access log
    if workers > 1:  # each process builds its application from the settings in its environment
        os.environ[SETTINGS_VARIABLE] = settings.to_json()
        uvicorn.run("ludus.web.app:from_environment", factory=True, workers=workers, **served)
    else:
        uvicorn.run(create_app(settings), **served)
    return 0
