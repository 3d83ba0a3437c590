"""The events process: the games' events streams for production (``python -m paiyou.events``;
docs/deploy.md, "The events process"; the stream: docs/api.md, "Events").

An ASGI app (Starlette, served by uvicorn) on one event loop: an open stream is a coroutine waiting
on an ``asyncio.Event``, not a thread, so one process holds thousands of idle streams while the
gunicorn threads stay free for moves. It follows Redis with one connection for all its streams
(``hub``), reads the games through ``paiyou.store`` in worker threads, and answers errors with the
Flask app's own messages and catalogs (``answers``). The stream's protocol and bytes are
``paiyou.live``'s, the same as the Flask route's.
"""
