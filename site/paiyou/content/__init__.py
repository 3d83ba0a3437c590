"""Content as data: the rules texts (Markdown) and their message extractor."""
