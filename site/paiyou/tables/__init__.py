"""The table as a page or JSON shows it: the game-blind table model (``table``), the ``Table``
Protocol each game's room fills in (``presenter``), the table's labels and template helpers, what
its forms send, and what the play and friends routes share (``pages``, ``friend_pages``). The deal
itself is ``paiyou.deals``'; who may act on it, ``paiyou.seats``'."""
