"""The web layer: security headers, htmx fragments, template globals, navigation, tile drawings."""
