"""A FOIA request's thread (``client.foia.communications``), sending letters (``client.foia.send``,
to the loopback SMTP server python-sdk.int.test.ts starts), the letter as a PDF, and turning a
partial release into an appeal letter (``client.foia.appeal_draft``)."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path
from typing import Any

import pytest

from sunlight_sdk import ConflictError, NotFoundError
from sunlight_sdk.types import DeliveryState, FoiaCommunication, FoiaRequestCreate

from conftest import Env, call, run_readme_example, type_check_readme_example


def new_request(**overrides: Any) -> FoiaRequestCreate:
    body: FoiaRequestCreate = {
        "jurisdiction": "texas",
        "agency": {"name": "Austin Police Department", "email": "records@example.gov"},
        "subject": f"Use-of-force reports {uuid.uuid4().hex[:8]}",
        "description": "All use-of-force reports filed in 2024, with their supervisor reviews.",
        "requester": {"name": "Dana Reporter", "email": "dana@example.org"},
    }
    body.update(overrides)  # type: ignore[typeddict-item]
    return body


async def delivered(client: Any, request_id: str, communication_id: str, state: DeliveryState, timeout: float = 15.0) -> FoiaCommunication:
    """Polls the communication until its ``delivery`` is ``state``."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        communication: FoiaCommunication = await call(client.foia.communications.get(request_id, communication_id))
        if communication["delivery"] == state:
            return communication
        assert asyncio.get_running_loop().time() < deadline, f"delivery is {communication['delivery']}, expected {state}"
        await asyncio.sleep(0.05)


async def test_log_replies_that_move_the_request(client: Any, stranger: Any) -> None:
    created = await call(client.foia.create(new_request(status="submitted")))
    fee = await call(client.foia.communications.create(created.id, {"direction": "incoming", "subject": "Fee estimate", "body": "The cost is $42.", "status": "payment_required"}))
    assert fee["communication"]["kind"] == "reply" and fee["communication"]["status_to"] == "payment_required"
    assert fee["request"]["status"] == "payment_required" and fee["request"]["clock"] == "paused"

    paid = await call(client.foia.communications.create(created.id, {"direction": "incoming", "channel": "mail", "body": "Paid.", "status": "processing"}))
    assert paid["request"]["clock"] == "running" and paid["communication"]["channel"] == "mail"

    thread = await call(client.foia.communications.list(created.id))
    assert [c["id"] for c in thread["data"]] == [fee["communication"]["id"], paid["communication"]["id"]]
    assert thread["total"] == 2 and thread["next_cursor"] is None
    assert await call(client.foia.communications.get(created.id, fee["communication"]["id"])) == thread["data"][0]

    with pytest.raises(ConflictError):
        await call(client.foia.communications.create(created.id, {"direction": "incoming", "body": "x", "status": "draft"}))
    with pytest.raises(ConflictError):
        await call(client.foia.communications.letter(created.id, fee["communication"]["id"]))
    with pytest.raises(NotFoundError):
        await call(stranger.foia.communications.list(created.id))
    with pytest.raises(NotFoundError):
        await call(stranger.foia.communications.get(created.id, fee["communication"]["id"]))


async def test_send_the_letter_once(client: Any, stranger: Any) -> None:
    draft = await call(client.foia.create(new_request()))
    key = f"send-{draft.id}"
    queued = await call(client.foia.send(draft.id, "request", cc=["desk@example.org"], idempotency_key=key))
    assert queued["kind"] == "request" and queued["direction"] == "outgoing"
    assert queued["to_address"] == "records@example.gov" and queued["cc_address"] == "desk@example.org"

    sent = await delivered(client, draft.id, queued["id"], "sent")
    assert sent["message_id"] and sent["sent_at"]
    again = await call(client.foia.send(draft.id, "request", cc=["desk@example.org"], idempotency_key=key))
    assert again["id"] == queued["id"]
    assert (await call(client.foia.get(draft.id))).status == "submitted"

    with pytest.raises(ConflictError):
        await call(client.foia.send(draft.id, "appeal"))
    with pytest.raises(NotFoundError):
        await call(stranger.foia.send(draft.id, "request"))


async def test_letter_as_pdf(client: Any) -> None:
    created = await call(client.foia.create(new_request()))
    pdf = await call(client.foia.letter(created.id, format="pdf"))
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF-")
    text = await call(client.foia.letter(created.id))
    assert isinstance(text, str) and "Dana Reporter" in text


async def test_appeal_a_partial_release(client: Any) -> None:
    agency = {"name": "Federal Bureau of Investigation", "email": "foia@example.gov"}
    created = await call(client.foia.create(new_request(jurisdiction="federal", agency=agency, status="submitted", submitted_at="2025-11-03T10:00:00-05:00")))
    await call(client.foia.update(created.id, {"status": "partially_fulfilled", "completed_at": "2025-12-05T10:00:00-05:00"}))

    draft = await call(client.foia.appeal_draft(created.id, "Memoranda were withheld as predecisional deliberation.", exemptions=["5 U.S.C. 552(b)(5)"]))
    assert draft["request_id"] == created.id and draft["appealing"] == "partially_fulfilled"
    assert len(draft["matches"]) + len(draft["unmatched"]) > 0
    assert "Federal Bureau of Investigation" in draft["letter"]["text"] and "Dana Reporter" in draft["letter"]["text"]
    stored = await call(client.foia.communications.get(created.id, draft["communication_id"]))
    assert stored["kind"] == "appeal" and stored["delivery"] == "draft"
    assert await call(client.foia.communications.letter(created.id, draft["communication_id"])) == stored["body"]
    markdown = await call(client.foia.communications.letter(created.id, draft["communication_id"], format="markdown"))
    assert "Federal Bureau of Investigation" in markdown
    pdf = await call(client.foia.communications.letter(created.id, draft["communication_id"], format="pdf"))
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF-")

    queued = await call(client.foia.send(created.id, "appeal"))
    assert queued["id"] == draft["communication_id"]
    await delivered(client, created.id, queued["id"], "sent")
    assert (await call(client.foia.get(created.id))).status == "appealed"

    pending = await call(client.foia.create(new_request()))
    with pytest.raises(ConflictError):
        await call(client.foia.appeal_draft(pending.id, "Denied."))


def test_readme_example_sends_and_appeals(env: Env, tmp_path: Path) -> None:
    out = run_readme_example("send-and-appeal", env, tmp_path)
    assert "letter sent to foia@example.gov" in out
    assert "request is partially_fulfilled" in out
    assert "appeal drafted: Re: " in out and "appeal PDF: " in out
    type_check_readme_example("send-and-appeal", tmp_path)
