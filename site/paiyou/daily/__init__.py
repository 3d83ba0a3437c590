"""The daily deal on the site (docs/daily.md): one deal per listed game and UTC day, the same for
everyone, scored against the field. The core is the engine's (``engine.daily``, ``engine.field``)
and the store's (``paiyou.store.daily``); this package is what the site adds on it:

- (the daily mark of a stored deal and the secrecy of its seed live one layer down, in
  ``paiyou.deals.daily_mark``: the deals themselves ask it);
- ``secret``: the day's secrets at start-up (``PAIYOU_DAILY_SECRET``);
- ``results``: the counted result, recorded when a daily deal ends;
- ``service``: the day's public facts, a start, your result against the field (par, share);
- ``answers``: the API's errors and bodies; ``pages``: what the day's pages show.
"""
