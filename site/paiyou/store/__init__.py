"""The store: saved games, replayed records, the analyses' jobs and the daily deal's results, on
SQLite or PostgreSQL through the same code."""
