"""The events of a streamed chat answer (``POST /api/chat`` with ``stream: true``).

The API sends Server-Sent Events, each ``event: <name>`` with one JSON ``data`` line:
``sources`` → ``citation`` (one per citation, with its ``marker``) → ``token`` (text deltas)
→ ``progress`` (research mode) → ``done`` (the full answer plus ``usage``) or ``error`` (the
error envelope). Comment lines (``: heartbeat``) keep idle connections open and are skipped.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Union, cast

from ._generated import ChatAnswer, ChatCitation, ChatSource
from .errors import SunlightError, error_from_envelope

__all__ = [
    "ChatEvent",
    "SourcesEvent",
    "CitationEvent",
    "TokenEvent",
    "ProgressEvent",
    "DoneEvent",
    "ErrorEvent",
    "UnknownEvent",
    "ServerSentEvent",
    "SseDecoder",
    "to_chat_event",
]


@dataclass(frozen=True)
class ServerSentEvent:
    """One event as sent: its name and its raw ``data`` text."""

    event: str
    data: str
    id: str | None = None


class SseDecoder:
    """Decodes Server-Sent Events from lines (``text/event-stream``, as the WHATWG spec says)."""

    def __init__(self) -> None:
        self._event = ""
        self._data: list[str] = []
        self._id: str | None = None
        #: Comment lines seen (the API's heartbeats).
        self.comments = 0

    def feed(self, line: str) -> ServerSentEvent | None:
        """One line without its terminator; returns an event when ``line`` ends one."""
        if line == "":
            if not self._data and not self._event:
                return None
            event = ServerSentEvent(self._event or "message", "\n".join(self._data), self._id)
            self._event, self._data = "", []
            return event
        if line.startswith(":"):
            self.comments += 1
            return None
        name, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)
        elif name == "id":
            self._id = value
        # "retry" and unknown fields are ignored.
        return None

    def decode(self, lines: Iterable[str]) -> Iterator[ServerSentEvent]:
        for line in lines:
            event = self.feed(line.rstrip("\r\n"))
            if event is not None:
                yield event
        last = self.feed("")
        if last is not None:
            yield last


@dataclass(frozen=True)
class SourcesEvent:
    """The records looked up and retrieved for the answer."""

    sources: list[ChatSource]
    type: str = field(default="sources", init=False)


@dataclass(frozen=True)
class CitationEvent:
    """A verified citation; ``marker`` n is the ``[n]`` in the answer text."""

    marker: int
    citation: ChatCitation
    type: str = field(default="citation", init=False)


@dataclass(frozen=True)
class TokenEvent:
    """A piece of the answer text; the pieces add up to ``DoneEvent.answer``."""

    text: str
    type: str = field(default="token", init=False)


@dataclass(frozen=True)
class ProgressEvent:
    """Research mode: ``stage``, ``done`` of ``total`` steps, and the ``plan`` (raw in ``data``)."""

    stage: str | None
    done: int | None
    total: int | None
    data: dict[str, Any]
    type: str = field(default="progress", init=False)


@dataclass(frozen=True)
class DoneEvent:
    """The end: the whole reply (as ``chat.ask`` would answer it) and the model's token usage."""

    reply: ChatAnswer
    usage: dict[str, Any]
    type: str = field(default="done", init=False)

    @property
    def answer(self) -> str:
        return self.reply["answer"]

    @property
    def conversation_id(self) -> str:
        return self.reply["conversation_id"]


@dataclass(frozen=True)
class ErrorEvent:
    """The answer failed after the stream began; ``error`` is the typed error of its envelope."""

    error: SunlightError
    type: str = field(default="error", init=False)

    @property
    def code(self) -> str:
        return self.error.code

    @property
    def message(self) -> str:
        return self.error.message


@dataclass(frozen=True)
class UnknownEvent:
    """An event this SDK version does not know (newer API): its name and parsed data."""

    event: str
    data: Any
    type: str = field(default="unknown", init=False)


ChatEvent = Union[SourcesEvent, CitationEvent, TokenEvent, ProgressEvent, DoneEvent, ErrorEvent, UnknownEvent]


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def to_chat_event(sse: ServerSentEvent, *, request_id: str | None = None) -> ChatEvent:
    """The typed event for one Server-Sent Event of the chat stream."""
    import json

    try:
        data: Any = json.loads(sse.data) if sse.data else None
    except ValueError:
        return UnknownEvent(sse.event, sse.data)
    if not isinstance(data, dict):
        return UnknownEvent(sse.event, data)
    if sse.event == "sources":
        return SourcesEvent(cast("list[ChatSource]", data.get("sources") or []))
    if sse.event == "citation":
        marker = data.get("marker")
        citation = {k: v for k, v in data.items() if k != "marker"}
        return CitationEvent(int(marker) if isinstance(marker, int) else 0, cast(ChatCitation, citation))
    if sse.event == "token":
        return TokenEvent(str(data.get("text", "")))
    if sse.event == "progress":
        stage = data.get("stage")
        return ProgressEvent(stage if isinstance(stage, str) else None, _int_or_none(data.get("done")), _int_or_none(data.get("total")), data)
    if sse.event == "done":
        usage = data.get("usage")
        reply = {k: v for k, v in data.items() if k != "usage"}
        return DoneEvent(cast(ChatAnswer, reply), usage if isinstance(usage, dict) else {})
    if sse.event == "error":
        return ErrorEvent(error_from_envelope(data, status=0, request_id=request_id))
    return UnknownEvent(sse.event, data)
