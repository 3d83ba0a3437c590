"""The store: saved games, replayed records and the analyses' jobs, on SQLite or PostgreSQL
through the same code."""
