"""``client.integrations``: workflow runs for machine clients (``execute:workflows``): start a
re-ingestion, compilation, research, export or FOIA digest, watch it, cancel it, and read its
webhook delivery log, for the sync and the async client. Deliveries are checked with
:func:`sunlight_sdk.verify_webhook_signature`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from ._base import apaginate, as_list, idempotency_headers, paginate, path_segment
from ._generated import (
    CompilationStatus,
    StartWorkflowRequest,
    WebhookDeliveryPage,
    WebhookSecret,
    WorkflowCatalogue,
    WorkflowRun,
    WorkflowRunPage,
    WorkflowTypeName,
)
from ._polling import FINISHED_STATUSES, async_wait_until_finished, wait_until_finished
from .errors import WorkflowTimeoutError

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["Integrations", "AsyncIntegrations", "FINISHED_RUN_STATUSES"]

_BASE = "/api/integrations/workflows"

#: The statuses a run ends in: ``wait`` returns once it has one.
FINISHED_RUN_STATUSES: frozenset[CompilationStatus] = FINISHED_STATUSES

#: Called by ``wait`` with the run whenever its status or progress changed (the async client also
#: awaits what it returns, when that is awaitable).
OnRunProgress = Callable[[WorkflowRun], Any]


def _params(
    type: WorkflowTypeName | Sequence[WorkflowTypeName] | None,
    status: CompilationStatus | Sequence[CompilationStatus] | None,
    limit: int | None,
    cursor: str | None,
) -> dict[str, Any]:
    return dict(type=as_list(type), status=as_list(status), limit=limit, cursor=cursor)


class Integrations:
    """``client.integrations``: ``types``, ``start``, ``get``, ``list`` / ``iter``, ``cancel``,
    ``wait``, ``deliveries`` and ``webhook_secret`` (scope ``execute:workflows``)."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def types(self) -> WorkflowCatalogue:
        """The workflow types, each with the JSON Schema of its input and of its result."""
        return self._c._json("GET", f"{_BASE}/types")  # type: ignore[no-any-return]

    def start(self, request: StartWorkflowRequest, idempotency_key: str | None = None) -> WorkflowRun:
        """Starts a run (``{"type", "input", "webhook"?}``); answers at once with it, ``queued``.

        With ``idempotency_key`` (1–255 visible ASCII characters, one per run you mean to make) a
        repeat of the same request answers the run the first one started; the key with a different
        request raises :class:`ConflictError`.
        """
        return self._c._json("POST", _BASE, json=request, headers=idempotency_headers(idempotency_key))  # type: ignore[no-any-return]

    def get(self, id: str) -> WorkflowRun:
        """A run: status, progress, result or error, timings (:class:`NotFoundError` for another client's)."""
        return self._c._json("GET", f"{_BASE}/{path_segment(id)}")  # type: ignore[no-any-return]

    def list(
        self,
        type: WorkflowTypeName | Sequence[WorkflowTypeName] | None = None,
        status: CompilationStatus | Sequence[CompilationStatus] | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> WorkflowRunPage:
        """One page of the caller's runs, newest first, optionally of some types and/or statuses."""
        return self._c._json("GET", _BASE, params=_params(type, status, limit, cursor))  # type: ignore[no-any-return]

    def iter(
        self,
        type: WorkflowTypeName | Sequence[WorkflowTypeName] | None = None,
        status: CompilationStatus | Sequence[CompilationStatus] | None = None,
        limit: int | None = None,
    ) -> Iterator[WorkflowRun]:
        """Every run of the caller's matching the filters, newest first, page after page."""
        return paginate(lambda c: self.list(type=type, status=status, limit=limit, cursor=c))

    def cancel(self, id: str) -> WorkflowRun:
        """Cancels a run that has not finished: returns it as it is then (progress ``cancelling``);
        it reads ``cancelled`` once its workflow has stopped. :class:`ConflictError` once it has ended."""
        return self._c._json("POST", f"{_BASE}/{path_segment(id)}/cancel")  # type: ignore[no-any-return]

    def deliveries(self, id: str) -> WebhookDeliveryPage:
        """The run's webhook delivery log: every attempt, with its status code, outcome and latency."""
        return self._c._json("GET", f"{_BASE}/{path_segment(id)}/deliveries")  # type: ignore[no-any-return]

    def webhook_secret(self) -> WebhookSecret:
        """The caller's webhook signing secret (for :func:`verify_webhook_signature`), and how deliveries are signed."""
        return self._c._json("GET", "/api/integrations/webhook-secret")  # type: ignore[no-any-return]

    def wait(self, id: str, interval: float = 1.0, timeout: float = 600.0, on_progress: OnRunProgress | None = None) -> WorkflowRun:
        """Polls the run every ``interval`` seconds until it has completed, failed or been cancelled,
        and returns it then (a failed one is returned, not raised: see its ``error``).
        ``on_progress(run)`` is called whenever its status or progress changed. After ``timeout``
        seconds raises :class:`WorkflowTimeoutError` (with the last state read); the run goes on."""
        return wait_until_finished(lambda: self.get(id), WorkflowTimeoutError, interval=interval, timeout=timeout, on_progress=on_progress)


class AsyncIntegrations:
    """``client.integrations`` of the async client (see :class:`Integrations`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def types(self) -> WorkflowCatalogue:
        return await self._c._json("GET", f"{_BASE}/types")  # type: ignore[no-any-return]

    async def start(self, request: StartWorkflowRequest, idempotency_key: str | None = None) -> WorkflowRun:
        return await self._c._json("POST", _BASE, json=request, headers=idempotency_headers(idempotency_key))  # type: ignore[no-any-return]

    async def get(self, id: str) -> WorkflowRun:
        return await self._c._json("GET", f"{_BASE}/{path_segment(id)}")  # type: ignore[no-any-return]

    async def list(
        self,
        type: WorkflowTypeName | Sequence[WorkflowTypeName] | None = None,
        status: CompilationStatus | Sequence[CompilationStatus] | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> WorkflowRunPage:
        return await self._c._json("GET", _BASE, params=_params(type, status, limit, cursor))  # type: ignore[no-any-return]

    def iter(
        self,
        type: WorkflowTypeName | Sequence[WorkflowTypeName] | None = None,
        status: CompilationStatus | Sequence[CompilationStatus] | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[WorkflowRun]:
        return apaginate(lambda c: self.list(type=type, status=status, limit=limit, cursor=c))

    async def cancel(self, id: str) -> WorkflowRun:
        return await self._c._json("POST", f"{_BASE}/{path_segment(id)}/cancel")  # type: ignore[no-any-return]

    async def deliveries(self, id: str) -> WebhookDeliveryPage:
        return await self._c._json("GET", f"{_BASE}/{path_segment(id)}/deliveries")  # type: ignore[no-any-return]

    async def webhook_secret(self) -> WebhookSecret:
        return await self._c._json("GET", "/api/integrations/webhook-secret")  # type: ignore[no-any-return]

    async def wait(self, id: str, interval: float = 1.0, timeout: float = 600.0, on_progress: OnRunProgress | None = None) -> WorkflowRun:
        """As :meth:`Integrations.wait`; ``on_progress`` may be a coroutine function. Cancelling the
        awaiting task stops waiting (the run goes on)."""
        return await async_wait_until_finished(lambda: self.get(id), WorkflowTimeoutError, interval=interval, timeout=timeout, on_progress=on_progress)
