"""A FOIA request's thread of communications (``/api/foia/requests/{id}/communications``): letters
sent, replies received and notes, for the sync and the async client."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, overload

from ._base import path_segment
from ._generated import FoiaCommunication, FoiaCommunicationPage, LogCommunicationRequest, LoggedCommunication

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["FoiaCommunications", "AsyncFoiaCommunications"]


def _base(request_id: str) -> str:
    return f"/api/foia/requests/{path_segment(request_id)}/communications"


def _one(request_id: str, communication_id: str) -> str:
    return f"{_base(request_id)}/{path_segment(communication_id)}"


def _accept(format: str) -> dict[str, str]:
    return {"Accept": "application/pdf" if format == "pdf" else "text/plain, text/markdown"}


class FoiaCommunications:
    """``client.foia.communications``: ``list``, ``get``, ``letter`` and ``create`` (log one) (scopes ``read:foia``, ``write:foia``)."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def list(self, request_id: str) -> FoiaCommunicationPage:
        """The request's whole thread, oldest first, each with its attachments
        (:class:`NotFoundError` for someone else's request)."""
        return self._c._json("GET", _base(request_id))  # type: ignore[no-any-return]

    def get(self, request_id: str, communication_id: str) -> FoiaCommunication:
        """One communication; poll it after ``foia.send`` to follow its ``delivery``
        (``queued`` → ``sending`` → ``sent`` or ``failed``)."""
        return self._c._json("GET", _one(request_id, communication_id))  # type: ignore[no-any-return]

    @overload
    def letter(self, request_id: str, communication_id: str, *, format: Literal["text", "markdown"] = "text") -> str: ...

    @overload
    def letter(self, request_id: str, communication_id: str, *, format: Literal["pdf"]) -> bytes: ...

    def letter(self, request_id: str, communication_id: str, *, format: Literal["text", "markdown", "pdf"] = "text") -> str | bytes:
        """An outgoing letter of the thread (a follow-up, an appeal, a request letter as sent): text
        (exactly as sent or drafted) or Markdown as ``str``, ``"pdf"`` as ``bytes``. Replies and notes
        are no letters (:class:`ConflictError`)."""
        response = self._c._send("GET", f"{_one(request_id, communication_id)}/letter", params={"format": format}, headers=_accept(format))
        return response.content if format == "pdf" else response.text

    def create(self, request_id: str, communication: LogCommunicationRequest) -> LoggedCommunication:
        """Logs a communication: the agency's reply (``direction: "incoming"``), a letter sent by other
        means (``outgoing``, with its ``kind``) or a note; answers it and where the request stands.

        With ``status`` the request moves as ``foia.update`` would move it, in the same step (a reply
        asking for payment pauses the deadline clock); a refused transition raises
        :class:`ConflictError` and nothing is stored. ``attachment_ids`` files attachments already
        uploaded to the request under it.
        """
        return self._c._json("POST", _base(request_id), json=communication)  # type: ignore[no-any-return]


class AsyncFoiaCommunications:
    """``client.foia.communications`` of the async client (see :class:`FoiaCommunications`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def list(self, request_id: str) -> FoiaCommunicationPage:
        return await self._c._json("GET", _base(request_id))  # type: ignore[no-any-return]

    async def get(self, request_id: str, communication_id: str) -> FoiaCommunication:
        return await self._c._json("GET", _one(request_id, communication_id))  # type: ignore[no-any-return]

    @overload
    async def letter(self, request_id: str, communication_id: str, *, format: Literal["text", "markdown"] = "text") -> str: ...

    @overload
    async def letter(self, request_id: str, communication_id: str, *, format: Literal["pdf"]) -> bytes: ...

    async def letter(self, request_id: str, communication_id: str, *, format: Literal["text", "markdown", "pdf"] = "text") -> str | bytes:
        response = await self._c._send("GET", f"{_one(request_id, communication_id)}/letter", params={"format": format}, headers=_accept(format))
        return response.content if format == "pdf" else response.text

    async def create(self, request_id: str, communication: LogCommunicationRequest) -> LoggedCommunication:
        return await self._c._json("POST", _base(request_id), json=communication)  # type: ignore[no-any-return]
