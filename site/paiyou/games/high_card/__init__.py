"""High Card in the site (the example game of docs/adding-a-game.md): its table, puzzles, explanations
and words."""

# the recipe's example: served by its URLs, listed only when PAIYOU_LISTED_GAMES names it
LISTED = False
