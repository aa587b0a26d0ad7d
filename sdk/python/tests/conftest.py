"""Fixtures of the SDK's tests: the running API's address and tokens (from the environment, set
by ``sdk/python/python-sdk.int.test.ts``), clients of both kinds, and a record of the
operations the tests called, checked at the end against every operation the SDK wraps."""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from sunlight_sdk import AsyncChatStream, AsyncObjectDownload, AsyncSunlightClient, ChatStream, ObjectDownload, SunlightClient
from sunlight_sdk._generated import OPERATIONS

KINDS = ["sync", "async"]
AnyClient = SunlightClient | AsyncSunlightClient


@dataclass(frozen=True)
class Env:
    base_url: str
    token_all: str
    token_reader: str
    #: Another user with every scope.
    token_stranger: str
    #: A user whose compilations stay queued until cancelled (python-sdk.int.test.ts holds them).
    token_hold: str
    #: A client whose compilations wait (up to 20 s) before gathering a ``conversation`` part: its
    #: ``compile`` workflow runs stay running until cancelled (python-sdk.int.test.ts holds them).
    token_run_hold: str
    #: A user with read:foia and write:foia whose notifications and calendar only the tracker tests touch.
    token_tracker: str
    #: The every-scope client's webhook signing secret, as the API derives it.
    webhook_secret_all: str
    token_url: str
    client_id: str
    client_secret: str
    limited_base_url: str
    limited_token: str
    limited_window: float


def read_env() -> Env | None:
    get = os.environ.get
    values = dict(
        base_url=get("SUNLIGHT_BASE_URL"),
        token_all=get("SUNLIGHT_TOKEN_ALL"),
        token_reader=get("SUNLIGHT_TOKEN_READER"),
        token_stranger=get("SUNLIGHT_TOKEN_STRANGER"),
        token_hold=get("SUNLIGHT_TOKEN_HOLD"),
        token_run_hold=get("SUNLIGHT_TOKEN_RUN_HOLD"),
        token_tracker=get("SUNLIGHT_TOKEN_TRACKER"),
        webhook_secret_all=get("SUNLIGHT_WEBHOOK_SECRET_ALL"),
        token_url=get("SUNLIGHT_TOKEN_URL"),
        client_id=get("SUNLIGHT_CLIENT_ID"),
        client_secret=get("SUNLIGHT_CLIENT_SECRET"),
        limited_base_url=get("SUNLIGHT_LIMITED_BASE_URL"),
        limited_token=get("SUNLIGHT_LIMITED_TOKEN"),
    )
    if not all(values.values()):
        return None
    window = float(get("SUNLIGHT_LIMITED_WINDOW_SECONDS", "2"))
    return Env(**{k: str(v) for k, v in values.items()}, limited_window=window)


@pytest.fixture(scope="session")
def env() -> Env:
    found = read_env()
    if found is None:
        message = "the API's address and tokens are not set (SUNLIGHT_BASE_URL …): run `npx vitest run sdk/python`"
        if os.environ.get("SUNLIGHT_REQUIRE_API"):
            pytest.fail(message)
        pytest.skip(message)
    return found


# -- the operations called ---------------------------------------------------------------------

def _template_regex(template: str) -> re.Pattern[str]:
    return re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(template)) + "$")


_ROUTES = [(op_id, op.method, _template_regex(op.path)) for op_id, op in OPERATIONS.items()]


@dataclass
class Recorder:
    """Every request the tests' clients sent: (client kind, operationId), and the raw requests."""

    called: set[tuple[str, str]] = field(default_factory=set)
    requests: list[httpx.Request] = field(default_factory=list)
    #: time.monotonic() of the last request to each host:port.
    last_at: dict[str, float] = field(default_factory=dict)

    def record(self, kind: str, request: httpx.Request) -> None:
        self.requests.append(request)
        self.last_at[request.url.netloc.decode()] = time.monotonic()
        for op_id, method, pattern in _ROUTES:
            if request.method == method and pattern.match(request.url.path):
                self.called.add((kind, op_id))


RECORDER = Recorder()


def recording_http(kind: str, requests: list[httpx.Request] | None = None, **kwargs: Any) -> httpx.Client | httpx.AsyncClient:
    """An httpx client that records what it sends (in ``requests`` too, when given)."""

    def note(request: httpx.Request) -> None:
        RECORDER.record(kind, request)
        if requests is not None:
            requests.append(request)

    if kind == "sync":
        return httpx.Client(event_hooks={"request": [note]}, **kwargs)

    async def anote(request: httpx.Request) -> None:
        note(request)

    return httpx.AsyncClient(event_hooks={"request": [anote]}, **kwargs)


def make_client(kind: str, base_url: str, *, requests: list[httpx.Request] | None = None, **kwargs: Any) -> Any:
    """A client of ``kind`` on a recording httpx client (close it with :func:`close_client`)."""
    http = recording_http(kind, requests)
    if kind == "sync":
        return SunlightClient(base_url, http_client=http, **kwargs)  # type: ignore[arg-type]
    return AsyncSunlightClient(base_url, http_client=http, **kwargs)  # type: ignore[arg-type]


