"""Command-line scripts. A package so that the data generators' logic (``fit_imitation.py``,
``lead_ranks.py``, ``selfplay.py``) is imported by their tests and by ``research/`` under its own
name; each script still runs as ``python scripts/<name>.py``. Nothing in ``engine/`` or ``site/``
imports it."""
