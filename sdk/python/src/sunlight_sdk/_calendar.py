"""The caller's FOIA due dates as an iCalendar feed (``/api/foia/calendar.ics``), and the feed
token calendar apps subscribe with (they cannot send a bearer token), for the sync and the async client."""

from __future__ import annotations

from typing import TYPE_CHECKING

import httpx

from ._generated import CalendarFeedToken

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["FoiaCalendar", "AsyncFoiaCalendar"]

_TOKEN = "/api/foia/calendar/feed-token"
_FEED = "/api/foia/calendar.ics"
_ACCEPT = {"Accept": "text/calendar"}


def _feed_url(base_url: str, feed_token: str | CalendarFeedToken) -> str:
    token = feed_token if isinstance(feed_token, str) else feed_token["feed_token"]
    return str(httpx.URL(base_url + _FEED, params={"feed_token": token}))


class FoiaCalendar:
    """``client.foia.calendar``: ``rotate_feed_token``, ``revoke_feed_token``, ``feed_url`` and ``feed``."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def rotate_feed_token(self) -> CalendarFeedToken:
        """Issues a new feed token (scope ``write:foia``), revoking the previous one at once. The
        token is shown only here; :meth:`feed_url` is the address to subscribe to."""
        return self._c._json("POST", _TOKEN)  # type: ignore[no-any-return]

    def revoke_feed_token(self) -> None:
        """Revokes the feed token (also when there is none): the feed then raises :class:`NotFoundError`."""
        self._c._send("DELETE", _TOKEN)

    def feed_url(self, feed_token: str | CalendarFeedToken) -> str:
        """The feed's full address for a calendar app, from :meth:`rotate_feed_token`'s answer or the token."""
        return _feed_url(self._c.base_url, feed_token)

    def feed(self, feed_token: str) -> str:
        """The iCalendar (RFC 5545) text of the token owner's due dates, fetched as a calendar app
        fetches it: with the feed token, never the client's bearer token. An unknown or revoked
        token raises :class:`NotFoundError`."""
        return self._c._send("GET", _FEED, params={"feed_token": feed_token}, headers=_ACCEPT, auth=False).text


class AsyncFoiaCalendar:
    """``client.foia.calendar`` of the async client (see :class:`FoiaCalendar`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def rotate_feed_token(self) -> CalendarFeedToken:
        return await self._c._json("POST", _TOKEN)  # type: ignore[no-any-return]

    async def revoke_feed_token(self) -> None:
        await self._c._send("DELETE", _TOKEN)

    def feed_url(self, feed_token: str | CalendarFeedToken) -> str:
        return _feed_url(self._c.base_url, feed_token)

    async def feed(self, feed_token: str) -> str:
        return (await self._c._send("GET", _FEED, params={"feed_token": feed_token}, headers=_ACCEPT, auth=False)).text
