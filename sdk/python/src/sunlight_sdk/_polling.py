"""Waiting for something the API runs in the background to end, by polling it: what
``documents.wait`` (a compilation) and ``integrations.wait`` (a workflow run) share, for the sync
and the async client. Each passes its own timeout error."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Generic, TypeVar

from ._generated import CompilationStatus

__all__ = ["FINISHED_STATUSES", "wait_until_finished", "async_wait_until_finished"]

#: The statuses a compilation ends in, and an integration run (a run's statuses are a compilation's).
FINISHED_STATUSES: frozenset[CompilationStatus] = frozenset({"completed", "failed", "cancelled"})

T = TypeVar("T", bound=Mapping[str, Any])

#: Makes the error ``wait`` raises when it gives up: ``(timeout, last state read)``.
TimeoutErrorFactory = Callable[[float, T], Exception]


class _Poll(Generic[T]):
    """One wait's bookkeeping: the deadline, and the status and progress last reported."""

    def __init__(self, interval: float, timeout: float, on_progress: Callable[[T], Any] | None, timeout_error: TimeoutErrorFactory[T]) -> None:
        self._interval = interval
        self._timeout = timeout
        self._deadline = time.monotonic() + timeout
        self._on_progress = on_progress
        self._timeout_error = timeout_error
        self._seen: tuple[Any, Any] | None = None

    def report(self, current: T) -> Any:
        """Calls ``on_progress(current)`` when the status or progress changed since the last poll
        (and first), and answers what it returned (None when it was not called)."""
        now = (current["status"], current["progress"])
        if now == self._seen:
            return None
        self._seen = now
        return self._on_progress(current) if self._on_progress is not None else None

    @staticmethod
    def finished(current: T) -> bool:
        return current["status"] in FINISHED_STATUSES

    def pause(self, current: T) -> float:
        """Seconds to sleep before the next poll; raises the timeout error once the time is up."""
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise self._timeout_error(self._timeout, current)
        return min(max(0.0, self._interval), left)


def wait_until_finished(
    get: Callable[[], T], timeout_error: TimeoutErrorFactory[T], *, interval: float, timeout: float, on_progress: Callable[[T], Any] | None
) -> T:
    """Calls ``get()`` every ``interval`` seconds until what it returns has a finished status, and
    returns that. ``on_progress`` hears of each change of status or progress. After ``timeout``
    seconds raises ``timeout_error(timeout, last state read)``."""
    poll = _Poll(interval, timeout, on_progress, timeout_error)
    while True:
        current = get()
        poll.report(current)
        if poll.finished(current):
            return current
        time.sleep(poll.pause(current))


async def async_wait_until_finished(
    get: Callable[[], Awaitable[T]], timeout_error: TimeoutErrorFactory[T], *, interval: float, timeout: float, on_progress: Callable[[T], Any] | None
) -> T:
    """:func:`wait_until_finished` of the async client: ``get`` is awaited, and so is what
    ``on_progress`` returns when that is awaitable."""
    poll = _Poll(interval, timeout, on_progress, timeout_error)
    while True:
        current = await get()
        reported = poll.report(current)
        if inspect.isawaitable(reported):
            await reported
        if poll.finished(current):
            return current
        await asyncio.sleep(poll.pause(current))
