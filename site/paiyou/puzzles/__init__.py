"""Puzzles and lessons: positions as data (``content/puzzles/<game>/``), answers from the engine.

- ``model``: the lesson and puzzle values and their vocabulary.
- ``solving``: for every puzzle, the engine's solution (``Puzzle.solution``).
- ``loading``: the lesson file format, loaded strictly into a ``Course``.
  These three import no Flask: the Babel extractor uses them too.
- ``checking``: a learner's answer (from a form or a URL) checked against the engine's solution.
- ``feedback``: verdicts, hints and "every play that would beat this", in the learner's language.
- ``practice``: endless puzzles generated from seeded random deals.
- ``progress``: solved puzzles and stars, kept in a cookie.
- ``extract``: the Babel extractor for the lesson texts (gettext domain ``puzzles``).
"""
