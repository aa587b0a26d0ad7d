"""How reminders reach the user: notifications (``client.foia.notifications``, recorded by the
reminder job python-sdk.int.test.ts runs), the iCalendar feed (``client.foia.calendar``, fetched
with its feed token and no bearer token), and the profile that signs letters (``client.me.profile``).
Run by the tracker's own user, whose notifications no other test touches."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import httpx
import pytest

from sunlight_sdk import NotFoundError, ValidationError
from sunlight_sdk.types import FoiaNotification, FoiaRequestCreate, Profile

from conftest import RECORDER, call, collect


def overdue_request(subject: str) -> FoiaRequestCreate:
    # Day 0 Fri 2025-11-21: due Tue 2025-12-09, long past.
    return {
        "jurisdiction": "texas",
        "agency": {"name": "Austin Police Department"},
        "subject": subject,
        "description": "Jail intake logs for 2024.",
        "status": "submitted",
        "submitted_at": "2025-11-21T16:00:00-06:00",
    }


async def notifications_of(client: Any, request_id: str, timeout: float = 10.0) -> list[FoiaNotification]:
    """The request's notifications, once the reminder job has recorded one."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        found = [n for n in await collect(client.foia.notifications.iter(kind="overdue")) if n["request_id"] == request_id]
        if found:
            return found
        assert asyncio.get_running_loop().time() < deadline, "the reminder job recorded no notification"
        await asyncio.sleep(0.1)


async def test_notifications_list_and_mark_read(tracker: Any, stranger: Any) -> None:
    subject = f"Jail intake logs {uuid.uuid4().hex[:8]}"
    created = await call(tracker.foia.create(overdue_request(subject)))
    [overdue] = await notifications_of(tracker, created.id)
    assert overdue["due_date"] == "2025-12-09" and overdue["subject"] == subject and overdue["read_at"] is None

    unread = await call(tracker.foia.notifications.list(unread=True, limit=100))
    assert overdue["id"] in [n["id"] for n in unread["data"]]
    with pytest.raises(NotFoundError):
        await call(stranger.foia.notifications.mark_read(overdue["id"]))
    read = await call(tracker.foia.notifications.mark_read(overdue["id"]))
    assert read["id"] == overdue["id"] and read["read_at"]
    assert (await call(tracker.foia.notifications.mark_read(overdue["id"])))["read_at"] == read["read_at"]
    read_only = await collect(tracker.foia.notifications.iter(unread=False))
    assert overdue["id"] in [n["id"] for n in read_only]

    marked = await call(tracker.foia.notifications.mark_all_read())
    assert marked["marked"] >= 0
    assert (await call(tracker.foia.notifications.list(unread=True)))["total"] == 0


async def test_calendar_feed(tracker: Any) -> None:
    subject = f"Calendar records {uuid.uuid4().hex[:8]}"
    created = await call(tracker.foia.create(overdue_request(subject)))
    issued = await call(tracker.foia.calendar.rotate_feed_token())
    assert issued["feed_path"] == f"/api/foia/calendar.ics?feed_token={issued['feed_token']}"
    assert tracker.foia.calendar.feed_url(issued) == tracker.base_url + issued["feed_path"]
    profile: Profile = await call(tracker.me.profile.get())
    assert profile["calendar_feed_token_created_at"]

    ics = await call(tracker.foia.calendar.feed(issued["feed_token"]))
    request: httpx.Request = RECORDER.requests[-1]
    assert request.url.path == "/api/foia/calendar.ics" and "authorization" not in request.headers
    assert ics.startswith("BEGIN:VCALENDAR")
    assert f"UID:foia-{created.id}-response-due@sunlight" in ics
    assert "DTSTART;VALUE=DATE:20251209" in ics

    second = await call(tracker.foia.calendar.rotate_feed_token())
    with pytest.raises(NotFoundError):
        await call(tracker.foia.calendar.feed(issued["feed_token"]))
    await call(tracker.foia.calendar.revoke_feed_token())
    with pytest.raises(NotFoundError):
        await call(tracker.foia.calendar.feed(second["feed_token"]))


async def test_profile_signs_letters(tracker: Any) -> None:
    written = await call(tracker.me.profile.update({"name": "Dana Reporter", "organization": "The Daily Example", "email": "dana@example.org", "notify_email": True}))
    assert written["name"] == "Dana Reporter" and written["notify_email"] is True and written["updated_at"]
    assert await call(tracker.me.profile.get()) == written
    created = await call(tracker.foia.create(overdue_request("Letters signed by the profile")))
    assert "Dana Reporter" in await call(tracker.foia.letter(created.id))

    # Fields left out are cleared.
    replaced = await call(tracker.me.profile.update({"name": "Dana Reporter"}))
    assert replaced["email"] is None and replaced["notify_email"] is False
    with pytest.raises(ValidationError):
        await call(tracker.me.profile.update({"notify_email": True}))
