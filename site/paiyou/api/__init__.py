"""The JSON APIs' answers (docs/api.md): bodies read once and guarded, errors as
``{"error": code, "message": sentence}`` in the request's language, and the rules the game and
analysis APIs share. Their routes are ``paiyou.views.api_games``, ``api_analysis`` and
``api_judge``."""
