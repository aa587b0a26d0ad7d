"""Integration workflow runs (``client.integrations``): the catalogue, start with an idempotency
key, wait with progress, lists with filters, a webhook received by a loopback receiver in this
process and checked with :func:`sunlight_sdk.verify_webhook_signature`, the delivery log, the
webhook secret, cancel, wait timeouts, another client's runs, bad requests, and the README's
example. A worker and a webhook delivery queue run beside the API (python-sdk.int.test.ts), which
allows private webhook URLs; the ``run_holder`` client's ``compile`` runs with a ``conversation``
part stay running until cancelled. The signature tests with fixed vectors need no API."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import re
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

import sunlight_sdk
from sunlight_sdk import (
    DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
    WEBHOOK_SIGNATURE_HEADER,
    ConflictError,
    NotFoundError,
    SunlightTimeoutError,
    ValidationError,
    WorkflowTimeoutError,
    verify_webhook_signature,
)
from sunlight_sdk.types import StartWorkflowRequest, WorkflowRun

from conftest import call, collect, run_readme_example, type_check_readme_example

# -- verify_webhook_signature, with fixed vectors (no API) -------------------------------------

SECRET = "whsec_test-secret"
T = 1767225600  # 2026-01-01T00:00:00Z
BODY = '{"id":"00000000-0000-4000-8000-000000000000","type":"export","status":"completed","result_links":{},"error":null,"occurred_at":"2026-01-01T00:00:00.000Z"}'
#: HMAC-SHA256 of f"{T}.{BODY}" with SECRET, hex (the same vector as the TypeScript SDK's tests).
V1 = "8aefc5a214dea4cfbdb4fa7d0293ada7998e17fff601e4d8fbf2fc1fb752008b"
HEADER = f"t={T},v1={V1}"


def sign(secret: str, t: int, body: bytes) -> str:
    return f"t={t},v1={hmac.new(secret.encode(), f'{t}.'.encode() + body, hashlib.sha256).hexdigest()}"


def test_verify_accepts_the_fixed_vector_as_text_and_bytes() -> None:
    assert sign(SECRET, T, BODY.encode()) == HEADER
    assert verify_webhook_signature(SECRET, HEADER, BODY, now=T)
    assert verify_webhook_signature(SECRET, HEADER, BODY.encode(), now=T)
    assert verify_webhook_signature(SECRET, HEADER, bytearray(BODY.encode()), now=T + 10)
    assert verify_webhook_signature(SECRET, HEADER, memoryview(BODY.encode()), now=T - 10)
    assert sunlight_sdk.verify_webhook_signature is verify_webhook_signature
    assert WEBHOOK_SIGNATURE_HEADER == "Sunlight-Signature" and DEFAULT_WEBHOOK_TOLERANCE_SECONDS == 300


def test_verify_signs_non_ascii_text_as_utf8() -> None:
    now = int(time.time())
    body = json.dumps({"id": "r", "status": "failed", "error": "Déjà vu ✓ — “quoted”"}, ensure_ascii=False)
    header = sign(SECRET, now, body.encode("utf-8"))
    assert verify_webhook_signature(SECRET, header, body)
    assert verify_webhook_signature(SECRET, header, body.encode("utf-8"))


def test_verify_refuses_a_tampered_body_another_secret_and_a_changed_timestamp() -> None:
    assert not verify_webhook_signature(SECRET, HEADER, BODY.replace("completed", "cancelled"), now=T)
    assert not verify_webhook_signature(SECRET, HEADER, BODY + " ", now=T)
    assert not verify_webhook_signature("whsec_another", HEADER, BODY, now=T)
    assert not verify_webhook_signature(SECRET, f"t={T + 1},v1={V1}", BODY, now=T)
    for at in (0, 31, 63):
        flipped = V1[:at] + ("1" if V1[at] == "0" else "0") + V1[at + 1 :]
        assert not verify_webhook_signature(SECRET, f"t={T},v1={flipped}", BODY, now=T)


def test_verify_refuses_timestamps_outside_the_tolerance() -> None:
    assert verify_webhook_signature(SECRET, HEADER, BODY, now=T + 300)
    assert not verify_webhook_signature(SECRET, HEADER, BODY, now=T + 301)
    assert not verify_webhook_signature(SECRET, HEADER, BODY, now=T - 301)
    assert verify_webhook_signature(SECRET, HEADER, BODY, tolerance_seconds=3600, now=T + 3600)
    assert verify_webhook_signature(SECRET, HEADER, BODY, 3600, T + 3600)
    assert not verify_webhook_signature(SECRET, HEADER, BODY, tolerance_seconds=0, now=T + 1)
    # Against the clock by default: this vector is long stale.
    assert not verify_webhook_signature(SECRET, HEADER, BODY)


def test_verify_reads_the_header_leniently_and_refuses_malformed_ones() -> None:
    assert verify_webhook_signature(SECRET, f" v1={V1.upper()} , t={T} ", BODY, now=T)
    assert verify_webhook_signature(SECRET, f"t={T},v1={'0' * 64},v1={V1}", BODY, now=T)
    bad = [None, "", "garbage", f"v1={V1}", f"t={T}", f"t=abc,v1={V1}", f"t=-{T},v1={V1}", f"t={T},v1={V1[1:]}", f"t={T},v1={V1}zz", f"t={T},t={T},v1={V1}", f"t={T},v0={V1}"]
    for header in bad:
        assert not verify_webhook_signature(SECRET, header, BODY, now=T), header


def test_verify_needs_a_secret() -> None:
    with pytest.raises(ValueError):
        verify_webhook_signature("", HEADER, BODY, now=T)


# -- a webhook receiver on loopback ------------------------------------------------------------

@dataclass(frozen=True)
class Delivery:
    path: str
    status: int
    signature: str | None
    body: bytes


class Receiver:
    """An HTTP server on 127.0.0.1 in a thread, recording each POST; a path containing ``/flaky``
    is answered 500 the first time, 200 after."""

    def __init__(self) -> None:
        self.deliveries: list[Delivery] = []
        self._lock = threading.Lock()
        self._failed: set[str] = set()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with receiver._lock:
                    fail = "/flaky" in self.path and self.path not in receiver._failed
                    if fail:
                        receiver._failed.add(self.path)
                    status = 500 if fail else 200
                    receiver.deliveries.append(Delivery(self.path, status, self.headers.get("Sunlight-Signature"), body))
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def at(self, path: str) -> list[Delivery]:
        with self._lock:
            return [d for d in self.deliveries if d.path == path]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.close()


async def eventually(check: Callable[[], Any], timeout: float = 20.0) -> Any:
    """The first truthy value of ``check()`` (awaited when it is a coroutine), polled every 0.1 s."""
    deadline = time.monotonic() + timeout
    while True:
        value = await call(check())
        if value or time.monotonic() > deadline:
            return value
        await asyncio.sleep(0.1)


EXPORT: StartWorkflowRequest = {"type": "export", "input": {"formats": ["csv", "json"], "jurisdictions": ["texas"]}}


def progress_recorder(kind: str, seen: list[WorkflowRun]) -> Callable[[WorkflowRun], Any]:
    def note(run: WorkflowRun) -> None:
        seen.append(run)

    async def anote(run: WorkflowRun) -> None:
        seen.append(run)

    return note if kind == "sync" else anote


# -- against the API ---------------------------------------------------------------------------

async def test_types(client: Any) -> None:
    catalogue = await call(client.integrations.types())
    assert [t["type"] for t in catalogue["data"]] == ["reingest", "compile", "research", "export", "foia-digest"]
    exporting = next(t for t in catalogue["data"] if t["type"] == "export")
    assert exporting["input_schema"]["properties"]["formats"]["type"] == "array"
    assert exporting["output_schema"]["properties"]["files"]["type"] == "array"


async def test_start_with_an_idempotency_key_and_wait(client: Any, stranger: Any, kind: str) -> None:
    key = f"py-{kind}-{uuid.uuid4().hex}"
    started: WorkflowRun = await call(client.integrations.start(EXPORT, idempotency_key=key))
    assert started["type"] == "export" and started["status"] == "queued" and started["webhook"] is None and started["result"] is None
    assert started["input"] == {"formats": ["csv", "json"], "jurisdictions": ["texas"]}
    assert started["links"]["self"] == f"/api/integrations/workflows/{started['id']}"
    again = await call(client.integrations.start(EXPORT, idempotency_key=key))
    assert again["id"] == started["id"]
    with pytest.raises(ConflictError) as conflict:
        await call(client.integrations.start({"type": "export", "input": {"formats": ["json"], "jurisdictions": ["texas"]}}, idempotency_key=key))
    assert conflict.value.status == 409
    # Another client's keys are their own.
    assert (await call(stranger.integrations.start(EXPORT, idempotency_key=key)))["id"] != started["id"]

    seen: list[WorkflowRun] = []
    done: WorkflowRun = await call(client.integrations.wait(started["id"], interval=0.05, on_progress=progress_recorder(kind, seen)))
    assert done["id"] == started["id"] and done["status"] == "completed" and done["error"] is None
    assert done["finished_at"] and isinstance(done["duration_ms"], int)
    assert seen[-1] == done
    pairs = [(r["status"], r["progress"]) for r in seen]
    assert all(a != b for a, b in zip(pairs, pairs[1:])), "on_progress is called only on a change"

    assert done["result"] is not None
    files = {f"{f['table']}.{f['format']}": f for f in done["result"]["files"]}
    assert files["jurisdictions.csv"]["key"] == f"exports/{started['id']}/jurisdictions.csv" and files["jurisdictions.csv"]["rows"] == 1
    csv = await call((await call(client.storage.get(files["jurisdictions.csv"]["key"]))).read())
    assert csv.decode().split("\r\n")[0] == "slug,name,type,current_version,ingested_at" and "texas,Texas,state" in csv.decode()
    assert await call(client.integrations.get(started["id"])) == done


async def test_list_and_iter_with_filters(client: Any) -> None:
    digest = await call(client.integrations.start({"type": "foia-digest", "input": {"within_days": 30}}))
    digested = await call(client.integrations.wait(digest["id"], interval=0.05))
    assert digested["status"] == "completed" and digested["result"]["within_days"] == 30

    exports = await call(client.integrations.list(type="export"))
    assert exports["data"] and all(r["type"] == "export" for r in exports["data"])
    assert digest["id"] not in {r["id"] for r in exports["data"]}

    digests = await collect(client.integrations.iter(type="foia-digest", status=["completed"]))
    assert digests[0]["id"] == digest["id"] and all(r["type"] == "foia-digest" and r["status"] == "completed" for r in digests)
    assert await collect(client.integrations.iter(type=["export", "foia-digest"], status="queued")) == []

    page = await call(client.integrations.list(limit=1))
    assert [r["id"] for r in page["data"]] == [digest["id"]] and page["next_cursor"]
    every = await collect(client.integrations.iter(limit=1))
    assert len(every) == page["total"] and len({r["id"] for r in every}) == len(every) and every[0]["id"] == digest["id"]
    second = await call(client.integrations.list(limit=1, cursor=page["next_cursor"]))
    assert second["data"][0]["id"] == every[1]["id"]


async def test_webhook_is_signed_verified_and_logged(client: Any, stranger: Any, receiver: Receiver, env: Any, kind: str) -> None:
    path = f"/hooks/{kind}/{uuid.uuid4().hex[:8]}/flaky"
    url = receiver.base_url + path
    started = await call(client.integrations.start({"type": "export", "input": {"formats": ["json"], "jurisdictions": ["texas"]}, "webhook": {"url": url}}))
    assert started["webhook"] == {"url": url}
    done = await call(client.integrations.wait(started["id"], interval=0.05))
    assert done["status"] == "completed"
    await eventually(lambda: any(d.status == 200 for d in receiver.at(path)))
    assert [d.status for d in receiver.at(path)] == [500, 200]

    secret = await call(client.integrations.webhook_secret())
    assert secret["secret"] == env.webhook_secret_all
    assert secret["header"] == "Sunlight-Signature" and secret["tolerance_seconds"] == 300
    accepted = receiver.at(path)[-1]
    assert accepted.signature and re.fullmatch(r"t=\d+,v1=[0-9a-f]{64}", accepted.signature)
    assert verify_webhook_signature(secret["secret"], accepted.signature, accepted.body)
    assert verify_webhook_signature(secret["secret"], accepted.signature, accepted.body.decode("utf-8"))
    event = json.loads(accepted.body)
    assert event["id"] == done["id"] and event["type"] == "export" and event["status"] == "completed" and event["error"] is None
    assert "jurisdictions.json" in event["result_links"]

    # A changed body, another client's secret, or a replay an hour later: refused.
    tampered = json.dumps({**event, "status": "failed"})
    assert not verify_webhook_signature(secret["secret"], accepted.signature, tampered)
    assert not verify_webhook_signature((await call(stranger.integrations.webhook_secret()))["secret"], accepted.signature, accepted.body)
    assert not verify_webhook_signature(secret["secret"], accepted.signature, accepted.body, now=time.time() + 3600)

    # Each attempt is logged, the failed one too.
    async def attempts() -> list[tuple[int, int | None, str]]:
        log = await call(client.integrations.deliveries(done["id"]))
        return [(d["attempt"], d["status_code"], d["outcome"]) for d in log["data"]]

    async def both_logged() -> bool:
        return len(await attempts()) == 2

    await eventually(both_logged)
    assert await attempts() == [(1, 500, "failed"), (2, 200, "delivered")]
    log = await call(client.integrations.deliveries(done["id"]))
    assert log["total"] == 2 and log["next_cursor"] is None
    assert log["data"][1]["url"] == url and log["data"][1]["event_id"] == f"{done['id']}-completed" and log["data"][1]["latency_ms"] >= 0


async def test_wait_timeout_and_cancel(run_holder: Any) -> None:
    held: StartWorkflowRequest = {"type": "compile", "input": {"title": "Held", "formats": ["markdown"], "parts": [{"kind": "conversation", "id": str(uuid.uuid4())}]}}
    started = await call(run_holder.integrations.start(held))

    async def running() -> bool:
        return (await call(run_holder.integrations.get(started["id"])))["status"] == "running"

    assert await eventually(running)
    begun = time.monotonic()
    with pytest.raises(WorkflowTimeoutError) as caught:
        await call(run_holder.integrations.wait(started["id"], interval=0.05, timeout=0.3))
    assert isinstance(caught.value, SunlightTimeoutError) and caught.value.code == "TIMEOUT" and caught.value.status == 0
    assert caught.value.run["id"] == started["id"] and caught.value.run["status"] == "running"
    assert caught.value.timeout == 0.3 and 0.3 <= time.monotonic() - begun < 5
    assert started["id"] in str(caught.value)

    cancelling = await call(run_holder.integrations.cancel(started["id"]))
    assert cancelling["id"] == started["id"] and cancelling["progress"] == {"step": "cancelling"}
    cancelled = await call(run_holder.integrations.wait(started["id"], interval=0.1, timeout=30))
    assert cancelled["status"] == "cancelled" and cancelled["finished_at"]
    with pytest.raises(ConflictError) as again:
        await call(run_holder.integrations.cancel(started["id"]))
    assert again.value.status == 409
    assert started["id"] in {r["id"] for r in await collect(run_holder.integrations.iter(status="cancelled", type="compile"))}


async def test_another_clients_run_is_not_found(client: Any, stranger: Any) -> None:
    mine = await call(client.integrations.wait((await call(client.integrations.start({"type": "foia-digest"})))["id"], interval=0.05))
    with pytest.raises(NotFoundError):
        await call(stranger.integrations.get(mine["id"]))
    with pytest.raises(NotFoundError):
        await call(stranger.integrations.cancel(mine["id"]))
    with pytest.raises(NotFoundError):
        await call(stranger.integrations.deliveries(mine["id"]))
    with pytest.raises(NotFoundError):
        await call(stranger.integrations.wait(mine["id"]))
    assert mine["id"] not in {r["id"] for r in await collect(stranger.integrations.iter())}
    with pytest.raises(NotFoundError):
        await call(client.integrations.get(str(uuid.uuid4())))


async def test_bad_requests_name_the_field(client: Any) -> None:
    with pytest.raises(ValidationError) as bad_input:
        await call(client.integrations.start({"type": "export", "input": {"formats": ["xml"]}}))  # type: ignore[typeddict-item]
    assert bad_input.value.issues[0]["path"].startswith("body.input.formats")
    with pytest.raises(ValidationError) as bad_webhook:
        await call(client.integrations.start({"type": "export", "webhook": {"url": "ftp://example.org/x"}}))
    assert [i["path"] for i in bad_webhook.value.issues] == ["body.webhook.url"]
    with pytest.raises(ValidationError):
        await call(client.integrations.start(EXPORT, idempotency_key="has spaces"))


# -- the README's example ------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_readme_integrations_example(env: Any, tmp_path: Path) -> None:
    port = free_port()
    out = run_readme_example("integrations", env, tmp_path, {"WEBHOOK_PORT": str(port), "WEBHOOK_URL": f"http://127.0.0.1:{port}/sunlight"})
    assert re.search(r"^run [0-9a-f-]{36} queued$", out, re.M), out
    assert re.search(r"^  completed$", out, re.M), out
    assert re.search(r"^jurisdictions\.csv: /api/storage/objects/exports%2F[0-9a-f-]{36}%2Fjurisdictions\.csv$", out, re.M), out
    assert re.search(r"^webhook: run [0-9a-f-]{36} completed \(signature verified\)$", out, re.M), out


def test_readme_integrations_example_type_checks(tmp_path: Path) -> None:
    type_check_readme_example("integrations", tmp_path)
