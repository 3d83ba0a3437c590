"""Tien Gow in the site."""
