"""Typed errors: one class per kind of failure, all subclasses of :class:`SunlightError`.

The API answers every error with one envelope, ``{"error": {"code", "message", "status",
"metadata"?}}``; :func:`error_from_response` turns such a response into the matching class.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from typing import Any

import httpx

__all__ = [
    "SunlightError",
    "SunlightConnectionError",
    "SunlightTimeoutError",
    "CompilationTimeoutError",
    "WorkflowTimeoutError",
    "OutputNotAvailableError",
    "ValidationError",
    "AuthError",
    "TokenRequestError",
    "PermissionDeniedError",
    "ScopeError",
    "NotFoundError",
    "ConflictError",
    "PreconditionFailedError",
    "PayloadTooLargeError",
    "UnsupportedMediaTypeError",
    "RateLimitedError",
    "InternalServerError",
    "NotImplementedError",
    "SunlightNotImplementedError",
    "ServiceUnavailableError",
    "error_from_response",
    "error_from_envelope",
    "parse_retry_after",
]


class SunlightError(Exception):
    """An error answered by the API (or, for the connection errors, no answer at all).

    ``status`` is the HTTP status (0 when no response arrived), ``code`` the envelope's stable
    code (``NOT_FOUND``, ``VALIDATION_ERROR`` …), ``request_id`` the ``X-Request-Id`` of the
    response (quote it when reporting a problem), ``metadata`` the envelope's details.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int,
        code: str,
        request_id: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        response: httpx.Response | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.code = code
        self.request_id = request_id
        self.metadata: dict[str, Any] = dict(metadata or {})
        self.response = response

    def __str__(self) -> str:
        where = f", request {self.request_id}" if self.request_id else ""
        return f"{self.status} {self.code}: {self.message}{where}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}(status={self.status!r}, code={self.code!r}, message={self.message!r}, request_id={self.request_id!r})"


class SunlightConnectionError(SunlightError):
    """The API could not be reached, or the connection broke (status 0)."""

    def __init__(self, message: str, *, code: str = "CONNECTION_ERROR") -> None:
        super().__init__(message, status=0, code=code)


