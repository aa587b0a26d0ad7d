"""FOIA request tracking (``client.foia``): create, list, read with ETag, change with If-Match, letters,
deadline reminders, attachments."""

from __future__ import annotations

import asyncio
import hashlib
import io
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from sunlight_sdk import (
    AsyncObjectDownload,
    ConflictError,
    FoiaRequestWithETag,
    NotFoundError,
    ObjectDownload,
    PreconditionFailedError,
    SunlightClient,
    ValidationError,
)
from sunlight_sdk.types import FoiaAttachment, FoiaPreview, FoiaRequest, FoiaRequestCreate, FoiaRequestPatch

from conftest import call, collect, read_all, run_readme_example, type_check_readme_example


def new_request(tag: str, **overrides: Any) -> FoiaRequestCreate:
    body: FoiaRequestCreate = {
        "jurisdiction": "texas",
        "agency": {"name": "Austin Police Department", "email": "records@example.gov"},
        "subject": "Use-of-force reports",
        "description": "All use-of-force reports filed in 2024, with their supervisor reviews.",
        "requester": {"name": "Dana Reporter", "organization": "The Example Ledger"},
        "tags": [tag],
    }
    body.update(overrides)  # type: ignore[typeddict-item]
    return body


async def test_track_my_request(client: Any) -> None:
    tag = f"track-{uuid.uuid4().hex[:8]}"
    created = await call(client.foia.create(new_request(tag)))
    assert isinstance(created, FoiaRequestWithETag)
    assert created.status == "draft" and created.etag == 'W/"1"'
    assert created.data["allowed_transitions"] == ["submitted", "withdrawn"]

    read = await call(client.foia.get(created.id))
    assert read.etag == created.etag and read.data["history"] == created.data["history"]

    submitted = await call(client.foia.update(created.id, {"status": "submitted", "submitted_at": "2025-11-21T16:00:00-06:00", "note": "Sent by email"}, if_match=read.etag))
    assert submitted.status == "submitted" and submitted.etag == 'W/"2"'
    assert submitted.data["submitted_at"] == "2025-11-21T22:00:00.000Z"
    assert submitted.data["due_date"] and submitted.data["deadline"]["days"] == 10
    assert submitted.data["history"][-1]["to"] == "submitted" and submitted.data["history"][-1]["note"] == "Sent by email"

    # A merge patch without If-Match applies to the current version; null clears a field.
    noted = await call(client.foia.update(created.id, {"notes": "Called the clerk", "tracking_numbers": ["PIR-22"]}))
    assert noted.data["notes"] == "Called the clerk" and noted.data["tracking_numbers"] == ["PIR-22"]
    cleared = await call(client.foia.update(created.id, {"notes": None}, if_match=noted.etag))
    assert cleared.data["notes"] is None and cleared.data["version"] == 4


async def test_preview_computes_the_deadline_and_letter_and_stores_nothing(client: Any) -> None:
    tag = f"preview-{uuid.uuid4().hex[:8]}"
    # Day 0 Fri 2025-11-21; Thanksgiving and the Friday after are Texas holidays: due Tue 2025-12-09.
    preview: FoiaPreview = await call(client.foia.preview(new_request(tag, status="submitted", submitted_at="2025-11-21T16:00:00-06:00")))
    assert preview["status"] == "submitted" and preview["submitted_at_assumed"] is False
    assert preview["due_date"] == "2025-12-09" and preview["time_zone"] == "America/Chicago"
    assert preview["deadline"]["days"] == 10 and preview["deadline"]["unit"] == "business"
    assert preview["deadline"]["citation"] == "Tex. Gov't Code § 552.221(d)"
    assert any(line.startswith("Holidays skipped:") and "Thanksgiving" in line for line in preview["deadline"]["explanation"])
    assert "By my count, your response is due by December 9, 2025." in preview["letter"]["text"]
    assert "Dana Reporter" in preview["letter"]["text"] and "**Re:" in preview["letter"]["markdown"]

    draft = await call(client.foia.preview(new_request(tag)))
    assert draft["status"] == "draft" and draft["submitted_at_assumed"] is True and draft["due_date"]
    assert "By my count" not in draft["letter"]["text"]
    assert (await call(client.foia.list(tag=tag)))["total"] == 0

    with pytest.raises(ValidationError) as caught:
        await call(client.foia.preview(new_request(tag, status="submitted", submitted_at="2999-01-01T00:00:00Z")))
    assert [i["path"] for i in caught.value.issues] == ["body.submitted_at"]


