"""``client.me``: the caller's own settings (``/api/me/profile``), for the sync and the async client."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._generated import Profile, ProfileUpdate

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["Me", "AsyncMe", "ProfileApi", "AsyncProfileApi"]

_PROFILE = "/api/me/profile"


class ProfileApi:
    """``client.me.profile``: ``get`` and ``update``."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def get(self) -> Profile:
        """The caller's profile (scope ``read:foia``): every field None and every switch off until first written."""
        return self._c._json("GET", _PROFILE)  # type: ignore[no-any-return]

    def update(self, profile: ProfileUpdate) -> Profile:
        """Replaces the caller's profile (scope ``write:foia``): who signs letters of requests that
        name no requester, their Reply-To, and how notifications reach them. Fields left out are
        cleared (to change one, send the whole profile); the calendar feed token is kept."""
        return self._c._json("PUT", _PROFILE, json=profile)  # type: ignore[no-any-return]


class AsyncProfileApi:
    """``client.me.profile`` of the async client (see :class:`ProfileApi`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def get(self) -> Profile:
        return await self._c._json("GET", _PROFILE)  # type: ignore[no-any-return]

    async def update(self, profile: ProfileUpdate) -> Profile:
        return await self._c._json("PUT", _PROFILE, json=profile)  # type: ignore[no-any-return]


class Me:
    """``client.me``: the caller's own settings."""

    def __init__(self, client: SunlightClient) -> None:
        #: The caller's profile: ``get``, ``update``.
        self.profile = ProfileApi(client)


class AsyncMe:
    """``client.me`` of the async client."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self.profile = AsyncProfileApi(client)
