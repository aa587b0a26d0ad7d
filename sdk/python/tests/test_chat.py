"""The research assistant (``client.chat``): JSON answers, streamed answers, cancellation, conversations.

The API here runs a deterministic model that echoes the cited draft; a question containing
"slowly" gets no words from it until the request is aborted (see python-sdk.int.test.ts).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from sunlight_sdk import (
    AsyncChatStream,
    ChatStream,
    CitationEvent,
    DoneEvent,
    ErrorEvent,
    NotFoundError,
    ScopeError,
    SourcesEvent,
    TokenEvent,
    ValidationError,
)

from conftest import call, close_stream, collect, next_event, open_stream


async def test_ask_answers_with_citations_that_resolve(client: Any) -> None:
    reply = await call(client.chat.ask("How long does a Texas agency have to respond to a records request?"))
    assert reply["answer"] == "In Texas, an agency has 10 business days to respond to a public-records request [1]."
    assert reply["mode"] == "answer" and reply["status"] == "complete"
    assert [c["id"] for c in reply["citations"]] == ["sec:texas:552.221(d)"]
    for citation in reply["citations"]:
        record = await call(client.documents.get(citation["id"]))
        assert " ".join(citation["quote"].split()) in " ".join(record["text"].split())
    follow_up = await call(client.chat.ask("And in Washington?", conversation_id=reply["conversation_id"], jurisdictions=["washington"], mode="answer"))
    assert follow_up["conversation_id"] == reply["conversation_id"]
    assert "5 business days" in follow_up["answer"]


async def test_stream_sends_ordered_events_whose_tokens_add_up_to_the_answer(client: Any) -> None:
    stream = await open_stream(client, "Can fees be waived for federal records requests?")
    assert stream.request_id
    events = await collect(stream)
    names = [e.type for e in events]
    assert names[0] == "sources" and names[-1] == "done"
    assert names.index("citation") < names.index("token")
    assert set(names) <= {"sources", "citation", "token", "done"}

    sources = events[0]
    assert isinstance(sources, SourcesEvent) and sources.sources and {"id", "type", "found_by"} <= set(sources.sources[0])
    done = events[-1]
    assert isinstance(done, DoneEvent) and stream.done is done
    tokens = "".join(e.text for e in events if isinstance(e, TokenEvent))
    assert tokens == done.answer and "fees can be waived or reduced" in done.answer
    citations = [e for e in events if isinstance(e, CitationEvent)]
    assert [c.marker for c in citations] == list(range(1, len(done.reply["citations"]) + 1))
    assert [c.citation["id"] for c in citations] == [c["id"] for c in done.reply["citations"]]
    assert done.usage == {"prompt_tokens": 10, "completion_tokens": 5}
    assert done.conversation_id and stream.closed


async def test_stream_until_done_and_text(client: Any) -> None:
    stream = await open_stream(client, "What is the 3-day deadline in Washington?")
    done = await call(stream.until_done())
    assert done.answer.startswith("No: the question assumes a deadline of 3 days")
    stream = await open_stream(client, "How long does a Texas agency have to respond?")
    assert "10 business days" in await call(stream.text())


async def test_closing_the_stream_cancels_the_answer(client: Any) -> None:
    stream = await open_stream(client, "How long do Washington agencies have to respond? Answer slowly.")
    first = await next_event(stream)
    assert isinstance(first, SourcesEvent)
    await close_stream(stream)
    assert stream.closed and stream.response is not None and stream.response.is_closed
    assert await collect(stream) == []  # nothing more after closing

    # The API noticed the client leaving: the stored answer is cancelled, not completed.
    latest = (await call(client.chat.conversations.list(limit=1)))["data"][0]
    assert latest["title"].startswith("How long do Washington agencies")
    deadline = time.monotonic() + 10
    status = None
    while time.monotonic() < deadline:
        conversation = await call(client.chat.conversations.get(latest["id"]))
        status = conversation["messages"][-1]["status"]
        if status == "cancelled":
            break
        await asyncio.sleep(0.2)
    assert status == "cancelled"


async def test_leaving_the_with_block_closes_the_stream(client: Any, kind: str) -> None:
    if kind == "sync":
        with client.chat.stream("Can fees be waived for federal records requests? Answer slowly.") as stream:
            assert isinstance(stream, ChatStream)
            assert isinstance(next(stream), SourcesEvent)
    else:
        async with client.chat.stream("Can fees be waived for federal records requests? Answer slowly.") as stream:
            assert isinstance(stream, AsyncChatStream)
            assert isinstance(await stream.__anext__(), SourcesEvent)
    assert stream.closed and stream.response.is_closed


async def test_an_error_after_the_stream_began_is_an_error_event(client: Any) -> None:
    stream = await open_stream(client, "And then?", conversation_id="00000000-0000-4000-8000-000000000000")
    events = await collect(stream)
    assert len(events) == 1 and isinstance(events[0], ErrorEvent)
    assert isinstance(events[0].error, NotFoundError) and events[0].code == "NOT_FOUND"
    again = await open_stream(client, "And then?", conversation_id="00000000-0000-4000-8000-000000000000")
    with pytest.raises(NotFoundError):
        await call(again.until_done())


async def test_an_error_before_the_stream_raises(client: Any, reader: Any) -> None:
    with pytest.raises(ValidationError) as caught:
        await open_stream(client, "")
    assert caught.value.issues[0]["path"] == "body.message"
    with pytest.raises(ScopeError):
        await open_stream(reader, "Deadline?")
    # Unknown jurisdictions are refused once the stream has begun: an error event, not an exception.
    events = await collect(await open_stream(client, "Deadline?", jurisdictions=["atlantis"]))
    assert [type(e) for e in events] == [ErrorEvent]
    assert isinstance(events[0].error, ValidationError) and events[0].error.issues[0]["path"] == "body.jurisdictions"


async def test_conversations(client: Any) -> None:
    first = await call(client.chat.ask("How long does a Texas agency have to respond?"))
    await call(client.chat.ask("Can fees be waived for federal records requests?"))
    page = await call(client.chat.conversations.list(limit=1))
    assert len(page["data"]) == 1 and page["total"] >= 2 and page["next_cursor"]
    every = await collect(client.chat.conversations.iter(limit=1))
    assert len(every) == page["total"] and len({c["id"] for c in every}) == len(every)
    conversation = await call(client.chat.conversations.get(first["conversation_id"]))
    assert [m["role"] for m in conversation["messages"]][:2] == ["user", "assistant"]
    assert conversation["messages"][1]["content"] == first["answer"]
    with pytest.raises(NotFoundError):
        await call(client.chat.conversations.get("00000000-0000-4000-8000-000000000000"))
