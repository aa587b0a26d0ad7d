"""What the sync and async clients share: defaults, request encoding, retry decisions, pagination."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Union
from urllib.parse import quote

import httpx

from ._version import __version__
from .errors import parse_retry_after

USER_AGENT = f"sunlight-sdk-python/{__version__}"
DEFAULT_TIMEOUT = 30.0
DEFAULT_RETRIES = 2
#: Methods retried on 429 and 503: those a repeat cannot apply twice (never POST or PATCH).
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "PUT", "DELETE"})
RETRY_STATUSES = frozenset({429, 503})

QueryValue = Union[str, int, float, bool, Sequence[str], None]
QueryPairs = list[tuple[str, Union[str, int, float, bool, None]]]


@dataclass(frozen=True)
class RetryPolicy:
    """How requests are retried: ``retries`` more attempts after the first, for idempotent methods
    answered 429 or 503, waiting ``Retry-After`` when the API sends it (no retry when that is
    longer than ``max_wait``), else ``backoff`` × 2ⁿ seconds (at most ``max_backoff``) with jitter."""

    retries: int = DEFAULT_RETRIES
    backoff: float = 0.5
    max_backoff: float = 8.0
    max_wait: float = 60.0

    def delay(self, method: str, response: httpx.Response, attempt: int) -> float | None:
        """Seconds to wait before retrying after ``attempt`` (0-based) failed, or None for no retry."""
        if method.upper() not in IDEMPOTENT_METHODS or response.status_code not in RETRY_STATUSES:
            return None
        if attempt >= self.retries:
            return None
        retry_after = parse_retry_after(response.headers.get("retry-after"))
        if retry_after is not None:
            return retry_after if retry_after <= self.max_wait else None
        backoff: float = min(self.max_backoff, self.backoff * (2.0**attempt))
        return backoff * (0.5 + random.random() / 2)


def encode_query(params: Mapping[str, QueryValue]) -> QueryPairs:
    """Query parameters as the API reads them: lists repeated, booleans as ``true``/``false``, None left out."""
    out: QueryPairs = []
    for name, value in params.items():
        if value is None:
            continue
        if isinstance(value, bool):
            out.append((name, "true" if value else "false"))
        elif isinstance(value, (str, int, float)):
            out.append((name, str(value)))
        else:
            out.extend((name, str(v)) for v in value)
    return out


def path_segment(value: str) -> str:
    """A path parameter, percent-encoded (record ids carry ``:``, ``(`` and ``§``)."""
    if not isinstance(value, str) or value == "":
        raise ValueError(f"expected a non-empty string id, got {value!r}")
    return quote(value, safe="")


def as_list(value: str | Sequence[str] | None) -> list[str] | None:
    if value is None:
        return None
    return [value] if isinstance(value, str) else list(value)


def idempotency_headers(idempotency_key: str | None) -> dict[str, str] | None:
    """The ``Idempotency-Key`` header of a request that starts something, when a key is given."""
    return {"Idempotency-Key": idempotency_key} if idempotency_key is not None else None


def paginate(fetch: Callable[[str | None], Any]) -> Iterator[Any]:
    """Every item of every page: ``fetch(cursor)`` with None first, then each page's ``next_cursor``."""
    cursor: str | None = None
    while True:
        page = fetch(cursor)
        yield from page["data"]
        cursor = page.get("next_cursor")
        if not cursor:
            return


async def apaginate(fetch: Callable[[str | None], Awaitable[Any]]) -> AsyncIterator[Any]:
    """:func:`paginate` of the async client: ``fetch`` is awaited."""
    cursor: str | None = None
    while True:
        page = await fetch(cursor)
        for item in page["data"]:
            yield item
        cursor = page.get("next_cursor")
        if not cursor:
            return


def drop_none(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def normalise_base_url(base_url: str) -> str:
    if not base_url.startswith(("http://", "https://")):
        raise ValueError(f"base_url must be an http(s) URL, got {base_url!r}")
    return base_url.rstrip("/")


def to_timeout(timeout: float | httpx.Timeout | None) -> httpx.Timeout:
    return timeout if isinstance(timeout, httpx.Timeout) else httpx.Timeout(timeout)


def default_headers(extra: Mapping[str, str] | None) -> dict[str, str]:
    headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    headers.update(extra or {})
    return headers