class SunlightTimeoutError(SunlightConnectionError):
    """No answer within the client's ``timeout`` (status 0, code ``TIMEOUT``)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="TIMEOUT")


class CompilationTimeoutError(SunlightTimeoutError):
    """``documents.wait`` gave up: the compilation had not completed, failed or been cancelled
    within ``timeout`` seconds (status 0, code ``TIMEOUT``). ``compilation`` is the last state
    read; the compilation goes on (``documents.cancel`` stops it)."""

    def __init__(self, timeout: float, compilation: Mapping[str, Any]) -> None:
        progress = compilation.get("progress") or {}
        super().__init__(f"Compilation {compilation.get('id')} was still {compilation.get('status')} ({progress.get('step')}) after {timeout:g} s")
        self.timeout = timeout
        self.compilation: Any = compilation


class WorkflowTimeoutError(SunlightTimeoutError):
    """``integrations.wait`` gave up: the run had not completed, failed or been cancelled within
    ``timeout`` seconds (status 0, code ``TIMEOUT``). ``run`` is the last state read; the run goes
    on (``integrations.cancel`` stops it)."""

    def __init__(self, timeout: float, run: Mapping[str, Any]) -> None:
        progress = run.get("progress") or {}
        step = f" ({progress.get('step')})" if progress.get("step") else ""
        super().__init__(f"Workflow run {run.get('id')} ({run.get('type')}) was still {run.get('status')}{step} after {timeout:g} s")
        self.timeout = timeout
        self.run: Any = run


class OutputNotAvailableError(SunlightError):
    """``documents.download`` was asked for a format the compilation has no output of: it has not
    completed (or it failed, or was cancelled), or that format was not asked for (status 0, code
    ``OUTPUT_NOT_AVAILABLE``)."""

    def __init__(self, compilation: Mapping[str, Any], format: str) -> None:
        status = compilation.get("status")
        formats = [str(o.get("format")) for o in compilation.get("outputs") or []]
        if status != "completed":
            why = f"it is {status}" + (" (documents.wait waits for it)" if status in ("queued", "running") else "")
        else:
            why = f"it was compiled as {', '.join(formats) if formats else 'nothing'} only"
        super().__init__(f"Compilation {compilation.get('id')} has no {format} output: {why}", status=0, code="OUTPUT_NOT_AVAILABLE")
        self.compilation_id = str(compilation.get("id"))
        self.compilation_status = status
        self.format = format


class ValidationError(SunlightError):
    """400: the request was refused as invalid; ``issues`` lists ``{path, message}`` per field."""

    @property
    def issues(self) -> list[dict[str, Any]]:
        issues = self.metadata.get("issues")
        return list(issues) if isinstance(issues, list) else []


class AuthError(SunlightError):
    """401: the token is missing, invalid or expired."""


class TokenRequestError(AuthError):
    """The identity provider refused the client-credentials grant (``code`` is the OAuth error)."""


class PermissionDeniedError(SunlightError):
    """403 for a reason other than a missing scope (e.g. ``HTTPS_REQUIRED``)."""


class ScopeError(PermissionDeniedError):
    """403 ``AUTH_INSUFFICIENT_SCOPE``: the token lacks ``required_scope``."""

    @property
    def required_scope(self) -> str | None:
        value = self.metadata.get("required_scope")
        return value if isinstance(value, str) else None

    @property
    def provided_scopes(self) -> list[str]:
        value = self.metadata.get("provided_scopes")
        return [str(v) for v in value] if isinstance(value, list) else []


class NotFoundError(SunlightError):
    """404: no such resource for this caller (another user's resource is 404 too)."""


class ConflictError(SunlightError):
    """409: the change conflicts with the resource's state, e.g. a refused status transition."""

    @property
    def allowed_transitions(self) -> list[str] | None:
        value = self.metadata.get("allowed_transitions")
        return [str(v) for v in value] if isinstance(value, list) else None


class PreconditionFailedError(SunlightError):
    """412: ``If-Match`` named a stale version: re-read and retry."""


class PayloadTooLargeError(SunlightError):
    """413: the body is larger than the API accepts."""


class UnsupportedMediaTypeError(SunlightError):
    """415: the body is not JSON."""


class RateLimitedError(SunlightError):
    """429: too many requests; ``retry_after`` is how many seconds to wait (when known)."""

    def __init__(self, message: str, *, retry_after: float | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


class InternalServerError(SunlightError):
    """500: an unexpected error; ``request_id`` finds it in the API's log."""


class NotImplementedError(SunlightError):  # noqa: A001 - the API's own name for 501
    """501: the route exists but its feature is not built yet.

    Also exported as :class:`SunlightNotImplementedError`, which does not shadow the builtin.
    """


SunlightNotImplementedError = NotImplementedError


class ServiceUnavailableError(SunlightError):
    """503: a dependency is unavailable; ``retry_after`` when the API says when to retry."""

    def __init__(self, message: str, *, retry_after: float | None = None, **kwargs: Any) -> None:
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


_BY_STATUS: dict[int, type[SunlightError]] = {
    400: ValidationError,
    401: AuthError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    412: PreconditionFailedError,
    413: PayloadTooLargeError,
    415: UnsupportedMediaTypeError,
    429: RateLimitedError,
    500: InternalServerError,
    501: NotImplementedError,
    503: ServiceUnavailableError,
}


def parse_retry_after(value: str | None) -> float | None:
    """Seconds from a ``Retry-After`` header: a number of seconds or an HTTP date."""
    if value is None or not value.strip():
        return None
    try:
        return max(0.0, float(value.strip()))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


def error_from_envelope(
    envelope: Any,
    *,
    status: int,
    request_id: str | None = None,
    retry_after: float | None = None,
    response: httpx.Response | None = None,
) -> SunlightError:
    """The typed error for an error envelope (as answered, or as sent in a stream's ``error`` event)."""
    body = envelope.get("error") if isinstance(envelope, dict) else None
    metadata: dict[str, Any] = {}
    if isinstance(body, dict):
        code = str(body.get("code") or f"HTTP_{status}")
        message = str(body.get("message") or code)
        if not status and isinstance(body.get("status"), int):
            status = body["status"]
        if isinstance(body.get("metadata"), dict):
            metadata = body["metadata"]
    else:
        code, message = f"HTTP_{status}", f"HTTP {status}"
    if request_id is None and isinstance(metadata.get("request_id"), str):
        request_id = metadata["request_id"]
    cls = _BY_STATUS.get(status, SunlightError)
    if status == 403 and code == "AUTH_INSUFFICIENT_SCOPE":
        cls = ScopeError
    kwargs: dict[str, Any] = dict(status=status, code=code, request_id=request_id, metadata=metadata, response=response)
    if cls in (RateLimitedError, ServiceUnavailableError):
        if retry_after is None and isinstance(metadata.get("retry_after_seconds"), (int, float)):
            retry_after = float(metadata["retry_after_seconds"])
        return cls(message, retry_after=retry_after, **kwargs)
    return cls(message, **kwargs)


def error_from_response(response: httpx.Response) -> SunlightError:
    """The typed error for an error response (its body must have been read)."""
    try:
        envelope: Any = response.json()
    except ValueError:  # not JSON (UnicodeDecodeError is a ValueError too)
        envelope = None
    if not (isinstance(envelope, dict) and isinstance(envelope.get("error"), dict)):
        text = response.text[:200].strip() if response.content else ""
        envelope = {"error": {"code": f"HTTP_{response.status_code}", "message": text or response.reason_phrase or f"HTTP {response.status_code}", "status": response.status_code}}
    return error_from_envelope(
        envelope,
        status=response.status_code,
        request_id=response.headers.get("x-request-id"),
        retry_after=parse_retry_after(response.headers.get("retry-after")),
        response=response,
    )
