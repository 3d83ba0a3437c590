"""Languages: the URL prefix and locale choice, gettext catalogs, native digits, the names of tiles."""
