"""Object storage (``/api/storage/objects``): the caller's files, streamed both ways, for the sync
and the async client."""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from email.utils import parsedate_to_datetime
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any, Union

import httpx

from ._base import path_segment
from ._generated import StoredObject, StoredObjectPage

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["ObjectBody", "AsyncObjectBody", "ObjectInfo", "ObjectDownload", "AsyncObjectDownload", "Storage", "AsyncStorage"]

#: What ``put`` sends: bytes, text, a binary file object (read in chunks), or an iterator of chunks.
ObjectBody = Union[bytes, str, IO[bytes], Iterable[bytes]]
#: The async client also takes an async iterator of chunks.
AsyncObjectBody = Union[ObjectBody, AsyncIterable[bytes]]

CHUNK = 64 * 1024
_HEX = re.compile(r"^[0-9a-fA-F]{64}$")


@dataclass(frozen=True)
class ObjectInfo:
    """What GET and HEAD say about an object."""

    #: 200, 206 for a range, 304 when ``if_none_match`` was current.
    status: int
    content_type: str | None
    #: Bytes in this answer (the range's, for 206).
    content_length: int | None
    etag: str | None
    last_modified: datetime | None
    #: ``bytes first-last/size`` on 206.
    content_range: str | None
    #: The object's SHA-256 (hex), from Repr-Digest.
    sha256: str | None

    @property
    def not_modified(self) -> bool:
        return self.status == 304

    @classmethod
    def from_response(cls, response: httpx.Response) -> ObjectInfo:
        h = response.headers
        length = h.get("content-length")
        modified = h.get("last-modified")
        digest = re.search(r"sha-256=:([A-Za-z0-9+/=]+):", h.get("repr-digest", ""))
        return cls(
            status=response.status_code,
            content_type=h.get("content-type"),
            content_length=int(length) if length is not None and length.isdigit() else None,
            etag=h.get("etag"),
            last_modified=parsedate_to_datetime(modified) if modified else None,
            content_range=h.get("content-range"),
            sha256=base64.b64decode(digest.group(1)).hex() if digest else None,
        )


class ObjectDownload:
    """An open download: ``info`` at once, the bytes as they arrive (``iter_bytes``) or whole
    (``read``). Use it as a context manager, or read it whole, so the connection is released."""

    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self.info = ObjectInfo.from_response(response)

    def iter_bytes(self, chunk_size: int = CHUNK) -> Iterator[bytes]:
        try:
            yield from self._response.iter_bytes(chunk_size)
        finally:
            self._response.close()

    def read(self) -> bytes:
        try:
            return self._response.read()
        finally:
            self._response.close()

    def close(self) -> None:
        self._response.close()

    def __enter__(self) -> ObjectDownload:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class AsyncObjectDownload:
    """The async client's open download (``async with``; ``aiter_bytes`` or ``read``)."""

    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self.info = ObjectInfo.from_response(response)

    async def aiter_bytes(self, chunk_size: int = CHUNK) -> AsyncIterator[bytes]:
        try:
            async for chunk in self._response.aiter_bytes(chunk_size):
                yield chunk
        finally:
            await self._response.aclose()

    async def read(self) -> bytes:
        try:
            return await self._response.aread()
        finally:
            await self._response.aclose()

    async def aclose(self) -> None:
        await self._response.aclose()

    async def __aenter__(self) -> AsyncObjectDownload:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.aclose()


def _chunks_of(file: IO[bytes]) -> Iterator[bytes]:
    while chunk := file.read(CHUNK):
        yield chunk


def _sync_content(body: ObjectBody) -> Any:
    if isinstance(body, (bytes, str)):
        return body
    if hasattr(body, "read"):
        return _chunks_of(body)  # type: ignore[arg-type]
    return iter(body)


async def _async_chunks(body: Any) -> AsyncIterator[bytes]:
    if hasattr(body, "__aiter__"):
        async for chunk in body:
            yield chunk
    else:
        for chunk in _sync_content(body):
            yield chunk


def _upload_headers(body: Any, checksum: str | bool | None) -> dict[str, str]:
    """``Content-Digest: sha-256=:…:`` (RFC 9530) from ``checksum``: a hex or base64 SHA-256, or True to compute it (bytes and text only)."""
    if checksum is None or checksum is False:
        return {}
    if checksum is True:
        if not isinstance(body, (bytes, str)):
            raise TypeError("checksum=True (sha256=True) needs bytes or str; pass the SHA-256 of a stream or file")
        digest = hashlib.sha256(body.encode() if isinstance(body, str) else body).digest()
        value = base64.b64encode(digest).decode()
    elif _HEX.match(checksum):
        value = base64.b64encode(bytes.fromhex(checksum)).decode()
    else:
        value = checksum
    return {"Content-Digest": f"sha-256=:{value}:"}


