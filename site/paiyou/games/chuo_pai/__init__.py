"""Chuo Pai in the site: its table, puzzles, explanations and words."""

# the shared listings show it (paiyou.registry.LISTED)
LISTED = True
