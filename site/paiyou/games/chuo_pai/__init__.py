"""Chuo Pai in the site: its table, puzzles, explanations and words."""
