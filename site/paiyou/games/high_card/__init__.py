"""High Card in the site (the example game of docs/adding-a-game.md): its table, puzzles, explanations
and words."""