def _get_headers(range: tuple[int, int | None] | None, if_none_match: str | None) -> dict[str, str]:
    headers = {"Accept": "*/*"}
    if range is not None:
        start, end = range
        headers["Range"] = f"bytes={start}-{'' if end is None else end}"
    if if_none_match:
        headers["If-None-Match"] = if_none_match
    return headers


def _object_path(key: str) -> str:
    return f"/api/storage/objects/{path_segment(key)}"


class Storage:
    """``/api/storage/objects``: the caller's stored objects (``read:storage``, ``write:storage``).
    Keys may contain ``/`` (they are percent-encoded for you)."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def put(self, key: str, body: ObjectBody, *, content_type: str, checksum: str | bool | None = None) -> StoredObject:
        """Stores ``body`` (streamed, never read whole for files and iterators) as ``key``; its size, SHA-256 and ETag.
        ``checksum`` is verified by the API (``ValidationError`` on mismatch, nothing stored)."""
        headers = _upload_headers(body, checksum)
        response = self._c._send("PUT", _object_path(key), content=_sync_content(body), content_type=content_type, headers=headers)
        return response.json()  # type: ignore[no-any-return]

    def get(self, key: str, *, range: tuple[int, int | None] | None = None, if_none_match: str | None = None) -> ObjectDownload:
        """Opens ``key`` for reading: ``range`` is inclusive (``(0, 1023)``; ``(1024, None)``: to the end)."""
        response = self._c._send("GET", _object_path(key), headers=_get_headers(range, if_none_match), stream=True, ok_statuses=frozenset({304}))
        return ObjectDownload(response)

    def head(self, key: str, *, if_none_match: str | None = None) -> ObjectInfo:
        response = self._c._send("HEAD", _object_path(key), headers=_get_headers(None, if_none_match), ok_statuses=frozenset({304}))
        return ObjectInfo.from_response(response)

    def delete(self, key: str) -> None:
        self._c._send("DELETE", _object_path(key))

    def list(self, *, prefix: str | None = None, limit: int | None = None, cursor: str | None = None) -> StoredObjectPage:
        return self._c._json("GET", "/api/storage/objects", params=dict(prefix=prefix, limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def iter(self, *, prefix: str | None = None, limit: int | None = None) -> Iterator[StoredObject]:
        cursor: str | None = None
        while True:
            page = self.list(prefix=prefix, limit=limit, cursor=cursor)
            yield from page["data"]
            cursor = page.get("next_cursor")
            if not cursor:
                return


class AsyncStorage:
    """``/api/storage/objects`` for the async client (see :class:`Storage`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def put(self, key: str, body: AsyncObjectBody, *, content_type: str, checksum: str | bool | None = None) -> StoredObject:
        headers = _upload_headers(body, checksum)
        content = body if isinstance(body, (bytes, str)) else _async_chunks(body)
        response = await self._c._send("PUT", _object_path(key), content=content, content_type=content_type, headers=headers)
        return response.json()  # type: ignore[no-any-return]

    async def get(self, key: str, *, range: tuple[int, int | None] | None = None, if_none_match: str | None = None) -> AsyncObjectDownload:
        response = await self._c._send("GET", _object_path(key), headers=_get_headers(range, if_none_match), stream=True, ok_statuses=frozenset({304}))
        return AsyncObjectDownload(response)

    async def head(self, key: str, *, if_none_match: str | None = None) -> ObjectInfo:
        response = await self._c._send("HEAD", _object_path(key), headers=_get_headers(None, if_none_match), ok_statuses=frozenset({304}))
        return ObjectInfo.from_response(response)

    async def delete(self, key: str) -> None:
        await self._c._send("DELETE", _object_path(key))

    async def list(self, *, prefix: str | None = None, limit: int | None = None, cursor: str | None = None) -> StoredObjectPage:
        return await self._c._json("GET", "/api/storage/objects", params=dict(prefix=prefix, limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    async def iter(self, *, prefix: str | None = None, limit: int | None = None) -> AsyncIterator[StoredObject]:
        cursor: str | None = None
        while True:
            page = await self.list(prefix=prefix, limit=limit, cursor=cursor)
            for item in page["data"]:
                yield item
            cursor = page.get("next_cursor")
            if not cursor:
                return