async def close_client(client: Any) -> None:
    http = client._http
    if isinstance(client, SunlightClient):
        client.close()
        http.close()
    else:
        await client.aclose()
        await http.aclose()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Under the integration run (SUNLIGHT_REQUIRE_API), every operation must have been called by both clients."""
    if not os.environ.get("SUNLIGHT_REQUIRE_API") or exitstatus != 0:
        return
    # Only for the whole suite: not for a file, a test or a -k selection.
    if session.config.option.keyword or any(not os.path.isdir(arg) for arg in session.config.args):
        return
    missing = sorted(f"{kind}: {op_id}" for op_id in OPERATIONS for kind in KINDS if (kind, op_id) not in RECORDER.called)
    if missing:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        text = "operations no test called:\n  " + "\n  ".join(missing)
        if reporter is not None:
            reporter.ensure_newline()
            reporter.write_line(text, red=True)
        else:
            print(text)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# -- clients -----------------------------------------------------------------------------------

@pytest.fixture(params=KINDS)
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def _client_fixture(name: str, token: str, doc: str) -> Any:
    """The fixture ``name``: a client of each kind with the token ``Env.<token>``, closed after the test."""

    async def fixture(kind: str, env: Env) -> AsyncIterator[Any]:
        c = make_client(kind, env.base_url, token=getattr(env, token))
        yield c
        await close_client(c)

    fixture.__name__ = fixture.__qualname__ = name
    fixture.__doc__ = doc
    return pytest_asyncio.fixture(fixture, name=name)


client = _client_fixture("client", "token_all", "A client of each kind with the every-scope token.")
reader = _client_fixture("reader", "token_reader", "A client of each kind with only read:transparency.")
stranger = _client_fixture("stranger", "token_stranger", "A client of each kind for another user, with every scope.")
holder = _client_fixture("holder", "token_hold", "A client of each kind for the user whose compilations stay queued until cancelled.")
tracker = _client_fixture("tracker", "token_tracker", "A client of each kind for the FOIA tracker's own user (read:foia, write:foia).")
run_holder = _client_fixture(
    "run_holder", "token_run_hold", "A client of each kind whose ``compile`` runs with a ``conversation`` part stay running until cancelled."
)


@pytest.fixture
def other(env: Env) -> Iterator[SunlightClient]:
    """A second (sync) client with the every-scope token, for changes made "meanwhile"."""
    c = make_client("sync", env.base_url, token=env.token_all)
    yield c
    c.close()
    c._http.close()


# -- one test body for both kinds ------------------------------------------------------------

async def call(value: Any) -> Any:
    """The result of a client call: awaited for the async client."""
    return await value if inspect.isawaitable(value) else value


async def collect(iterator: Any, limit: int | None = None) -> list[Any]:
    """The items of a sync or async iterator (at most ``limit``)."""
    out: list[Any] = []
    if hasattr(iterator, "__aiter__"):
        async for item in iterator:
            out.append(item)
            if limit is not None and len(out) >= limit:
                break
    else:
        for item in iterator:
            out.append(item)
            if limit is not None and len(out) >= limit:
                break
    return out


async def read_all(download: ObjectDownload | AsyncObjectDownload) -> bytes:
    """A download's whole body, read chunk by chunk (sync or async) inside its context."""
    received = bytearray()
    if isinstance(download, AsyncObjectDownload):
        async with download:
            async for chunk in download.aiter_bytes():
                received.extend(chunk)
    else:
        with download:
            for chunk in download.iter_bytes():
                received.extend(chunk)
    return bytes(received)


async def open_stream(client: Any, message: str, **kwargs: Any) -> ChatStream | AsyncChatStream:
    stream = client.chat.stream(message, **kwargs)
    if isinstance(stream, AsyncChatStream):
        await stream
    return stream  # type: ignore[no-any-return]


async def next_event(stream: ChatStream | AsyncChatStream) -> Any:
    if isinstance(stream, AsyncChatStream):
        return await stream.__anext__()
    return next(stream)


async def close_stream(stream: ChatStream | AsyncChatStream) -> None:
    if isinstance(stream, AsyncChatStream):
        await stream.aclose()
    else:
        stream.close()


def wait_for_fresh_window(env: Env) -> None:
    """Sleeps until the limited API's rate-limit window is over: a fixed window opens with a
    caller's first request, so one full window after the last request a new one has begun."""
    last = RECORDER.last_at.get(httpx.URL(env.limited_base_url).netloc.decode())
    if last is None:
        return
    left = last + env.limited_window + 0.3 - time.monotonic()
    if left > 0:
        time.sleep(left)


# -- README examples run by the tests of their area -------------------------------------------

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_example(name: str) -> str:
    """The README's code block after ``<!-- tested-example: name -->`` (examples that need more
    than test_readme.py gives them: a compilation worker, a file to upload)."""
    found = re.search(rf"<!-- tested-example: {name} -->\n```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert found, f"README.md has no tested example {name!r}"
    return found.group(1)


def run_readme_example(name: str, env: Env, cwd: Path, extra_env: dict[str, str] | None = None) -> str:
    """Runs the README's example ``name`` in ``cwd`` with the every-scope token (and ``extra_env``); what it printed."""
    script = cwd / f"{name}.py"
    script.write_text(readme_example(name), encoding="utf-8")
    variables = {**os.environ, "SUNLIGHT_BASE_URL": env.base_url, "SUNLIGHT_TOKEN": env.token_all, "PYTHONDONTWRITEBYTECODE": "1", **(extra_env or {})}
    done = subprocess.run([sys.executable, str(script)], env=variables, cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{name}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def type_check_readme_example(name: str, tmp_path: Path) -> None:
    """``mypy --strict`` over the README's example ``name``, as test_readme.py does for the others."""
    pytest.importorskip("mypy")
    script = tmp_path / f"example_{name}.py"
    script.write_text(readme_example(name), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.10", "--cache-dir", str(tmp_path / "cache"), "--no-error-summary", str(script)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
