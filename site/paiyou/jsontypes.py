"""The one name the site gives JSON at its edges: a stored record or ``meta`` column, an analysis
result, an API's body, a posted record.

``JsonObject`` is what ``json.loads`` gives for an object and what ``json.dumps`` writes. Its
values are ``object``: whatever reads one narrows each value it uses (``isinstance``), so a value
that came from outside is never trusted by its type. This module imports nothing, so
every layer may use it; the engine's records (``GameSpec.to_record``) are the same type.
"""
from __future__ import annotations

JsonObject = dict[str, object]