async def test_refused_transition_is_a_conflict(client: Any) -> None:
    created = await call(client.foia.create(new_request(f"conflict-{uuid.uuid4().hex[:8]}")))
    with pytest.raises(ConflictError) as caught:
        await call(client.foia.update(created.id, {"status": "fulfilled"}, if_match=created.etag))
    assert caught.value.status == 409 and caught.value.code == "CONFLICT"
    assert caught.value.allowed_transitions == ["submitted", "withdrawn"]
    assert caught.value.metadata["requested_status"] == "fulfilled"
    assert (await call(client.foia.get(created.id))).status == "draft"


async def test_stale_etag_is_precondition_failed(client: Any) -> None:
    created = await call(client.foia.create(new_request(f"stale-{uuid.uuid4().hex[:8]}")))
    await call(client.foia.update(created.id, {"notes": "first"}, if_match=created.etag))
    with pytest.raises(PreconditionFailedError) as caught:
        await call(client.foia.update(created.id, {"notes": "second"}, if_match=created.etag))
    assert caught.value.status == 412 and caught.value.code == "PRECONDITION_FAILED" and caught.value.request_id
    assert (await call(client.foia.get(created.id))).data["notes"] == "first"


async def test_update_with_retry_rereads_after_a_change_meanwhile(client: Any, kind: str, other: SunlightClient) -> None:
    created = await call(client.foia.create(new_request(f"retry-{uuid.uuid4().hex[:8]}")))
    seen: list[int] = []

    def change(current: FoiaRequest) -> FoiaRequestPatch:
        seen.append(current["version"])
        if len(seen) == 1:
            # Someone else changes the request between our read and our write: our If-Match is stale.
            other.foia.update(current["id"], {"tags": ["changed-meanwhile"]})
        return {"notes": f"read at version {current['version']}"}

    async def achange(current: FoiaRequest) -> FoiaRequestPatch:
        return change(current)

    done = await call(client.foia.update_with_retry(created.id, change if kind == "sync" else achange))
    assert seen == [1, 2]
    assert done.data["notes"] == "read at version 2" and done.data["tags"] == ["changed-meanwhile"]
    unchanged = await call(client.foia.update_with_retry(created.id, lambda current: None))
    assert unchanged.etag == done.etag


async def test_list_and_iterate_with_filters(client: Any) -> None:
    tag = f"list-{uuid.uuid4().hex[:8]}"
    ids = [(await call(client.foia.create(new_request(tag, subject=f"Request {i}")))).id for i in range(3)]
    await call(client.foia.update(ids[0], {"status": "submitted"}))

    page = await call(client.foia.list(tag=tag, limit=2))
    assert page["total"] == 3 and len(page["data"]) == 2 and page["next_cursor"]
    every = await collect(client.foia.iter(tag=tag, limit=1))
    assert sorted(r["id"] for r in every) == sorted(ids)
    assert every[0]["id"] == ids[0]  # most recently updated first (the default sort)
    drafts = await call(client.foia.list(tag=tag, status=["draft"], jurisdiction="texas", overdue=False, sort="due_date"))
    assert sorted(r["id"] for r in drafts["data"]) == sorted(ids[1:])
    found = await call(client.foia.list(q="Request 2", tag=tag))
    assert [r["id"] for r in found["data"]] == [ids[2]]


async def test_letter_as_text_and_markdown(client: Any) -> None:
    created = await call(client.foia.create(new_request(f"letter-{uuid.uuid4().hex[:8]}")))
    text = await call(client.foia.letter(created.id))
    assert "Austin Police Department" in text and "Texas Public Information Act" in text and "Dana Reporter" in text
    markdown = await call(client.foia.letter(created.id, format="markdown"))
    assert "**Re:" in markdown


async def test_unknown_request_is_not_found(client: Any) -> None:
    missing = str(uuid.uuid4())
    with pytest.raises(NotFoundError):
        await call(client.foia.get(missing))
    with pytest.raises(NotFoundError):
        await call(client.foia.letter(missing))


