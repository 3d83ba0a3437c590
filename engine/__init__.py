"""Paiyou's rules engine: Chuo Pai and Tien Gow, their notation, records and AI.

Standard library only. Errors carry reason codes, never prose; the site localizes them.
"""
