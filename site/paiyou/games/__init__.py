"""The games' rooms: ``games/<game>/`` holds everything that differs between games.

One module per declared part in each game's folder (``paiyou.registry.PARTS``: ``table`` for
play, ``puzzles``, ``reasons``, ``vocabulary``), each providing an object of the Protocol its area
defines. Shared code never imports a room by name: it asks ``paiyou.registry.game_module``.
"""
