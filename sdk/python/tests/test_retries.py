"""Retries on 429 (idempotent methods only, after Retry-After) and timeouts.

The limited API allows 2 requests per caller per window (SUNLIGHT_LIMITED_WINDOW_SECONDS); every
test starts by waiting for a fresh window.
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from sunlight_sdk import RateLimitedError, RetryPolicy, SunlightConnectionError, SunlightTimeoutError

from conftest import call, close_client, collect, make_client, open_stream, wait_for_fresh_window

JURISDICTIONS = "/api/v2/transparency/jurisdictions"


def paths(sent: list[httpx.Request]) -> list[str]:
    return [f"{r.method} {r.url.path}" for r in sent]


async def test_rate_limited_with_retry_after(kind: str, env: Any) -> None:
    client = make_client(kind, env.limited_base_url, token=env.limited_token, retries=0)
    try:
        wait_for_fresh_window(env)
        for _ in range(2):
            await call(client.transparency.list_jurisdictions())
        with pytest.raises(RateLimitedError) as caught:
            await call(client.transparency.list_jurisdictions())
    finally:
        await close_client(client)
    error = caught.value
    assert error.status == 429 and error.code == "RATE_LIMITED" and error.request_id
    assert error.retry_after is not None and 0 < error.retry_after <= env.limited_window
    assert error.metadata["retry_after_seconds"] == error.retry_after


async def test_get_is_retried_after_retry_after_then_succeeds(kind: str, env: Any) -> None:
    sent: list[httpx.Request] = []
    client = make_client(kind, env.limited_base_url, token=env.limited_token, requests=sent)  # default: 2 retries
    try:
        wait_for_fresh_window(env)
        for _ in range(2):
            await call(client.transparency.list_jurisdictions())
        started = time.monotonic()
        page = await call(client.transparency.list_jurisdictions())
        waited = time.monotonic() - started
    finally:
        await close_client(client)
    assert page["data"] == [] and page["total"] == 0  # the limited API has an empty law database
    assert paths(sent) == [f"GET {JURISDICTIONS}"] * 4  # 2 allowed, 1 refused with 429, 1 retry
    assert waited >= 0.9  # it waited for Retry-After (at least 1 s) before retrying


async def test_iterators_ride_out_the_limit(kind: str, env: Any) -> None:
    client = make_client(kind, env.limited_base_url, token=env.limited_token, retries=3)
    try:
        wait_for_fresh_window(env)
        for _ in range(2):
            await call(client.transparency.list_rights(limit=1))
        assert await collect(client.transparency.iter_rights(limit=1)) == []
    finally:
        await close_client(client)


async def test_post_is_never_retried(kind: str, env: Any) -> None:
    sent: list[httpx.Request] = []
    client = make_client(kind, env.limited_base_url, token=env.limited_token, retries=5, requests=sent)
    try:
        wait_for_fresh_window(env)
        for _ in range(2):
            await call(client.transparency.list_jurisdictions())
        started = time.monotonic()
        with pytest.raises(RateLimitedError):
            await call(client.search("deadline"))
        assert time.monotonic() - started < 0.9
    finally:
        await close_client(client)
    assert paths(sent) == [f"GET {JURISDICTIONS}"] * 2 + ["POST /api/v1/search"]


async def test_no_retry_when_retry_after_is_longer_than_allowed(kind: str, env: Any) -> None:
    sent: list[httpx.Request] = []
    client = make_client(kind, env.limited_base_url, token=env.limited_token, retry_policy=RetryPolicy(retries=3, max_wait=0.1), requests=sent)
    try:
        wait_for_fresh_window(env)
        for _ in range(2):
            await call(client.transparency.list_jurisdictions())
        with pytest.raises(RateLimitedError):
            await call(client.transparency.list_jurisdictions())
    finally:
        await close_client(client)
    assert len(sent) == 3


async def test_a_slow_answer_times_out(kind: str, env: Any) -> None:
    client = make_client(kind, env.base_url, token=env.token_all, timeout=1.0)
    try:
        started = time.monotonic()
        with pytest.raises(SunlightTimeoutError) as caught:
            await call(client.chat.ask("How long do Texas agencies have to respond? Answer slowly."))
        assert 0.9 <= time.monotonic() - started < 4
        assert isinstance(caught.value, SunlightConnectionError) and caught.value.status == 0 and caught.value.code == "TIMEOUT"
        # The same client keeps working afterwards.
        assert (await call(client.transparency.get_jurisdiction("texas")))["slug"] == "texas"
    finally:
        await close_client(client)


async def test_a_stalled_stream_times_out(kind: str, env: Any) -> None:
    # Heartbeats come every second (CHAT_HEARTBEAT_SECONDS=1): a read timeout shorter than that trips.
    client = make_client(kind, env.base_url, token=env.token_all, timeout=httpx.Timeout(5.0, read=0.4))
    try:
        stream = await open_stream(client, "Can fees be waived for federal records requests? Answer slowly.")
        with pytest.raises(SunlightTimeoutError):
            await collect(stream)
        assert stream.closed
    finally:
        await close_client(client)


async def test_heartbeats_keep_a_slow_stream_alive(kind: str, env: Any) -> None:
    client = make_client(kind, env.base_url, token=env.token_all, timeout=httpx.Timeout(10.0, read=1.8))
    try:
        stream = await open_stream(client, "How long do Washington agencies have to respond? Answer slowly.")
        events = await collect(stream)
    finally:
        await close_client(client)
    # The model never answers; after the phrasing timeout (5 s) the API sends the cited draft.
    assert [e.type for e in events][0] == "sources" and events[-1].type == "done"
    assert "5 business days" in events[-1].answer and stream.heartbeats >= 2
