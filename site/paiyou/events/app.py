"""The events process's ASGI app: ``GET /api/v1/games/<id>/events`` (the same answers as the Flask
route ``paiyou.views.api_events``, in the same order: 400 bad ``lang``, 429 too many streams, 404
unknown game, 503 database out of reach, then the stream), and JSON 404/405 for anything else."""
from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator

import anyio.to_thread
from flask import Flask
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from paiyou.api.games import RETRY_AFTER as DATABASE_RETRY_AFTER
from paiyou.deals.keys import seat_for_key
from paiyou.events.answers import Answers
from paiyou.events.hub import Hub, Listener
from paiyou.live import framing
from paiyou.live.counting import RETRY_AFTER, StreamCounter, Ticket
from paiyou.live.settings import LiveSettings
from paiyou.live.stream import StreamState
from paiyou.store.databases import store_for
from paiyou.store.games import StoreUnavailable
from paiyou.store.schema import GameHead

PATH = "/api/v1/games/{game_id}/events"


class EventsApp:
    """The stream's endpoint and what it shares: settings, hub, counter, answers."""

    def __init__(self, flask_app: Flask) -> None:
        self.settings = LiveSettings.from_config(flask_app.config)
        self.store = store_for(flask_app)
        self.hub = Hub(self.store, None if self.settings.is_memory else self.settings.broker_url,
                       check_seconds=self.settings.keepalive)
        self.streams = StreamCounter(self.settings.per_client, self.settings.max_streams)
        self.answers = Answers(flask_app)

    async def endpoint(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        if self.answers.bad_language(request):
            return self.answers.error(request, "unknown-language", 400)
        ticket = self.streams.open(self.answers.client(request))
        if ticket is None:
            return self.answers.error(request, "too-many-streams", 429, {"Retry-After": str(RETRY_AFTER)})
        listener = self.hub.add(game_id)  # before reading: no version falls between
        refusal: tuple[str, int, dict[str, str]] | None = None
        try:
            head = await anyio.to_thread.run_sync(self.store.head, game_id)
        except StoreUnavailable:
            head, refusal = None, ("database-unavailable", 503, {"Retry-After": str(DATABASE_RETRY_AFTER)})
        else:
            if head is None:
                refusal = ("unknown-game", 404, {})
        if head is None or request.method == "HEAD":
            self.hub.remove(listener)
            ticket.release()
            if refusal is not None:
                return self.answers.error(request, *refusal)
            return Response(status_code=200, headers=dict(framing.HEADERS), media_type=framing.MEDIA_TYPE)
        seat = seat_for_key(head.meta, self.answers.presented_key(request, game_id))
        state = StreamState.resuming(request.headers.get("last-event-id"))
        return StreamingResponse(self.frames(listener, head, seat, state, ticket), media_type=framing.MEDIA_TYPE,
                                 headers=dict(framing.HEADERS))

    async def frames(self, listener: Listener, head: GameHead, seat: int | None, state: StreamState,
                     ticket: Ticket) -> AsyncIterator[str]:
        hub, game_id, token = self.hub, listener.game_id, secrets.token_urlsafe(12)
        loop = asyncio.get_running_loop()
        try:
            await hub.touch(game_id, seat, token)  # a watcher (no seat) is counted too
            seats = await hub.present(game_id)
            yield "".join(state.opened(head.version, seats, hub.watchers(game_id), hub.live, loop.time()))
            deadline = loop.time() + self.settings.max_seconds
            next_keepalive = loop.time() + self.settings.keepalive
            while (now := loop.time()) < deadline:
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(min(deadline, next_keepalive, state.due or deadline) - now):
                        await listener.wake.wait()
                if listener.gone:
                    return
                version, presence = listener.take()
                frames = [] if version is None else state.moved(version)
                if presence:
                    frames += state.present(hub.seats(game_id), hub.watchers(game_id), loop.time())
                frames += state.held_back(loop.time())
                if loop.time() >= next_keepalive:
                    await hub.touch(game_id, seat, token)
                    next_keepalive = loop.time() + self.settings.keepalive
                    frames.append(framing.keepalive())
                frames += state.liveness(hub.live)
                if frames:
                    yield "".join(frames)
        finally:
            hub.remove(listener)
            ticket.release()
            with contextlib.suppress(Exception):
                await asyncio.shield(hub.leave(game_id, seat, token))


def create_events_app(flask_app: Flask) -> Starlette:
    """The ASGI app serving ``flask_app``'s games' streams (its config, store and catalogs)."""
    events = EventsApp(flask_app)

    async def not_found(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 404
        return events.answers.error(request, "bad-method" if status == 405 else "unknown-game", status)

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        await events.hub.start()
        try:
            yield
        finally:
            await events.hub.stop()

    app = Starlette(routes=[Route(PATH, events.endpoint, methods=["GET", "HEAD"])],
                    exception_handlers={404: not_found, 405: not_found}, lifespan=lifespan)
    app.state.events = events
    return app
