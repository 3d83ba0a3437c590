"""Chuo Pai in the site."""
