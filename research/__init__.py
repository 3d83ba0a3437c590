"""Research tools: questions about the AI answered with figures (research/README.md). Not part of
the product: nothing in engine/, site/, bench/, scripts/ or tests/ imports it."""
