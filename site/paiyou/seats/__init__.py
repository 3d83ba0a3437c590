"""The seats: who may act on a deal and how people sit at a table.

Seat keys (``keys`` without a request, ``access`` for a Flask request), what a browser keeps
(``cookies``, ``stats``) and a table with friends (``friends``: invites, names, leaving, the turn
timer), all on top of ``paiyou.deals``."""
