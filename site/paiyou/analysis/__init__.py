"""The analysis of a finished deal: queued when it ends, computed once by a leased background
worker, read by the API and by the review."""
