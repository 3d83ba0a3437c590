"""The games' rooms: ``games/<game>/`` holds everything that differs between games.

Each game's folder declares its room in its ``__init__.py`` (``ROOM``, a ``paiyou.registry.Room`` it
registers), and has one module per declared part (``paiyou.registry.PARTS``: ``table`` for
play, ``puzzles``, ``reasons``, ``vocabulary``), each providing an object of the Protocol its area
defines. Shared code never imports a room by name: it asks ``paiyou.registry.game_module``.
"""
