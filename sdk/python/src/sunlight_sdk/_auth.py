"""Bearer tokens: a fixed one, one from a callable, or the OAuth2 client-credentials grant."""

from __future__ import annotations

import asyncio
import base64
import inspect
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Union
from urllib.parse import quote_plus

import httpx

from .errors import SunlightConnectionError, SunlightTimeoutError, TokenRequestError

__all__ = ["ClientCredentials"]

TokenSource = Union[str, Callable[[], str]]
AsyncTokenSource = Union[str, Callable[[], Union[str, Awaitable[str]]]]


@dataclass(frozen=True)
class ClientCredentials:
    """A machine client at the identity provider (RFC 6749 §4.4, client_secret_basic).

    The client fetches a token from ``token_url`` with a form body
    ``grant_type=client_credentials`` (plus ``scope`` and ``audience`` when given) and the client
    id and secret as HTTP Basic credentials, keeps it, fetches a new one ``refresh_margin`` seconds
    before it expires (default: a tenth of its lifetime, at most 60 s) and once more when the API
    answers 401.
    """

    token_url: str
    client_id: str
    client_secret: str
    scope: str | None = None
    audience: str | None = None
    refresh_margin: float | None = None

    def request_parts(self) -> tuple[dict[str, str], dict[str, str]]:
        """The token request's headers and form fields."""
        basic = base64.b64encode(f"{quote_plus(self.client_id)}:{quote_plus(self.client_secret)}".encode()).decode()
        headers = {"Authorization": f"Basic {basic}", "Accept": "application/json"}
        form = {"grant_type": "client_credentials"}
        if self.scope:
            form["scope"] = self.scope
        if self.audience:
            form["audience"] = self.audience
        return headers, form

    def margin_for(self, expires_in: float) -> float:
        if self.refresh_margin is not None:
            return self.refresh_margin
        return min(60.0, expires_in / 10)


@dataclass
class _Cached:
    token: str
    #: time.monotonic() after which the token is refreshed (None: until the API refuses it).
    refresh_at: float | None

    def fresh(self) -> bool:
        return self.refresh_at is None or time.monotonic() < self.refresh_at


def _parse_token_response(creds: ClientCredentials, response: httpx.Response) -> _Cached:
    try:
        body: Any = response.json()
    except ValueError:
        body = None
    if response.status_code != 200 or not isinstance(body, dict) or not isinstance(body.get("access_token"), str):
        code = str(body.get("error")) if isinstance(body, dict) and body.get("error") else f"HTTP_{response.status_code}"
        message = str(body.get("error_description")) if isinstance(body, dict) and body.get("error_description") else "The identity provider refused the token request"
        raise TokenRequestError(message, status=response.status_code, code=code, response=response)
    expires_in = body.get("expires_in")
    refresh_at = None
    if isinstance(expires_in, (int, float)) and not isinstance(expires_in, bool):
        refresh_at = time.monotonic() + float(expires_in) - creds.margin_for(float(expires_in))
    return _Cached(body["access_token"], refresh_at)


def _transport_error(err: httpx.TransportError, what: str) -> Exception:
    if isinstance(err, httpx.TimeoutException):
        return SunlightTimeoutError(f"{what} timed out: {err}")
    return SunlightConnectionError(f"{what} failed: {err}")


class SyncAuth:
    """The token for each request of the sync client."""

    def __init__(self, token: TokenSource | None, credentials: ClientCredentials | None) -> None:
        if token is not None and credentials is not None:
            raise ValueError("give either token or client_credentials, not both")
        self._token = token
        self._credentials = credentials
        self._cached: _Cached | None = None
        self._lock = threading.Lock()
        #: How many tokens were fetched from the identity provider.
        self.fetches = 0

    @property
    def refreshable(self) -> bool:
        """Whether a 401 is worth one more try with a new token."""
        return self._credentials is not None

    def invalidate(self, stale: str | None) -> None:
        with self._lock:
            if self._cached is not None and (stale is None or self._cached.token == stale):
                self._cached = None

    def token(self, http: httpx.Client, timeout: httpx.Timeout) -> str | None:
        if self._credentials is None:
            return self._token() if callable(self._token) else self._token
        with self._lock:
            if self._cached is None or not self._cached.fresh():
                self._cached = self._fetch(http, timeout, self._credentials)
            return self._cached.token

    def _fetch(self, http: httpx.Client, timeout: httpx.Timeout, creds: ClientCredentials) -> _Cached:
        headers, form = creds.request_parts()
        try:
            response = http.post(creds.token_url, data=form, headers=headers, timeout=timeout)
        except httpx.TransportError as err:
            raise _transport_error(err, "The token request") from err
        self.fetches += 1
        return _parse_token_response(creds, response)


class AsyncAuth:
    """The token for each request of the async client."""

    def __init__(self, token: AsyncTokenSource | None, credentials: ClientCredentials | None) -> None:
        if token is not None and credentials is not None:
            raise ValueError("give either token or client_credentials, not both")
        self._token = token
        self._credentials = credentials
        self._cached: _Cached | None = None
        self._lock: asyncio.Lock | None = None
        self.fetches = 0

    @property
    def refreshable(self) -> bool:
        return self._credentials is not None

    def invalidate(self, stale: str | None) -> None:
        if self._cached is not None and (stale is None or self._cached.token == stale):
            self._cached = None

    async def token(self, http: httpx.AsyncClient, timeout: httpx.Timeout) -> str | None:
        if self._credentials is None:
            if callable(self._token):
                value = self._token()
                return await value if inspect.isawaitable(value) else value
            return self._token
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            if self._cached is None or not self._cached.fresh():
                self._cached = await self._fetch(http, timeout, self._credentials)
            return self._cached.token

    async def _fetch(self, http: httpx.AsyncClient, timeout: httpx.Timeout, creds: ClientCredentials) -> _Cached:
        headers, form = creds.request_parts()
        try:
            response = await http.post(creds.token_url, data=form, headers=headers, timeout=timeout)
        except httpx.TransportError as err:
            raise _transport_error(err, "The token request") from err
        self.fetches += 1
        return _parse_token_response(creds, response)