async def test_deadline_reminders(client: Any) -> None:
    tag = f"remind-{uuid.uuid4().hex[:8]}"
    # Day 0 Fri 2025-11-21: due Tue 2025-12-09, long past. The reminder job runs beside the API
    # (python-sdk.int.test.ts runs its code every 250 ms) and records it overdue.
    late = await call(client.foia.create(new_request(tag, subject="Late records", status="submitted", submitted_at="2025-11-21T16:00:00-06:00")))
    give_up = time.monotonic() + 20
    page = await call(client.foia.reminders(late.id))
    while page["total"] == 0 and time.monotonic() < give_up:
        await asyncio.sleep(0.1)
        page = await call(client.foia.reminders(late.id))
    assert page["total"] == 1 and page["next_cursor"] is None and page["upcoming"] is None
    reminder = page["data"][0]
    assert reminder["request_id"] == late.id and reminder["kind"] == "overdue"
    assert reminder["due_date"] == "2025-12-09" and reminder["days_until_due"] < 0 and reminder["created_at"]
    assert await collect(client.foia.iter_reminders(late.id, limit=1)) == [reminder]
    assert (await call(client.foia.reminders(late.id, kind="due_soon")))["data"] == []

    # Submitted now: due in ten business days, the due-soon reminder comes three days before.
    fresh = await call(client.foia.create(new_request(tag, status="submitted")))
    due = fresh.data["due_date"]
    assert due is not None
    upcoming = (await call(client.foia.reminders(fresh.id)))["upcoming"]
    assert upcoming == {"kind": "due_soon", "on": (date.fromisoformat(due) - timedelta(days=3)).isoformat(), "due_date": due}

    overdue = await call(client.foia.all_reminders(kind="overdue", limit=100))
    assert overdue["total"] >= 1 and all(r["kind"] == "overdue" for r in overdue["data"])
    everything = await collect(client.foia.iter_all_reminders(limit=2))
    mine = [r for r in everything if r["request_id"] == late.id]
    assert mine == [{**reminder, "subject": "Late records", "agency_name": "Austin Police Department"}]

    with pytest.raises(NotFoundError):
        await call(client.foia.reminders(str(uuid.uuid4())))
    with pytest.raises(ValidationError) as caught:
        await call(client.foia.all_reminders(kind="late"))  # type: ignore[arg-type]
    assert [i["path"] for i in caught.value.issues] == ["query.kind"]


# -- attachments ---------------------------------------------------------------------------------

def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def any_time(attachment: FoiaAttachment) -> dict[str, Any]:
    """The attachment without ``created_at``: the upload answers the stored object's time, the list
    the attachment's (a few milliseconds apart)."""
    return {k: v for k, v in attachment.items() if k != "created_at"}


