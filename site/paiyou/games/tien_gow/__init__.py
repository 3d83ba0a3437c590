"""Tien Gow in the site: its vocabulary, reasons, table and puzzles."""
