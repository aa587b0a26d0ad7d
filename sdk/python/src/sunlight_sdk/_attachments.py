"""A FOIA request's attachments (``/api/foia/requests/{id}/attachments``): files streamed into the
caller's object storage and listed with the request, for the sync and the async client."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._base import path_segment
from ._generated import FoiaAttachment, FoiaAttachmentKind, FoiaAttachmentPage
from ._storage import AsyncObjectBody, AsyncObjectDownload, ObjectBody, ObjectDownload, _async_chunks, _get_headers, _sync_content, _upload_headers

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["FoiaAttachments", "AsyncFoiaAttachments"]


def _base(request_id: str) -> str:
    return f"/api/foia/requests/{path_segment(request_id)}/attachments"


def _one(request_id: str, attachment_id: str) -> str:
    return f"{_base(request_id)}/{path_segment(attachment_id)}"


def _upload_query(filename: str, kind: FoiaAttachmentKind | None, description: str | None) -> dict[str, str | None]:
    return {"filename": filename, "kind": kind, "description": description}


class FoiaAttachments:
    """``client.foia.attachments``: list, upload (streamed), download (streamed), delete
    (scopes ``read:foia``, ``write:foia``)."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def list(self, request_id: str) -> FoiaAttachmentPage:
        """Every attachment of the request, oldest first (:class:`NotFoundError` for someone else's request)."""
        return self._c._json("GET", _base(request_id))  # type: ignore[no-any-return]

    def upload(
        self,
        request_id: str,
        body: ObjectBody,
        *,
        filename: str,
        content_type: str,
        kind: FoiaAttachmentKind | None = None,
        description: str | None = None,
        sha256: str | bool | None = None,
    ) -> FoiaAttachment:
        """Attaches ``body`` to the request, streamed (files and iterators are sent as they are read,
        never whole) into the caller's storage under ``foia/{request id}/attachments/…``, with the
        types and size limit of ``storage.put``. ``kind`` defaults to ``other``. ``sha256`` (hex or
        base64, or True to compute it for bytes and text) is sent as ``Content-Digest`` and verified
        (:class:`ValidationError` on a mismatch, nothing stored)."""
        headers = _upload_headers(body, sha256)
        response = self._c._send(
            "POST", _base(request_id), params=_upload_query(filename, kind, description), content=_sync_content(body), content_type=content_type, headers=headers
        )
        return response.json()  # type: ignore[no-any-return]

    def download(self, request_id: str, attachment_id: str, *, range: tuple[int, int | None] | None = None, if_none_match: str | None = None) -> ObjectDownload:
        """Opens the attachment's bytes, as ``storage.get`` does: ``info`` at once (206 for a
        ``range``, inclusive; ``info.not_modified`` when ``if_none_match`` is current), the bytes streamed."""
        response = self._c._send("GET", f"{_one(request_id, attachment_id)}/content", headers=_get_headers(range, if_none_match), stream=True, ok_statuses=frozenset({304}))
        return ObjectDownload(response)

    def delete(self, request_id: str, attachment_id: str) -> None:
        """Removes the attachment and its stored file."""
        self._c._send("DELETE", _one(request_id, attachment_id))


class AsyncFoiaAttachments:
    """``client.foia.attachments`` of the async client (see :class:`FoiaAttachments`); ``upload``
    also takes an async iterator of chunks."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def list(self, request_id: str) -> FoiaAttachmentPage:
        return await self._c._json("GET", _base(request_id))  # type: ignore[no-any-return]

    async def upload(
        self,
        request_id: str,
        body: AsyncObjectBody,
        *,
        filename: str,
        content_type: str,
        kind: FoiaAttachmentKind | None = None,
        description: str | None = None,
        sha256: str | bool | None = None,
    ) -> FoiaAttachment:
        headers = _upload_headers(body, sha256)
        content = body if isinstance(body, (bytes, str)) else _async_chunks(body)
        response = await self._c._send(
            "POST", _base(request_id), params=_upload_query(filename, kind, description), content=content, content_type=content_type, headers=headers
        )
        return response.json()  # type: ignore[no-any-return]

    async def download(
        self, request_id: str, attachment_id: str, *, range: tuple[int, int | None] | None = None, if_none_match: str | None = None
    ) -> AsyncObjectDownload:
        response = await self._c._send(
            "GET", f"{_one(request_id, attachment_id)}/content", headers=_get_headers(range, if_none_match), stream=True, ok_statuses=frozenset({304})
        )
        return AsyncObjectDownload(response)

    async def delete(self, request_id: str, attachment_id: str) -> None:
        await self._c._send("DELETE", _one(request_id, attachment_id))
