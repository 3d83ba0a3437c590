"""The site's commands: ``flask --app paiyou i18n extract|update|compile`` (the catalog workflow
for every domain), ``flask --app paiyou games prune`` (forget old saved games) and ``flask --app
paiyou games analyse`` (run the queued analyses of finished deals here and now), ``flask --app
paiyou outage-pages DIR`` (the pages nginx shows when no app process answers: paiyou.outage)."""
from __future__ import annotations

from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import AppGroup, with_appcontext

from paiyou import outage
from paiyou.analysis import jobs as analyses
from paiyou.i18n import catalogs
from paiyou.i18n.names import name_messages
from paiyou.store.databases import store_for

i18n = AppGroup("i18n", help="Extract, update and compile the gettext catalogs (all domains).")
games = AppGroup("games", help="The saved games.")


def _translations_dir() -> Path:
    return Path(current_app.config["PAIYOU_TRANSLATIONS_DIR"])


@i18n.command("extract")
@click.option("--domain", "-D", "only", multiple=True, help="Only this domain (repeatable).")
def extract_command(only: tuple[str, ...]) -> None:
    """Write translations/<domain>.pot from each translations/<domain>.cfg."""
    for pot in catalogs.extract(_translations_dir(), only, names=name_messages()):
        click.echo(f"extracted {pot}")


@i18n.command("update")
@click.option("--domain", "-D", "only", multiple=True, help="Only this domain (repeatable).")
def update_command(only: tuple[str, ...]) -> None:
    """Merge each .pot into translations/<lang>/LC_MESSAGES/<domain>.po (creating missing ones)."""
    for po in catalogs.update(_translations_dir(), only):
        click.echo(f"updated {po}")


@i18n.command("compile")
def compile_command() -> None:
    """Merge every domain of each language into translations/<lang>/LC_MESSAGES/messages.mo."""
    for mo in catalogs.compile_catalogs(_translations_dir()):
        click.echo(f"compiled {mo}")


@games.command("prune")
@click.option("--days", type=int, default=None,
              help="Forget every game untouched this long (default: the configured policy, "
                   "PAIYOU_PRUNE_UNFINISHED_DAYS and PAIYOU_PRUNE_FINISHED_DAYS).")
def prune_command(days: int | None) -> None:
    """Delete old saved games."""
    store = store_for(current_app)
    count = store.prune() if days is None else store.delete_older_than(days * 24 * 3600)
    click.echo(f"deleted {count} games")


@games.command("analyse")
@click.option("--missing", is_flag=True,
              help="First queue every finished deal that has no analysis (e.g. it ended before analyses were kept).")
def analyse_command(missing: bool) -> None:
    """Run every queued analysis (and every one whose lease expired) in this process, one at a time."""
    store = store_for(current_app)
    if missing:
        click.echo(f"queued {store.queue_missing_analyses()} analyses")
    click.echo(f"ran {analyses.run_pending(current_app)} analyses")


@click.command("outage-pages")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@with_appcontext
def outage_pages_command(folder: Path) -> None:
    """Write the pages nginx shows when no app process answers in time into FOLDER."""
    for path in outage.write_pages(current_app, folder):
        click.echo(f"wrote {path}")


def init_app(app: Flask) -> None:
    app.cli.add_command(i18n)
    app.cli.add_command(games)
    app.cli.add_command(outage_pages_command)
