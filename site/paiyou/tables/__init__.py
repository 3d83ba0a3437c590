"""The tables: a deal against the computer, from its start to its end (as lila's ``round``).

The table service (start, load, act, advance, the computer's moves, hints), who may act on a deal
(seat keys), what a browser keeps (cookies, statistics), and the game-blind table model each
game's room fills in (``presenter``: the ``Table`` Protocol)."""
