"""The deals: a deal at its table from its start to its end (as lila's ``round``).

Who sits where (``seating``), a stored game and the deal its record replays to (``game``), the
public log (``log``), the computer's moves (``computer``), hints (``hints``) and the service that
changes a stored deal (``service``). The service tells the layers above what changed through
``signals`` (``deal_changed``, ``deal_over``) instead of calling up into them."""
