"""The jobs of ``scripts/snapshot.py`` (its docstring says what a snapshot is and how to use it),
one module each:

- ``record``: the recorder, one file per HTTP exchange, normalised; the links each page gives;
- ``app``: the site under test (``paiyou.create_app``) and its test client;
- ``crawl``: the breadth-first crawl over every same-site link;
- ``forms``: a puzzle's answer form, read from its page, and the answers to send;
- ``lessons``: the lesson puzzles and practice puzzles answered;
- ``deals``: full deals with fixed seeds, through the JSON API and through the HTML table;
- ``bad_input``: bad requests to the game API and the table, unknown pages and methods;
- ``judge``: the judge API;
- ``settings``: the root's choice of language, the operator's settings;
- ``cli``: the engine's command line, run as subprocesses;
- ``run``: every job in order, and the summary.

Only ``scripts/snapshot.py`` runs them (it fixes ``PYTHONHASHSEED`` first)."""
