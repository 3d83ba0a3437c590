"""Play against the computer: the game service and the store of saved games."""
