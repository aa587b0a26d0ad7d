"""The vector store (``/api/vectors``): collections of the caller's own documents, their items
(by text, embedded by the server, or by vector), queries with metadata filters, and stored
objects indexed into a collection by a background run; the administrators' view
(``admin:vectors``). Another user's collection raises :class:`NotFoundError`. For the sync and
the async client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Callable

from ._base import apaginate, paginate, path_segment
from ._generated import (
    VectorAdminOverview,
    VectorCollection,
    VectorCollectionCreate,
    VectorCollectionPage,
    VectorIndexRun,
    VectorItem,
    VectorItemInput,
    VectorItemsUpserted,
    VectorQuery,
    VectorQueryResult,
    VectorRebuildResult,
)
from ._polling import async_wait_until_finished, wait_until_finished
from .errors import SunlightTimeoutError

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["Vectors", "VectorCollections", "VectorItems", "AsyncVectors", "AsyncVectorCollections", "AsyncVectorItems", "IndexRunTimeoutError"]

_BASE = "/api/vectors/collections"


def _collection(id: str) -> str:
    return f"{_BASE}/{path_segment(id)}"


def _item(collection_id: str, item_id: str) -> str:
    return f"{_collection(collection_id)}/items/{path_segment(item_id)}"


def _run(collection_id: str, run_id: str) -> str:
    return f"{_collection(collection_id)}/index/{path_segment(run_id)}"


class IndexRunTimeoutError(SunlightTimeoutError):
    """``vectors.wait`` gave up before the run ended; ``run`` is the last state read (the run goes on)."""

    def __init__(self, timeout: float, run: Mapping[str, Any]) -> None:
        progress = run.get("progress") or {}
        super().__init__(f"Indexing run {run.get('id')} was still {run.get('status')} ({progress.get('step')}) after {timeout:g} s")
        self.timeout = timeout
        self.run = run


OnProgress = Callable[[VectorIndexRun], Any]


class VectorCollections:
    """``client.vectors.collections``: ``create``, ``list`` / ``list_all``, ``get``, ``delete``."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def create(self, body: VectorCollectionCreate) -> VectorCollection:
        """``model: "server"`` (default) embeds text with the server's model; ``{"dimension": n}`` holds your own vectors."""
        return self._c._json("POST", _BASE, json=body)  # type: ignore[no-any-return]

    def list(self, *, limit: int | None = None, cursor: str | None = None) -> VectorCollectionPage:
        return self._c._json("GET", _BASE, params=dict(limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def list_all(self, *, limit: int | None = None) -> Iterator[VectorCollection]:
        return paginate(lambda c: self.list(limit=limit, cursor=c))

    def get(self, id: str) -> VectorCollection:
        return self._c._json("GET", _collection(id))  # type: ignore[no-any-return]

    def delete(self, id: str) -> None:
        """Deletes the collection, its items and vectors (an unfinished indexing run is cancelled)."""
        self._c._send("DELETE", _collection(id))


class VectorItems:
    """``client.vectors.items``: ``upsert``, ``get``, ``delete``."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def upsert(self, collection_id: str, items: list[VectorItemInput]) -> VectorItemsUpserted:
        """Writes items (replacing those of the same id): by ``text`` (server collections) or ``vector``, with ``metadata``."""
        return self._c._json("POST", f"{_collection(collection_id)}/items", json={"items": items})  # type: ignore[no-any-return]

    def get(self, collection_id: str, item_id: str) -> VectorItem:
        return self._c._json("GET", _item(collection_id, item_id))  # type: ignore[no-any-return]

    def delete(self, collection_id: str, item_id: str) -> None:
        self._c._send("DELETE", _item(collection_id, item_id))


class Vectors:
    """``client.vectors``: ``collections``, ``items``, ``query``, ``index`` / ``index_run`` / ``cancel_index_run`` / ``wait``, admin."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client
        self.collections = VectorCollections(client)
        self.items = VectorItems(client)

    def query(self, collection_id: str, body: VectorQuery) -> VectorQueryResult:
        """The nearest items to ``text`` or ``vector``, filtered by metadata equality."""
        return self._c._json("POST", f"{_collection(collection_id)}/query", json=body)  # type: ignore[no-any-return]

    def index(self, collection_id: str, object_key: str) -> VectorIndexRun:
        """Starts indexing a stored object (PDF, text, Markdown, HTML) into the collection; ``wait`` for the run."""
        return self._c._json("POST", f"{_collection(collection_id)}/index", json={"object_key": object_key})  # type: ignore[no-any-return]

    def index_run(self, collection_id: str, run_id: str) -> VectorIndexRun:
        return self._c._json("GET", _run(collection_id, run_id))  # type: ignore[no-any-return]

    def cancel_index_run(self, collection_id: str, run_id: str) -> VectorIndexRun:
        return self._c._json("POST", f"{_run(collection_id, run_id)}/cancel")  # type: ignore[no-any-return]

    def wait(self, collection_id: str, run_id: str, *, interval: float = 1.0, timeout: float = 600.0, on_progress: OnProgress | None = None) -> VectorIndexRun:
        """Polls the run until it has completed, failed or been cancelled."""
        return wait_until_finished(lambda: self.index_run(collection_id, run_id), IndexRunTimeoutError, interval=interval, timeout=timeout, on_progress=on_progress)

    def admin_overview(self) -> VectorAdminOverview:
        """Every user's collections with sizes, and the law index (``admin:vectors``)."""
        return self._c._json("GET", "/api/admin/vectors")  # type: ignore[no-any-return]

    def rebuild_law_index(self, *, force: bool = False) -> VectorRebuildResult:
        """Starts the corpus ingestion workflow, which re-indexes the law (``admin:vectors``)."""
        return self._c._json("POST", "/api/admin/vectors/rebuild", json={"force": force})  # type: ignore[no-any-return]


class AsyncVectorCollections:
    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def create(self, body: VectorCollectionCreate) -> VectorCollection:
        return await self._c._json("POST", _BASE, json=body)  # type: ignore[no-any-return]

    async def list(self, *, limit: int | None = None, cursor: str | None = None) -> VectorCollectionPage:
        return await self._c._json("GET", _BASE, params=dict(limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def list_all(self, *, limit: int | None = None) -> AsyncIterator[VectorCollection]:
        return apaginate(lambda c: self.list(limit=limit, cursor=c))

    async def get(self, id: str) -> VectorCollection:
        return await self._c._json("GET", _collection(id))  # type: ignore[no-any-return]

    async def delete(self, id: str) -> None:
        await self._c._send("DELETE", _collection(id))


class AsyncVectorItems:
    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def upsert(self, collection_id: str, items: list[VectorItemInput]) -> VectorItemsUpserted:
        return await self._c._json("POST", f"{_collection(collection_id)}/items", json={"items": items})  # type: ignore[no-any-return]

    async def get(self, collection_id: str, item_id: str) -> VectorItem:
        return await self._c._json("GET", _item(collection_id, item_id))  # type: ignore[no-any-return]

    async def delete(self, collection_id: str, item_id: str) -> None:
        await self._c._send("DELETE", _item(collection_id, item_id))


class AsyncVectors:
    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client
        self.collections = AsyncVectorCollections(client)
        self.items = AsyncVectorItems(client)

    async def query(self, collection_id: str, body: VectorQuery) -> VectorQueryResult:
        return await self._c._json("POST", f"{_collection(collection_id)}/query", json=body)  # type: ignore[no-any-return]

    async def index(self, collection_id: str, object_key: str) -> VectorIndexRun:
        return await self._c._json("POST", f"{_collection(collection_id)}/index", json={"object_key": object_key})  # type: ignore[no-any-return]

    async def index_run(self, collection_id: str, run_id: str) -> VectorIndexRun:
        return await self._c._json("GET", _run(collection_id, run_id))  # type: ignore[no-any-return]

    async def cancel_index_run(self, collection_id: str, run_id: str) -> VectorIndexRun:
        return await self._c._json("POST", f"{_run(collection_id, run_id)}/cancel")  # type: ignore[no-any-return]

    async def wait(self, collection_id: str, run_id: str, *, interval: float = 1.0, timeout: float = 600.0, on_progress: OnProgress | None = None) -> VectorIndexRun:
        return await async_wait_until_finished(lambda: self.index_run(collection_id, run_id), IndexRunTimeoutError, interval=interval, timeout=timeout, on_progress=on_progress)

    async def admin_overview(self) -> VectorAdminOverview:
        return await self._c._json("GET", "/api/admin/vectors")  # type: ignore[no-any-return]

    async def rebuild_law_index(self, *, force: bool = False) -> VectorRebuildResult:
        return await self._c._json("POST", "/api/admin/vectors/rebuild", json={"force": force})  # type: ignore[no-any-return]
