"""The generated types are current, and the SDK wraps every built operation (no API needed)."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import sunlight_sdk
from sunlight_sdk import AsyncSunlightClient, SunlightClient
from sunlight_sdk._generated import OPERATIONS

SDK = Path(__file__).resolve().parent.parent
SPEC = SDK.parent / "openapi.json"
GENERATED = SDK / "src" / "sunlight_sdk" / "_generated.py"


def load_generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("generate_types", SDK / "scripts" / "generate_types.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["generate_types"] = module
    spec.loader.exec_module(module)
    return module


def test_generated_types_are_current() -> None:
    expected = load_generator().generate(json.loads(SPEC.read_text(encoding="utf-8")))
    current = GENERATED.read_text(encoding="utf-8")
    assert current == expected, (
        "sdk/python/src/sunlight_sdk/_generated.py is stale (sdk/openapi.json changed): "
        "regenerate with `python sdk/python/scripts/generate_types.py` and commit the result"
    )


def test_generation_is_deterministic() -> None:
    generator = load_generator()
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    assert generator.generate(spec) == generator.generate(json.loads(SPEC.read_text(encoding="utf-8")))


def test_operations_are_every_built_route() -> None:
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    built = {
        op["operationId"]: (method.upper(), path)
        for path, item in spec["paths"].items()
        for method, op in item.items()
        if "planned" not in op.get("tags", [])
    }
    assert {k: (v.method, v.path) for k, v in OPERATIONS.items()} == built


#: The SDK method for each operation (sync and async clients have the same names).
WRAPPED = {
    "getApiHealth": "health",
    "getApiHealthLive": "health_live",
    "getApiHealthReady": "health_ready",
    "getApiOpenapiJson": "openapi",
    "getApiAdminMetrics": "admin.metrics",
    "getApiAdminMetricsPrometheus": "admin.prometheus",
    "getApiV2TransparencyJurisdictions": "transparency.list_jurisdictions",
    "getApiV2TransparencyJurisdictionsSlug": "transparency.get_jurisdiction",
    "getApiV2TransparencyJurisdictionsSlugFacts": "transparency.facts",
    "getApiV2TransparencyRights": "transparency.list_rights",
    "getApiV2TransparencyRightsId": "transparency.get_right",
    "getApiV2TransparencyExemptions": "transparency.list_exemptions",
    "getApiV2TransparencyExemptionsId": "transparency.get_exemption",
    "getApiV2TransparencyExemptionCategories": "transparency.exemption_categories",
    "getApiV2TransparencyStatutes": "transparency.statutes",
    "getApiV2TransparencySectionsId": "transparency.section",
    "getApiV2TransparencyCompare": "transparency.compare",
    "postApiFoiaRequests": "foia.create",
    "postApiFoiaRequestsPreview": "foia.preview",
    "getApiFoiaRequests": "foia.list",
    "getApiFoiaRequestsId": "foia.get",
    "patchApiFoiaRequestsId": "foia.update",
    "getApiFoiaRequestsIdLetter": "foia.letter",
    "getApiFoiaRequestsIdReminders": "foia.reminders",
    "getApiFoiaReminders": "foia.all_reminders",
    "postApiV1Search": "search",
    "getApiV1DocumentsId": "documents.get",
    "postApiChat": "chat.ask",
    "getApiChatConversations": "chat.conversations.list",
    "getApiChatConversationsId": "chat.conversations.get",
    "putApiStorageObjectsKey": "storage.put",
    "getApiStorageObjectsKey": "storage.get",
    "headApiStorageObjectsKey": "storage.head",
    "deleteApiStorageObjectsKey": "storage.delete",
    "getApiStorageObjects": "storage.list",
    "postApiFoiaRequestsIdAttachments": "foia.attachments.upload",
    "getApiFoiaRequestsIdAttachments": "foia.attachments.list",
    "getApiFoiaRequestsIdAttachmentsAttachmentIdContent": "foia.attachments.download",
    "deleteApiFoiaRequestsIdAttachmentsAttachmentId": "foia.attachments.delete",
    "postApiDocumentsCompile": "documents.compile",
    "getApiDocumentsCompile": "documents.list",
    "getApiDocumentsCompileId": "documents.get_compilation",
    "postApiDocumentsCompileIdCancel": "documents.cancel",
    "getApiIntegrationsWorkflowsTypes": "integrations.types",
    "getApiIntegrationsWebhookSecret": "integrations.webhook_secret",
    "postApiIntegrationsWorkflows": "integrations.start",
    "getApiIntegrationsWorkflows": "integrations.list",
    "getApiIntegrationsWorkflowsId": "integrations.get",
    "postApiIntegrationsWorkflowsIdCancel": "integrations.cancel",
    "getApiIntegrationsWorkflowsIdDeliveries": "integrations.deliveries",
    "getApiFoiaRequestsIdCommunications": "foia.communications.list",
    "getApiFoiaRequestsIdCommunicationsCommunicationId": "foia.communications.get",
    "getApiFoiaRequestsIdCommunicationsCommunicationIdLetter": "foia.communications.letter",
    "postApiFoiaRequestsIdCommunications": "foia.communications.create",
    "postApiFoiaRequestsIdSend": "foia.send",
    "postApiFoiaRequestsIdAppealDraft": "foia.appeal_draft",
    "getApiFoiaAgencies": "foia.agencies.list",
    "getApiFoiaAgenciesId": "foia.agencies.get",
    "postApiFoiaAgencies": "foia.agencies.create",
    "patchApiFoiaAgenciesId": "foia.agencies.update",
    "deleteApiFoiaAgenciesId": "foia.agencies.delete",
    "getApiFoiaNotifications": "foia.notifications.list",
    "postApiFoiaNotificationsIdRead": "foia.notifications.mark_read",
    "postApiFoiaNotificationsReadAll": "foia.notifications.mark_all_read",
    "postApiFoiaCalendarFeedToken": "foia.calendar.rotate_feed_token",
    "deleteApiFoiaCalendarFeedToken": "foia.calendar.revoke_feed_token",
    "getApiFoiaCalendarIcs": "foia.calendar.feed",
    "getApiMeProfile": "me.profile.get",
    "putApiMeProfile": "me.profile.update",
    "postApiProjects": "projects.create",
    "getApiProjects": "projects.list",
    "getApiProjectsId": "projects.get",
    "patchApiProjectsId": "projects.update",
    "deleteApiProjectsId": "projects.delete",
    "postApiProjectsIdItems": "projects.items.add",
    "getApiProjectsIdItems": "projects.items.list",
    "getApiProjectsIdItemsItemId": "projects.items.get",
    "deleteApiProjectsIdItemsItemId": "projects.items.remove",
    "postApiProjectsIdItemsItemIdRun": "projects.items.run",
    "getApiDatabaseTables": "database.tables",
    "getApiDatabaseTablesNameRows": "database.rows",
    "postApiDatabaseQuery": "database.query",
    "getApiDatabaseStatus": "database.status",
    "getApiProjectsIdMembers": "projects.members.list",
    "putApiProjectsIdMembersSub": "projects.members.put",
    "deleteApiProjectsIdMembersSub": "projects.members.remove",
    "postApiVectorsCollections": "vectors.collections.create",
    "getApiVectorsCollections": "vectors.collections.list",
    "getApiVectorsCollectionsId": "vectors.collections.get",
    "deleteApiVectorsCollectionsId": "vectors.collections.delete",
    "postApiVectorsCollectionsIdItems": "vectors.items.upsert",
    "getApiVectorsCollectionsIdItemsItemId": "vectors.items.get",
    "deleteApiVectorsCollectionsIdItemsItemId": "vectors.items.delete",
    "postApiVectorsCollectionsIdQuery": "vectors.query",
    "postApiVectorsCollectionsIdIndex": "vectors.index",
    "getApiVectorsCollectionsIdIndexRunId": "vectors.index_run",
    "postApiVectorsCollectionsIdIndexRunIdCancel": "vectors.cancel_index_run",
    "getApiAdminVectors": "vectors.admin_overview",
    "postApiAdminVectorsRebuild": "vectors.rebuild_law_index",
}


def resolve(obj: object, dotted: str) -> object:
    for name in dotted.split("."):
        obj = getattr(obj, name)
    return obj


def test_every_built_operation_has_a_method_on_both_clients() -> None:
    assert set(WRAPPED) == set(OPERATIONS), "a built route has no SDK method (or the table above is out of date)"
    sync = SunlightClient("http://127.0.0.1:9", token="t")
    asyn = AsyncSunlightClient("http://127.0.0.1:9", token="t")
    for op_id, dotted in WRAPPED.items():
        assert callable(resolve(sync, dotted)), f"{op_id}: SunlightClient.{dotted}"
        assert callable(resolve(asyn, dotted)), f"{op_id}: AsyncSunlightClient.{dotted}"
    sync.close()


def test_version_matches_pyproject_and_user_agent() -> None:
    pyproject = (SDK / "pyproject.toml").read_text(encoding="utf-8")
    version = re.search(r'^version = "([^"]+)"', pyproject, re.M)
    assert version and version.group(1) == sunlight_sdk.__version__ == "0.1.0"
    assert sunlight_sdk.USER_AGENT == f"sunlight-sdk-python/{sunlight_sdk.__version__}"


def test_package_is_typed() -> None:
    assert (SDK / "src" / "sunlight_sdk" / "py.typed").exists()


def test_every_friendly_name_in_the_generator_is_used() -> None:
    unused = load_generator().unused_names(json.loads(SPEC.read_text(encoding="utf-8")))
    assert unused == [], f"scripts/generate_types.py names things the document no longer has: {unused}"


def test_generated_module_imports_and_exports_the_types() -> None:
    from sunlight_sdk import types

    for name in ("Jurisdiction", "FoiaRequest", "FoiaRequestPatch", "ChatAnswer", "Document", "FoiaStatus", "SearchPage"):
        assert name in types.__all__ and hasattr(types, name)
    for name in ("WorkflowRun", "WorkflowRunPage", "WorkflowType", "WorkflowCatalogue", "WorkflowTypeName", "WorkflowRunStatus", "StartWorkflowRequest", "WebhookDelivery", "WebhookDeliveryPage", "WebhookSecret"):
        assert name in types.__all__ and hasattr(types, name), name
    assert types.OPERATIONS["postApiIntegrationsWorkflows"].request_body == "StartWorkflowRequest"
    assert types.OPERATIONS["getApiIntegrationsWorkflows"].response_body == "WorkflowRunPage"
    assert types.OPERATIONS["patchApiFoiaRequestsId"].request_body == "FoiaRequestPatch"
    tracker = ("FoiaCommunication", "LogCommunicationRequest", "LoggedCommunication", "SendLetterRequest", "LetterKind", "AppealDraft", "ExemptionMatch",
               "FoiaAgency", "FoiaAgencyWithStatistics", "FoiaAgencyCreate", "FoiaAgencyPatch", "FoiaNotification", "FoiaNotificationKind", "CalendarFeedToken",
               "Profile", "ProfileUpdate", "LetterFormat")
    for name in tracker:
        assert name in types.__all__ and hasattr(types, name), name
    assert types.OPERATIONS["postApiFoiaRequestsIdSend"].response_body == "FoiaCommunication"
    assert types.OPERATIONS["putApiMeProfile"].request_body == "ProfileUpdate"


def test_sync_and_async_clients_have_the_same_methods() -> None:
    import inspect

    def public(obj: object) -> set[str]:
        return {n for n, _ in inspect.getmembers(obj) if not n.startswith("_")}

    sync = SunlightClient("http://127.0.0.1:9", token="t")
    asyn = AsyncSunlightClient("http://127.0.0.1:9", token="t")
    assert public(sync) - {"close"} == public(asyn) - {"aclose"}
    areas = ("transparency", "documents", "foia", "chat", "admin", "chat.conversations", "integrations")
    foia_areas = ("foia.attachments", "foia.communications", "foia.agencies", "foia.notifications", "foia.calendar", "me", "me.profile")
    for area in areas + foia_areas:
        assert public(resolve(sync, area)) == public(resolve(asyn, area)), area
        for name in public(resolve(asyn, area)):
            method = getattr(resolve(asyn, area), name)
            if callable(method) and not name.startswith("iter") and name not in ("stream", "feed_url"):
                assert inspect.iscoroutinefunction(method), f"AsyncSunlightClient.{area}.{name} should be async"
    sync.close()
