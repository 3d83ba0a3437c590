"""Full page or fragment from one template.

A view calls ``render("area/view.html", blocks=("board",), **context)``: a normal request gets
the whole page; an htmx request (``HX-Request: true``, but not a history restore, which needs
the whole page) gets only the named blocks, concatenated. Every response says
``Vary: HX-Request`` so caches keep the two apart.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from flask import Flask, current_app, render_template
from flask_htmx import HTMX
from werkzeug.wrappers import Response

htmx = HTMX()


def is_fragment_request() -> bool:
    return bool(htmx) and not htmx.history_restore_request


def render(template_name: str, *, blocks: Sequence[str] = (), **context: object) -> str:
    """Render the page, or only ``blocks`` of it for an htmx request."""
    return render_context(template_name, context, blocks)


def render_context(template_name: str, context: Mapping[str, object], blocks: Sequence[str] = ()) -> str:
    """``render`` of a context held as a mapping (one built in steps, or passed on); the caller's
    mapping is left as it was."""
    if blocks and is_fragment_request():
        env = current_app.jinja_env
        template = env.get_template(template_name)
        values = dict(context)
        current_app.update_template_context(values)
        ctx = template.new_context(values)
        return "".join("".join(template.blocks[name](ctx)) for name in blocks)
    return render_template(template_name, **context)


def add_vary_header(response: Response) -> Response:
    response.vary.add("HX-Request")
    return response


def init_app(app: Flask) -> None:
    htmx.init_app(app)
    app.after_request(add_vary_header)
