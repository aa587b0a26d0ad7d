"""``client.documents``: law records by id (``read:transparency``), and research packets compiled
from them (``compile:documents``; the outputs are read from storage with ``read:storage``), for
the sync and the async client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import TYPE_CHECKING, Any

from ._base import apaginate, idempotency_headers, paginate, path_segment
from ._generated import Compilation, CompilationOutput, CompilationPage, CompileRequest, Document, PacketFormat
from ._polling import FINISHED_STATUSES, async_wait_until_finished, wait_until_finished
from ._storage import AsyncObjectDownload, ObjectDownload, _get_headers, _object_path
from .errors import CompilationTimeoutError, OutputNotAvailableError

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["Documents", "AsyncDocuments", "FINISHED_STATUSES"]

_BASE = "/api/documents/compile"

#: Called by ``wait`` with the compilation whenever its status or progress changed (the async
#: client also awaits what it returns, when that is awaitable).
OnProgress = Callable[[Compilation], Any]


def _output(compilation: Compilation, format: PacketFormat) -> CompilationOutput:
    for output in compilation["outputs"]:
        if output["format"] == format:
            return output
    raise OutputNotAvailableError(compilation, format)


class Documents:
    """``client.documents``: any law record by id (the ids of search hits and chat citations), and
    research packets: ``compile``, ``get_compilation``, ``cancel``, ``list`` / ``iter``, ``wait``,
    ``download``."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def get(self, id: str) -> Document:
        """``GET /api/v1/documents/{id}``: a statute section, right or exemption in full."""
        return self._c._json("GET", f"/api/v1/documents/{path_segment(id)}")  # type: ignore[no-any-return]

    def compile(self, request: CompileRequest, *, idempotency_key: str | None = None) -> Compilation:
        """Starts compiling a research packet; answers at once with the compilation, ``queued``.

        With ``idempotency_key`` (1–255 visible ASCII characters, one per packet you mean to make) a
        repeat of the same request answers the compilation the first one started; the key with a
        different request raises :class:`ConflictError`.
        """
        return self._c._json("POST", _BASE, json=request, headers=idempotency_headers(idempotency_key))  # type: ignore[no-any-return]

    def get_compilation(self, id: str) -> Compilation:
        """A compilation: status, progress (parts done of all, current step), outputs, part failures."""
        return self._c._json("GET", f"{_BASE}/{path_segment(id)}")  # type: ignore[no-any-return]

    def cancel(self, id: str) -> Compilation:
        """Cancels a compilation that has not finished (:class:`ConflictError` once it has)."""
        return self._c._json("POST", f"{_BASE}/{path_segment(id)}/cancel")  # type: ignore[no-any-return]

    def list(self, *, limit: int | None = None, cursor: str | None = None) -> CompilationPage:
        """One page of the caller's compilations, newest first."""
        return self._c._json("GET", _BASE, params=dict(limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def iter(self, *, limit: int | None = None) -> Iterator[Compilation]:
        """Every compilation of the caller's, newest first, page after page."""
        return paginate(lambda c: self.list(limit=limit, cursor=c))

    def wait(self, id: str, *, interval: float = 1.0, timeout: float = 600.0, on_progress: OnProgress | None = None) -> Compilation:
        """Polls the compilation every ``interval`` seconds until it has completed, failed or been
        cancelled, and returns it then (a failed one is returned, not raised: see its ``error`` and
        ``part_failures``). ``on_progress(compilation)`` is called whenever its status or progress
        changed. After ``timeout`` seconds raises :class:`CompilationTimeoutError` (with the last
        state read); the compilation goes on."""
        return wait_until_finished(lambda: self.get_compilation(id), CompilationTimeoutError, interval=interval, timeout=timeout, on_progress=on_progress)

    def download(
        self, compilation: Compilation | str, format: PacketFormat, *, range: tuple[int, int | None] | None = None, if_none_match: str | None = None
    ) -> ObjectDownload:
        """Opens the compilation's output of ``format`` from the caller's storage (``read:storage``),
        as ``storage.get`` does. ``compilation`` as read (by ``wait`` or ``get_compilation``), or its
        id (read first). :class:`OutputNotAvailableError` when it has no such output: it has not
        completed, or that format was not asked for."""
        c = self.get_compilation(compilation) if isinstance(compilation, str) else compilation
        output = _output(c, format)
        response = self._c._send("GET", _object_path(output["key"]), headers=_get_headers(range, if_none_match), stream=True, ok_statuses=frozenset({304}))
        return ObjectDownload(response)


class AsyncDocuments:
    """``client.documents`` of the async client (see :class:`Documents`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def get(self, id: str) -> Document:
        return await self._c._json("GET", f"/api/v1/documents/{path_segment(id)}")  # type: ignore[no-any-return]

    async def compile(self, request: CompileRequest, *, idempotency_key: str | None = None) -> Compilation:
        return await self._c._json("POST", _BASE, json=request, headers=idempotency_headers(idempotency_key))  # type: ignore[no-any-return]

    async def get_compilation(self, id: str) -> Compilation:
        return await self._c._json("GET", f"{_BASE}/{path_segment(id)}")  # type: ignore[no-any-return]

    async def cancel(self, id: str) -> Compilation:
        return await self._c._json("POST", f"{_BASE}/{path_segment(id)}/cancel")  # type: ignore[no-any-return]

    async def list(self, *, limit: int | None = None, cursor: str | None = None) -> CompilationPage:
        return await self._c._json("GET", _BASE, params=dict(limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def iter(self, *, limit: int | None = None) -> AsyncIterator[Compilation]:
        return apaginate(lambda c: self.list(limit=limit, cursor=c))

    async def wait(self, id: str, *, interval: float = 1.0, timeout: float = 600.0, on_progress: OnProgress | None = None) -> Compilation:
        """As :meth:`Documents.wait`; ``on_progress`` may be a coroutine function. Cancelling the
        awaiting task stops waiting (the compilation goes on)."""
        return await async_wait_until_finished(lambda: self.get_compilation(id), CompilationTimeoutError, interval=interval, timeout=timeout, on_progress=on_progress)

    async def download(
        self, compilation: Compilation | str, format: PacketFormat, *, range: tuple[int, int | None] | None = None, if_none_match: str | None = None
    ) -> AsyncObjectDownload:
        c = await self.get_compilation(compilation) if isinstance(compilation, str) else compilation
        output = _output(c, format)
        response = await self._c._send("GET", _object_path(output["key"]), headers=_get_headers(range, if_none_match), stream=True, ok_statuses=frozenset({304}))
        return AsyncObjectDownload(response)
