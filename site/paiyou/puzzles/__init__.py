"""Puzzles and lessons: positions as data (``content/puzzles/<game>/``), answers from the engine.

- ``model``: the values (steps, lessons, answers, verdicts) and ``Puzzle``, the shape every
  puzzle kind has: one frozen dataclass per kind, with a typed ``Solution``.
- ``kinds``: ``GamePuzzles``, the Protocol of a game's half (``paiyou.games.<game>.puzzles``:
  its kinds, words and practice), the registry built from the engine's game keys, and the kinds
  every game has (judge, beat-or-pass).
- ``loading``: the lesson file format, loaded strictly into a ``Course`` (the texts are
  ``paiyou.content.model.Text``; the Babel extractor is ``paiyou.puzzles.extract``).
- ``solving``: the engine's solution and the author's claim, side by side (the content test).
- ``checking``: a learner's answer (from a form or a URL) read and checked.
- ``feedback``: verdicts, hints and "every play that would beat this", in the learner's language.
- ``practice``: endless puzzles generated from seeded random deals.
- ``progress``: solved puzzles and stars, kept in a cookie.
- ``texts``: lesson texts rendered to HTML.
"""
