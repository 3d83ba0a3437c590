"""Puzzles and lessons: positions as data (``content/puzzles/<game>/``), answers from the engine.

- ``model``: the lesson and puzzle values, the lesson file format (strict loading) and, for every
  puzzle, the engine's solution (``Puzzle.solution``). Imports no Flask.
- ``checking``: a learner's answer (from a form or a URL) checked against the engine's solution.
- ``feedback``: verdicts, hints and "every play that would beat this", in the learner's language.
- ``practice``: endless puzzles generated from seeded random deals.
- ``progress``: solved puzzles and stars, kept in a cookie.
- ``extract``: the Babel extractor for the lesson texts (gettext domain ``puzzles``).
"""
