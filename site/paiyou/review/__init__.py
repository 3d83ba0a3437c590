"""The review: a finished deal or a record sent by a visitor, face up, one step per action."""