async def test_attachments_upload_list_download_delete(client: Any, kind: str) -> None:
    request = await call(client.foia.create(new_request(f"attach-{uuid.uuid4().hex[:8]}")))
    payload = bytes(i % 251 for i in range(1_200_000))
    pulled = 0

    def chunks() -> Iterator[bytes]:
        nonlocal pulled
        for i in range(0, len(payload), 100_000):
            pulled += 100_000
            yield payload[i : i + 100_000]

    async def achunks() -> AsyncIterator[bytes]:
        for chunk in chunks():
            yield chunk

    released = await call(client.foia.attachments.upload(
        request.id,
        chunks() if kind == "sync" else achunks(),
        filename="Released records (part 1).pdf",
        kind="released_records",
        description="The first installment",
        content_type="application/pdf",
        sha256=sha(payload),
    ))
    assert pulled == len(payload)
    assert released["request_id"] == request.id and released["filename"] == "Released records (part 1).pdf"
    assert released["kind"] == "released_records" and released["description"] == "The first installment"
    assert released["size"] == len(payload) and released["sha256"] == sha(payload) and released["content_type"] == "application/pdf"
    assert released["object_key"].startswith(f"foia/{request.id}/attachments/{released['id']}/")

    letter = b"%PDF-1.4\n% The agency asks for more time.\n"
    from_file = await call(client.foia.attachments.upload(request.id, io.BytesIO(letter), filename="letter.pdf", kind="agency_letter", content_type="application/pdf"))
    note = await call(client.foia.attachments.upload(request.id, "Called the clerk on Monday.", filename="call-notes.txt", content_type="text/plain", sha256=True))
    assert note["kind"] == "other" and note["description"] is None and note["size"] == 27 and from_file["size"] == len(letter)

    listed = await call(client.foia.attachments.list(request.id))
    assert listed["total"] == 3 and listed["next_cursor"] is None
    assert [any_time(a) for a in listed["data"]] == [any_time(released), any_time(from_file), any_time(note)]

    whole = await call(client.foia.attachments.download(request.id, released["id"]))
    assert isinstance(whole, ObjectDownload if kind == "sync" else AsyncObjectDownload)
    assert whole.info.status == 200 and whole.info.content_type == "application/pdf" and whole.info.sha256 == released["sha256"]
    assert await read_all(whole) == payload

    part = await call(client.foia.attachments.download(request.id, released["id"], range=(1000, 1009)))
    assert part.info.status == 206 and part.info.content_range == f"bytes 1000-1009/{len(payload)}"
    assert await call(part.read()) == payload[1000:1010]
    tail = await call(client.foia.attachments.download(request.id, note["id"], range=(20, None)))
    assert await call(tail.read()) == b"Monday."
    cached = await call(client.foia.attachments.download(request.id, released["id"], if_none_match=whole.info.etag))
    assert cached.info.not_modified
    await call(cached.read())

    # The file is an object of the caller's too.
    assert await call((await call(client.storage.get(note["object_key"]))).read()) == b"Called the clerk on Monday."

    await call(client.foia.attachments.delete(request.id, released["id"]))
    assert [a["id"] for a in (await call(client.foia.attachments.list(request.id)))["data"]] == [from_file["id"], note["id"]]
    with pytest.raises(NotFoundError):
        await call(client.foia.attachments.download(request.id, released["id"]))
    with pytest.raises(NotFoundError):
        await call(client.foia.attachments.delete(request.id, released["id"]))


async def test_attachment_refusals(client: Any) -> None:
    request = await call(client.foia.create(new_request(f"refuse-{uuid.uuid4().hex[:8]}")))
    with pytest.raises(ValidationError):
        await call(client.foia.attachments.upload(request.id, b"released", filename="a.txt", content_type="text/plain", sha256=sha(b"other")))
    with pytest.raises(Exception) as refused:
        await call(client.foia.attachments.upload(request.id, b"MZ", filename="a.exe", content_type="application/x-msdownload"))
    assert getattr(refused.value, "status", None) == 415
    with pytest.raises(ValidationError) as caught:
        await call(client.foia.attachments.upload(request.id, b"x", filename=" ", content_type="text/plain"))
    assert [i["path"] for i in caught.value.issues] == ["query.filename"]
    assert (await call(client.foia.attachments.list(request.id)))["total"] == 0


async def test_another_users_request_attachments_are_not_found(client: Any, stranger: Any) -> None:
    request = await call(client.foia.create(new_request(f"private-{uuid.uuid4().hex[:8]}")))
    mine = await call(client.foia.attachments.upload(request.id, b"private", filename="mine.txt", content_type="text/plain"))
    with pytest.raises(NotFoundError):
        await call(stranger.foia.attachments.list(request.id))
    with pytest.raises(NotFoundError):
        await call(stranger.foia.attachments.upload(request.id, b"intruder", filename="x.txt", content_type="text/plain"))
    with pytest.raises(NotFoundError):
        await call(stranger.foia.attachments.download(request.id, mine["id"]))
    with pytest.raises(NotFoundError):
        await call(stranger.foia.attachments.delete(request.id, mine["id"]))
    assert [a["id"] for a in (await call(client.foia.attachments.list(request.id)))["data"]] == [mine["id"]]


def test_readme_attach_example(env: Any, tmp_path: Path) -> None:
    letter = b"%PDF-1.4\n% The agency extends its deadline to April 1.\n%%EOF\n"
    (tmp_path / "agency-letter.pdf").write_bytes(letter)
    out = run_readme_example("attach", env, tmp_path)
    assert f"attached agency-letter.pdf: {len(letter)} bytes, SHA-256 {sha(letter)}" in out, out
    assert "- agency_letter: agency-letter.pdf" in out
    assert f"206 bytes 0-7/{len(letter)} %PDF-1.4" in out
    assert "not modified: True" in out


def test_readme_attach_example_type_checks(tmp_path: Path) -> None:
    type_check_readme_example("attach", tmp_path)
