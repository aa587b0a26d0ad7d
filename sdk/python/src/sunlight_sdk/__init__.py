"""Python SDK of the Sunlight API: public-records law, legal search, FOIA tracking, research assistant.

>>> from sunlight_sdk import SunlightClient
>>> with SunlightClient("https://sunlight.example", token="eyJ…") as client:
...     texas = client.transparency.get_jurisdiction("texas")

Request and response bodies are typed with the ``TypedDict`` classes of :mod:`sunlight_sdk.types`,
generated from the API's OpenAPI document.
"""

from ._async_client import AsyncChatStream, AsyncSunlightClient
from ._auth import ClientCredentials
from ._base import USER_AGENT, RetryPolicy
from ._client import ChatStream, SunlightClient
from ._shared import FoiaRequestWithETag
from ._version import __version__
from .errors import (
    AuthError,
    CompilationTimeoutError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    NotImplementedError,
    OutputNotAvailableError,
    PayloadTooLargeError,
    PermissionDeniedError,
    PreconditionFailedError,
    RateLimitedError,
    ScopeError,
    ServiceUnavailableError,
    SunlightConnectionError,
    SunlightError,
    SunlightNotImplementedError,
    SunlightTimeoutError,
    TokenRequestError,
    UnsupportedMediaTypeError,
    ValidationError,
    WorkflowTimeoutError,
)
from ._agencies import AsyncFoiaAgencies, FoiaAgencies
from ._attachments import AsyncFoiaAttachments, FoiaAttachments
from ._calendar import AsyncFoiaCalendar, FoiaCalendar
from ._communications import AsyncFoiaCommunications, FoiaCommunications
from ._database import AsyncDatabase, AsyncTableExport, Database, TableExport
from ._me import AsyncMe, AsyncProfileApi, Me, ProfileApi
from ._projects import AsyncProjectItems, AsyncProjectMembers, AsyncProjects, ProjectItems, ProjectMembers, Projects
from ._vectors import AsyncVectorCollections, AsyncVectorItems, AsyncVectors, IndexRunTimeoutError, VectorCollections, VectorItems, Vectors
from ._notifications import AsyncFoiaNotifications, FoiaNotifications
from ._documents import AsyncDocuments, Documents
from ._integrations import FINISHED_RUN_STATUSES, AsyncIntegrations, Integrations
from ._webhooks import DEFAULT_WEBHOOK_TOLERANCE_SECONDS, WEBHOOK_SIGNATURE_HEADER, verify_webhook_signature
from ._storage import AsyncObjectDownload, AsyncStorage, ObjectDownload, ObjectInfo, Storage
from .events import (
    ChatEvent,
    CitationEvent,
    DoneEvent,
    ErrorEvent,
    ProgressEvent,
    SourcesEvent,
    TokenEvent,
    UnknownEvent,
)

__all__ = [
    "__version__",
    "USER_AGENT",
    "SunlightClient",
    "AsyncSunlightClient",
    "ClientCredentials",
    "RetryPolicy",
    "ChatStream",
    "AsyncChatStream",
    "FoiaRequestWithETag",
    "Storage",
    "AsyncStorage",
    "ObjectInfo",
    "ObjectDownload",
    "AsyncObjectDownload",
    "Documents",
    "AsyncDocuments",
    "FoiaAttachments",
    "AsyncFoiaAttachments",
    "FoiaCommunications",
    "AsyncFoiaCommunications",
    "FoiaAgencies",
    "AsyncFoiaAgencies",
    "FoiaNotifications",
    "AsyncFoiaNotifications",
    "FoiaCalendar",
    "AsyncFoiaCalendar",
    "Database",
    "AsyncDatabase",
    "TableExport",
    "AsyncTableExport",
    "Me",
    "AsyncMe",
    "Projects",
    "Vectors",
    "VectorCollections",
    "VectorItems",
    "AsyncVectors",
    "AsyncVectorCollections",
    "AsyncVectorItems",
    "IndexRunTimeoutError",
    "ProjectItems",
    "ProjectMembers",
    "AsyncProjects",
    "AsyncProjectItems",
    "AsyncProjectMembers",
    "ProfileApi",
    "AsyncProfileApi",
    "Integrations",
    "AsyncIntegrations",
    "FINISHED_RUN_STATUSES",
    "verify_webhook_signature",
    "WEBHOOK_SIGNATURE_HEADER",
    "DEFAULT_WEBHOOK_TOLERANCE_SECONDS",
    "ChatEvent",
    "SourcesEvent",
    "CitationEvent",
    "TokenEvent",
    "ProgressEvent",
    "DoneEvent",
    "ErrorEvent",
    "UnknownEvent",
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
]
