"""The FOIA agency directory (``/api/foia/agencies``): shared entries from the law corpus and the
caller's own, for the sync and the async client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

from ._base import apaginate, paginate, path_segment
from ._generated import FoiaAgency, FoiaAgencyCreate, FoiaAgencyKind, FoiaAgencyPage, FoiaAgencyPatch, FoiaAgencyWithStatistics

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["FoiaAgencies", "AsyncFoiaAgencies"]

_BASE = "/api/foia/agencies"
_MERGE_PATCH = "application/merge-patch+json"


def _params(jurisdiction: str | None, kind: FoiaAgencyKind | None, q: str | None, limit: int | None, cursor: str | None) -> dict[str, Any]:
    return dict(jurisdiction=jurisdiction, kind=kind, q=q, limit=limit, cursor=cursor)


class FoiaAgencies:
    """``client.foia.agencies``: ``list`` / ``iter``, ``get`` (with statistics), ``create``, ``update``
    and ``delete`` (scopes ``read:foia``, ``write:foia``)."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def list(
        self,
        *,
        jurisdiction: str | None = None,
        kind: FoiaAgencyKind | None = None,
        q: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> FoiaAgencyPage:
        """One page of the directory and the caller's own entries, by name (``jurisdiction`` in any
        spelling: ``TX``, ``Texas``; ``kind``: records or oversight; ``q``: text in the name)."""
        return self._c._json("GET", _BASE, params=_params(jurisdiction, kind, q, limit, cursor))  # type: ignore[no-any-return]

    def iter(
        self, *, jurisdiction: str | None = None, kind: FoiaAgencyKind | None = None, q: str | None = None, limit: int | None = None
    ) -> Iterator[FoiaAgency]:
        """Every agency matching the filters, page after page."""
        return paginate(lambda c: self.list(jurisdiction=jurisdiction, kind=kind, q=q, limit=limit, cursor=c))

    def get(self, id: str) -> FoiaAgencyWithStatistics:
        """One agency with the statistics of the requests addressed to it (every user's, as
        aggregates only: medians and shares are None below three requests)."""
        return self._c._json("GET", f"{_BASE}/{path_segment(id)}")  # type: ignore[no-any-return]

    def create(self, agency: FoiaAgencyCreate) -> FoiaAgency:
        """Adds an entry only the caller sees; with ``based_on`` (a directory entry's id), what
        ``agency`` leaves out is copied from that entry."""
        return self._c._json("POST", _BASE, json=agency)  # type: ignore[no-any-return]

    def update(self, id: str, patch: FoiaAgencyPatch) -> FoiaAgency:
        """Changes one of the caller's own entries by JSON merge patch (``None`` clears a field); a
        directory entry raises :class:`ConflictError` (adapt it with ``create({"based_on": id})``)."""
        return self._c._json("PATCH", f"{_BASE}/{path_segment(id)}", json=patch, content_type=_MERGE_PATCH)  # type: ignore[no-any-return]

    def delete(self, id: str) -> None:
        """Deletes one of the caller's own entries (:class:`ConflictError` for a directory entry, or
        one the caller's requests still name)."""
        self._c._send("DELETE", f"{_BASE}/{path_segment(id)}")


class AsyncFoiaAgencies:
    """``client.foia.agencies`` of the async client (see :class:`FoiaAgencies`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def list(
        self,
        *,
        jurisdiction: str | None = None,
        kind: FoiaAgencyKind | None = None,
        q: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> FoiaAgencyPage:
        return await self._c._json("GET", _BASE, params=_params(jurisdiction, kind, q, limit, cursor))  # type: ignore[no-any-return]

    def iter(
        self, *, jurisdiction: str | None = None, kind: FoiaAgencyKind | None = None, q: str | None = None, limit: int | None = None
    ) -> AsyncIterator[FoiaAgency]:
        return apaginate(lambda c: self.list(jurisdiction=jurisdiction, kind=kind, q=q, limit=limit, cursor=c))

    async def get(self, id: str) -> FoiaAgencyWithStatistics:
        return await self._c._json("GET", f"{_BASE}/{path_segment(id)}")  # type: ignore[no-any-return]

    async def create(self, agency: FoiaAgencyCreate) -> FoiaAgency:
        return await self._c._json("POST", _BASE, json=agency)  # type: ignore[no-any-return]

    async def update(self, id: str, patch: FoiaAgencyPatch) -> FoiaAgency:
        return await self._c._json("PATCH", f"{_BASE}/{path_segment(id)}", json=patch, content_type=_MERGE_PATCH)  # type: ignore[no-any-return]

    async def delete(self, id: str) -> None:
        await self._c._send("DELETE", f"{_BASE}/{path_segment(id)}")
