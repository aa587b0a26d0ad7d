"""The caller's FOIA notifications (``/api/foia/notifications``): deadline reminders and the
tracker's events, for the sync and the async client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

from ._base import apaginate, paginate
from ._generated import FoiaNotification, FoiaNotificationKind, FoiaNotificationPage, MarkedRead

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["FoiaNotifications", "AsyncFoiaNotifications"]

_BASE = "/api/foia/notifications"


def _params(kind: FoiaNotificationKind | None, unread: bool | None, limit: int | None, cursor: str | None) -> dict[str, Any]:
    return dict(kind=kind, unread=unread, limit=limit, cursor=cursor)


def _read_path(id: int) -> str:
    if isinstance(id, bool) or not isinstance(id, int) or id < 1:
        raise ValueError(f"expected a notification id (a positive int), got {id!r}")
    return f"{_BASE}/{id}/read"


class FoiaNotifications:
    """``client.foia.notifications``: ``list`` / ``iter``, ``mark_read`` and ``mark_all_read``
    (scopes ``read:foia``, ``write:foia``)."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def list(
        self, *, kind: FoiaNotificationKind | None = None, unread: bool | None = None, limit: int | None = None, cursor: str | None = None
    ) -> FoiaNotificationPage:
        """One page of the caller's notifications, unread first, then newest first, each with its
        request's ``subject`` and ``agency_name`` (``unread=True``: only unread; ``False``: only read)."""
        return self._c._json("GET", _BASE, params=_params(kind, unread, limit, cursor))  # type: ignore[no-any-return]

    def iter(self, *, kind: FoiaNotificationKind | None = None, unread: bool | None = None, limit: int | None = None) -> Iterator[FoiaNotification]:
        """Every notification matching the filters, page after page."""
        return paginate(lambda c: self.list(kind=kind, unread=unread, limit=limit, cursor=c))

    def mark_read(self, id: int) -> FoiaNotification:
        """Marks one notification read and returns it; again is harmless (``read_at`` keeps the first
        time). Another user's raises :class:`NotFoundError`."""
        return self._c._json("POST", _read_path(id))  # type: ignore[no-any-return]

    def mark_all_read(self) -> MarkedRead:
        """Marks all the caller's notifications read: ``{"marked": how many were unread}``."""
        return self._c._json("POST", f"{_BASE}/read-all")  # type: ignore[no-any-return]


class AsyncFoiaNotifications:
    """``client.foia.notifications`` of the async client (see :class:`FoiaNotifications`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def list(
        self, *, kind: FoiaNotificationKind | None = None, unread: bool | None = None, limit: int | None = None, cursor: str | None = None
    ) -> FoiaNotificationPage:
        return await self._c._json("GET", _BASE, params=_params(kind, unread, limit, cursor))  # type: ignore[no-any-return]

    def iter(self, *, kind: FoiaNotificationKind | None = None, unread: bool | None = None, limit: int | None = None) -> AsyncIterator[FoiaNotification]:
        return apaginate(lambda c: self.list(kind=kind, unread=unread, limit=limit, cursor=c))

    async def mark_read(self, id: int) -> FoiaNotification:
        return await self._c._json("POST", _read_path(id))  # type: ignore[no-any-return]

    async def mark_all_read(self) -> MarkedRead:
        return await self._c._json("POST", f"{_BASE}/read-all")  # type: ignore[no-any-return]
