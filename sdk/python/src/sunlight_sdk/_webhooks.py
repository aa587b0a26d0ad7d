"""Checking a webhook delivery of an integration run.

Each delivery carries ``Sunlight-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw
body>">``, keyed with the client's webhook secret (``client.integrations.webhook_secret()``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time

__all__ = ["verify_webhook_signature", "WEBHOOK_SIGNATURE_HEADER", "DEFAULT_WEBHOOK_TOLERANCE_SECONDS"]

#: The request header a webhook delivery's signature is in.
WEBHOOK_SIGNATURE_HEADER = "Sunlight-Signature"

#: How far a delivery's timestamp may be from now, by default (seconds): older ones are refused as replays.
DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300

_TIMESTAMP = re.compile(r"\d{1,15}")
_SIGNATURE = re.compile(r"[0-9a-fA-F]{64}")


def _parse(header: str) -> tuple[int, list[str]] | None:
    """The header's timestamp and its ``v1`` signatures (several while a secret is rotated), or None."""
    timestamp: int | None = None
    signatures: list[str] = []
    for part in header.split(","):
        name, sep, value = part.partition("=")
        if not sep:
            continue
        name, value = name.strip(), value.strip()
        if name == "t":
            if timestamp is not None or not _TIMESTAMP.fullmatch(value):
                return None
            timestamp = int(value)
        elif name == "v1" and _SIGNATURE.fullmatch(value):
            signatures.append(value.lower())
    if timestamp is None or not signatures:
        return None
    return timestamp, signatures


def verify_webhook_signature(
    secret: str,
    header: str | None,
    body: str | bytes | bytearray | memoryview,
    tolerance_seconds: float = DEFAULT_WEBHOOK_TOLERANCE_SECONDS,
    now: float | None = None,
) -> bool:
    """True when ``header`` (the delivery's ``Sunlight-Signature``) signs ``body`` with ``secret`` and
    its timestamp is within ``tolerance_seconds`` of ``now`` (unix seconds; default the clock's);
    False for a missing or malformed header, a wrong signature (another secret, a changed body) or
    a stale timestamp (a replayed delivery).

    ``body`` must be the raw request body exactly as received (bytes, or the text they decode to as
    UTF-8), not JSON parsed and serialised again. Signatures are compared with
    :func:`hmac.compare_digest` (constant time). In a receiver::

        if not verify_webhook_signature(secret, request.headers.get("Sunlight-Signature"), raw_body):
            ...  # answer 401 and ignore the delivery
        event = json.loads(raw_body)
    """
    if not isinstance(secret, str) or not secret:
        raise ValueError("verify_webhook_signature: the webhook secret is required (client.integrations.webhook_secret())")
    if not isinstance(header, str) or not header:
        return False
    parsed = _parse(header)
    if parsed is None:
        return False
    timestamp, signatures = parsed
    current = int(time.time()) if now is None else now
    if not abs(current - timestamp) <= tolerance_seconds:
        return False
    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    expected = hmac.new(secret.encode("utf-8"), f"{timestamp}.".encode("ascii") + raw, hashlib.sha256).hexdigest()
    # Every candidate is compared (no early exit): the time taken tells nothing about which matched.
    matched = False
    for signature in signatures:
        matched = hmac.compare_digest(expected, signature) or matched
    return matched
