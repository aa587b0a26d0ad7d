#!/usr/bin/env python3
"""Generates ``src/sunlight_sdk/_generated.py`` from the API's OpenAPI document.

    python sdk/python/scripts/generate_types.py            # (re)write the module
    python sdk/python/scripts/generate_types.py --check    # exit 1 when the module is stale

The document (``sdk/openapi.json``, written by ``npx tsx scripts/export-openapi.ts``) describes
every request and response body inline, as JSON Schema 2020-12 objects. For every operation not
tagged ``planned`` this writes ``TypedDict`` classes for the JSON request and response bodies,
one class per distinct object shape (nested objects get their own named class; two places with
the same shape share one), ``Literal`` aliases for enums (request bodies, responses and query
parameters), ``NotRequired`` for optional properties, ``X | None`` for nullable ones, ``list[...]``
for arrays and ``dict[str, ...]`` for free-form objects; plus ``OPERATIONS``, the table of wrapped
operations. The output depends only on the document, so it is stable from run to run.

Only the standard library is used, so the script runs with any Python 3.10+.
"""

from __future__ import annotations

import argparse
import json
import keyword
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SDK_DIR = Path(__file__).resolve().parent.parent
DEFAULT_SPEC = SDK_DIR.parent / "openapi.json"
DEFAULT_OUT = SDK_DIR / "src" / "sunlight_sdk" / "_generated.py"
REGENERATE = "python sdk/python/scripts/generate_types.py"

# Friendly names for the bodies, by location: "<operationId>.<request|response>" then, for
# nested schemas, ".<property>" per level, "[]" for array items and "|<n>" for a oneOf/anyOf
# member. Locations not listed get a name from their property (or operation), prefixed with
# the parent's name when that name is already taken by a different shape.
NAMES: dict[str, str] = {
    "getApiHealth.response": "HealthReport",
    "getApiHealth.response.checks{}": "DependencyCheck",
    "getApiHealthLive.response": "LivenessReport",
    "getApiHealthReady.response": "ReadinessReport",
    "getApiHealthReady.response.law_database": "LawDatabaseStatus",
    "getApiOpenapiJson.response": "OpenApiDocument",
    "putApiStorageObjectsKey.response": "StoredObject",
    "getApiStorageObjects.response": "StoredObjectPage",
    "getApiAdminMetrics.response": "AdminMetrics",
    "getApiV2TransparencyJurisdictions.response": "JurisdictionPage",
    "getApiV2TransparencyJurisdictions.response.data[]": "JurisdictionSummary",
    "getApiV2TransparencyJurisdictions.response.data[].law": "LawSummary",
    "getApiV2TransparencyJurisdictions.response.data[].counts": "JurisdictionCounts",
    "getApiV2TransparencyJurisdictionsSlug.response": "Jurisdiction",
    "getApiV2TransparencyJurisdictionsSlug.response.law": "Law",
    "getApiV2TransparencyJurisdictionsSlug.response.documents[]": "DocumentInfo",
    "getApiV2TransparencyJurisdictionsSlug.response.response_requirements": "ResponseRules",
    "getApiV2TransparencyJurisdictionsSlug.response.fees": "FeeRules",
    "getApiV2TransparencyJurisdictionsSlug.response.appeals": "AppealRules",
    "getApiV2TransparencyJurisdictionsSlug.response.requester_requirements": "RequesterRules",
    "getApiV2TransparencyJurisdictionsSlug.response.facts[]": "Fact",
    "getApiV2TransparencyJurisdictionsSlugFacts.response": "FactPage",
    "getApiV2TransparencyRights.response": "RightPage",
    "getApiV2TransparencyRights.response.data[]": "RightSummary",
    "getApiV2TransparencyRightsId.response": "Right",
    "getApiV2TransparencyRightsId.response.section": "SectionExcerpt",
    "getApiV2TransparencyExemptions.response": "ExemptionPage",
    "getApiV2TransparencyExemptions.response.data[]": "ExemptionSummary",
    "getApiV2TransparencyExemptionsId.response": "Exemption",
    "getApiV2TransparencyExemptionCategories.response": "ExemptionCategoryPage",
    "getApiV2TransparencyExemptionCategories.response.data[]": "ExemptionCategory",
    "getApiV2TransparencyStatutes.response": "StatutePage",
    "getApiV2TransparencyStatutes.response.data[]": "StatuteNode",
    "getApiV2TransparencyStatutes.response.resolved": "ResolvedCitation",
    "getApiV2TransparencySectionsId.response": "Section",
    "getApiV2TransparencySectionsId.response.parent": "SectionRef",
    "getApiV2TransparencySectionsId.response.cross_references": "SectionCrossReferences",
    "getApiV2TransparencySectionsId.response.cross_references.incoming[]": "IncomingReference",
    "getApiV2TransparencyCompare.response": "Comparison",
    "getApiV2TransparencyCompare.response.data[]": "ComparisonRow",
    "postApiFoiaRequests.request": "FoiaRequestCreate",
    "postApiFoiaRequests.request.requester": "RequesterInput",
    "postApiFoiaRequests.request.agency": "AgencyInput",
    "postApiFoiaRequests.request.date_range": "DateRangeInput",
    "postApiFoiaRequests.response": "FoiaRequest",
    "postApiFoiaRequests.response.requester": "Requester",
    "postApiFoiaRequests.response.agency": "Agency",
    "postApiFoiaRequests.response.date_range": "DateRange",
    "postApiFoiaRequests.response.deadline": "ResponseDeadline",
    "postApiFoiaRequests.response.appeal_deadline": "AppealDeadline",
    "postApiFoiaRequests.response.appeal_deadline.file_by": "AppealFilingDeadline",
    "postApiFoiaRequests.response.history[]": "StatusChange",
    "postApiFoiaRequests.response.attachments[]": "FoiaAttachment",
    "getApiFoiaRequestsIdAttachments.response": "FoiaAttachmentPage",
    "getApiFoiaRequests.response": "FoiaRequestPage",
    "getApiFoiaRequests.response.data[]": "FoiaRequestSummary",
    "getApiFoiaRequestsId.response": "FoiaRequest",
    "patchApiFoiaRequestsId.request": "FoiaRequestPatch",
    "patchApiFoiaRequestsId.request.agency": "AgencyPatch",
    "patchApiFoiaRequestsId.response": "FoiaRequest",
    "postApiFoiaRequestsPreview.response": "FoiaPreview",
    "postApiFoiaRequestsPreview.response.deadline": "PreviewDeadline",
    "postApiFoiaRequestsPreview.response.letter": "PreviewLetter",
    "getApiFoiaAgencies.response": "FoiaAgencyPage",
    "getApiFoiaAgencies.response.data[]": "FoiaAgency",
    "postApiFoiaAgencies.request": "FoiaAgencyCreate",
    "postApiFoiaAgencies.response": "FoiaAgency",
    "getApiFoiaAgenciesId.response": "FoiaAgencyWithStatistics",
    "getApiFoiaAgenciesId.response.statistics": "FoiaAgencyStatistics",
    "patchApiFoiaAgenciesId.request": "FoiaAgencyPatch",
    "patchApiFoiaAgenciesId.response": "FoiaAgency",
    "getApiFoiaRequestsIdCommunications.response": "FoiaCommunicationPage",
    "getApiFoiaRequestsIdCommunications.response.data[]": "FoiaCommunication",
    "getApiFoiaRequestsIdCommunications.response.data[].attachments[]": "CommunicationAttachment",
    "getApiFoiaRequestsIdCommunicationsCommunicationId.response": "FoiaCommunication",
    "postApiFoiaRequestsIdCommunications.request": "LogCommunicationRequest",
    "postApiFoiaRequestsIdCommunications.response": "LoggedCommunication",
    "postApiFoiaRequestsIdCommunications.response.request": "RequestStanding",
    "postApiFoiaRequestsIdSend.request": "SendLetterRequest",
    "postApiFoiaRequestsIdSend.response": "FoiaCommunication",
    "postApiFoiaRequestsIdAppealDraft.request": "AppealDraftRequest",
    "postApiFoiaRequestsIdAppealDraft.response": "AppealDraft",
    "postApiFoiaRequestsIdAppealDraft.response.matches[]": "ExemptionMatch",
    "postApiFoiaRequestsIdAppealDraft.response.matches[].exemption": "MatchedExemption",
    "postApiFoiaRequestsIdAppealDraft.response.matches[].limits[]": "ExemptionLimit",
    "postApiFoiaRequestsIdAppealDraft.response.unmatched[]": "UnmatchedReason",
    "postApiFoiaRequestsIdAppealDraft.response.appeal_route": "AppealRoute",
    "postApiFoiaRequestsIdAppealDraft.response.appeal_route.requester_deadline": "AppealRequesterDeadline",
    "postApiFoiaRequestsIdAppealDraft.response.appeal_route.reviewer_deadline": "AppealReviewerDeadline",
    "postApiFoiaRequestsIdAppealDraft.response.constructive_denial": "ConstructiveDenial",
    "postApiFoiaRequestsIdAppealDraft.response.letter": "AppealLetter",
    "getApiFoiaNotifications.response": "FoiaNotificationPage",
    "getApiFoiaNotifications.response.data[]": "FoiaNotification",
    "postApiFoiaNotificationsIdRead.response": "FoiaNotification",
    "postApiFoiaNotificationsReadAll.response": "MarkedRead",
    "postApiFoiaCalendarFeedToken.response": "CalendarFeedToken",
    "getApiMeProfile.response": "Profile",
    "putApiMeProfile.request": "ProfileUpdate",
    "putApiMeProfile.response": "Profile",
    "postApiV1Search.request": "SearchRequest",
    "postApiV1Search.request.filters": "SearchFilters",
    "postApiV1Search.response": "SearchPage",
    "postApiV1Search.response.data[]": "SearchHit",
    "postApiV1Search.response.data[].components": "ScoreComponents",
    "postApiV1Search.response.data[].components.keyword": "KeywordScore",
    "postApiV1Search.response.data[].components.vector": "VectorScore",
    "postApiV1Search.response.interpreted": "SearchInterpretation",
    "postApiV1Search.response.interpreted.citations[]": "InterpretedCitation",
    "getApiV1DocumentsId.response": "Document",
    "getApiV1DocumentsId.response|0": "SectionDocument",
    "getApiV1DocumentsId.response|0.neighbours": "DocumentNeighbours",
    "getApiV1DocumentsId.response|0.neighbours.previous": "DocumentNeighbour",
    "getApiV1DocumentsId.response|0.metadata": "SectionDocumentMetadata",
    "getApiV1DocumentsId.response|0.metadata.siblings": "SectionSiblings",
    "getApiV1DocumentsId.response|1": "RightDocument",
    "getApiV1DocumentsId.response|1.metadata": "RightDocumentMetadata",
    "getApiV1DocumentsId.response|2": "ExemptionDocument",
    "getApiV1DocumentsId.response|2.metadata": "ExemptionDocumentMetadata",
    "postApiDocumentsCompile.request": "CompileRequest",
    "postApiDocumentsCompile.request.parts[]": "CompilePart",
    "postApiDocumentsCompile.request.parts[]|0": "JurisdictionProfilePart",
    "postApiDocumentsCompile.request.parts[]|1": "ComparisonPart",
    "postApiDocumentsCompile.request.parts[]|2": "StatutePart",
    "postApiDocumentsCompile.request.parts[]|3": "SearchPart",
    "postApiDocumentsCompile.request.parts[]|4": "ConversationPart",
    "postApiDocumentsCompile.request.parts[]|5": "FoiaRequestPart",
    "postApiDocumentsCompile.response": "Compilation",
    "postApiDocumentsCompile.response.progress": "CompilationProgress",
    "postApiDocumentsCompile.response.outputs[]": "CompilationOutput",
    "postApiDocumentsCompile.response.part_failures[]": "PartFailure",
    "postApiDocumentsCompile.response.parts[]": "CompiledPart",
    "postApiDocumentsCompile.response.parts[]|3": "CompiledSearchPart",
    "postApiDocumentsCompile.response.links": "CompilationLinks",
    "getApiDocumentsCompile.response": "CompilationPage",
    "getApiDocumentsCompile.response.data[].parts[]": "CompiledPart",
    "getApiDocumentsCompileId.response.parts[]": "CompiledPart",
    "postApiDocumentsCompileIdCancel.response.parts[]": "CompiledPart",
    "postApiChat.request": "ChatRequest",
    "postApiChat.response": "ChatAnswer",
    "postApiChat.response.citations[]": "ChatCitation",
    "postApiChat.response.sources[]": "ChatSource",
    "getApiChatConversations.response": "ConversationPage",
    "getApiChatConversations.response.data[]": "ConversationSummary",
    "getApiChatConversationsId.response": "Conversation",
    "getApiChatConversationsId.response.messages[]": "ChatMessage",
    "getApiIntegrationsWorkflowsTypes.response": "WorkflowCatalogue",
    "getApiIntegrationsWorkflowsTypes.response.data[]": "WorkflowType",
    "getApiIntegrationsWebhookSecret.response": "WebhookSecret",
    "postApiIntegrationsWorkflows.request": "StartWorkflowRequest",
    "postApiIntegrationsWorkflows.request|0": "StartReingestRequest",
    "postApiIntegrationsWorkflows.request|0.input": "ReingestInput",
    "postApiIntegrationsWorkflows.request|0.webhook": "WebhookTarget",
    "postApiIntegrationsWorkflows.request|1": "StartCompileRequest",
    "postApiIntegrationsWorkflows.request|1.input.parts[]": "CompilePart",
    "postApiIntegrationsWorkflows.request|2": "StartResearchRequest",
    "postApiIntegrationsWorkflows.request|2.input": "ResearchInput",
    "postApiIntegrationsWorkflows.request|3": "StartExportRequest",
    "postApiIntegrationsWorkflows.request|3.input": "ExportInput",
    "postApiIntegrationsWorkflows.request|4": "StartFoiaDigestRequest",
    "postApiIntegrationsWorkflows.request|4.input": "FoiaDigestInput",
    "postApiIntegrationsWorkflows.response": "WorkflowRun",
    "postApiIntegrationsWorkflows.response.progress": "WorkflowRunProgress",
    "postApiIntegrationsWorkflows.response.links": "WorkflowRunLinks",
    "getApiIntegrationsWorkflows.response": "WorkflowRunPage",
    "getApiIntegrationsWorkflows.response.data[]": "WorkflowRun",
    "getApiIntegrationsWorkflowsIdDeliveries.response": "WebhookDeliveryPage",
    "getApiIntegrationsWorkflowsIdDeliveries.response.data[]": "WebhookDelivery",
    "postApiProjects.request": "ProjectCreate",
    "postApiProjects.response": "Project",
    "postApiProjects.response.links": "ProjectLinks",
    "getApiProjects.response": "ProjectPage",
    "getApiProjects.response.data[]": "Project",
    "patchApiProjectsId.request": "ProjectPatch",
    "postApiProjectsIdItems.request": "ProjectItemCreate",
    "postApiProjectsIdItems.request|0": "FoiaRequestItemCreate",
    "postApiProjectsIdItems.request|1": "ConversationItemCreate",
    "postApiProjectsIdItems.request|2": "CompilationItemCreate",
    "postApiProjectsIdItems.request|3": "StoredObjectItemCreate",
    "postApiProjectsIdItems.request|4": "CollectionItemCreate",
    "postApiProjectsIdItems.request|5": "SavedSearchItemCreate",
    "postApiProjectsIdItems.request|5.ref": "SavedSearch",
    "postApiProjectsIdItems.response": "ProjectItem",
    "postApiProjectsIdItems.response.ref|1": "SavedSearch",
    "postApiProjectsIdItems.response.links": "ProjectItemLinks",
    "getApiProjectsIdItems.response": "ProjectItemPage",
    "getApiProjectsIdItems.response.data[]": "ProjectItem",
    "postApiProjectsIdItemsItemIdRun.request": "SavedSearchRun",
    "getApiProjectsIdMembers.response": "ProjectMemberPage",
    "getApiProjectsIdMembers.response.data[]": "ProjectMember",
    "putApiProjectsIdMembersSub.request": "ProjectMemberPut",
    "putApiProjectsIdMembersSub.response": "ProjectMember",
    "getApiDatabaseTables.response": "DatabaseTableList",
    "getApiDatabaseTables.response.data[]": "DatabaseTable",
    "getApiDatabaseTables.response.data[].columns[]": "DatabaseColumn",
    "getApiDatabaseTablesNameRows.response": "DatabaseRowPage",
    "getApiDatabaseTablesNameRows.response.columns[]": "DatabaseColumnType",
    "postApiDatabaseQuery.request": "DatabaseQuery",
    "postApiDatabaseQuery.response": "DatabaseQueryResult",
    "getApiDatabaseStatus.response": "DatabaseStatus",
    "getApiDatabaseStatus.response.migrations": "DatabaseMigrations",
    "getApiDatabaseStatus.response.migrations.applied[]": "AppliedMigration",
    "getApiDatabaseStatus.response.tables[]": "DatabaseTableSize",
    "postApiVectorsCollections.request": "VectorCollectionCreate",
    "postApiVectorsCollections.request.model|1": "OwnVectorsModel",
    "postApiVectorsCollections.response": "VectorCollection",
    "getApiVectorsCollections.response": "VectorCollectionPage",
    "getApiVectorsCollections.response.data[]": "VectorCollection",
    "postApiVectorsCollectionsIdItems.request": "VectorItemsUpsert",
    "postApiVectorsCollectionsIdItems.request.items[]": "VectorItemInput",
    "postApiVectorsCollectionsIdItems.response": "VectorItemsUpserted",
    "postApiVectorsCollectionsIdItems.response.data[]": "VectorItemWritten",
    "getApiVectorsCollectionsIdItemsItemId.response": "VectorItem",
    "getApiVectorsCollectionsIdItemsItemId.response.source": "VectorItemSource",
    "postApiVectorsCollectionsIdQuery.request": "VectorQuery",
    "postApiVectorsCollectionsIdQuery.response": "VectorQueryResult",
    "postApiVectorsCollectionsIdQuery.response.data[]": "VectorHit",
    "postApiVectorsCollectionsIdIndex.request": "VectorIndexRequest",
    "postApiVectorsCollectionsIdIndex.response": "VectorIndexRun",
    "postApiVectorsCollectionsIdIndex.response.progress": "VectorIndexProgress",
    "postApiVectorsCollectionsIdIndex.response.links": "VectorIndexRunLinks",
    "getApiVectorsCollectionsIdIndexRunId.response": "VectorIndexRun",
    "postApiVectorsCollectionsIdIndexRunIdCancel.response": "VectorIndexRun",
    "getApiAdminVectors.response": "VectorAdminOverview",
    "getApiAdminVectors.response.law": "LawIndexStatus",
    "getApiAdminVectors.response.law.last_run": "LawIndexRun",
    "getApiAdminVectors.response.collections[]": "VectorAdminCollection",
    "postApiAdminVectorsRebuild.request": "VectorRebuildRequest",
    "postApiAdminVectorsRebuild.response": "VectorRebuildResult",
    "getApiDatabaseStatus.response.ingestion_runs[]": "IngestionRunSummary",
    "ErrorEnvelope.response": "ErrorEnvelope",
    "ErrorEnvelope.response.error": "ErrorBody",
}

# Names of enums by their values (the same values anywhere share one alias).
ENUM_NAMES: dict[tuple[str, ...], str] = {
    ("ok", "unavailable"): "HealthStatus",
    ("up", "down"): "DependencyStatus",
    ("ready", "not_ready"): "ReadinessStatus",
    ("dependency_down", "law_database_empty", "ingesting"): "ReadinessReason",
    ("hour", "day", "week", "month"): "MetricsPeriod",
    ("json", "ndjson", "csv"): "RowFormat",
    ("federal", "state", "district"): "JurisdictionType",
    ("business", "calendar"): "DeadlineUnit",
    ("full", "partial"): "StatuteCoverage",
    ("true", "false"): "BooleanString",
    ("nonresident", "commercial", "media", "incarcerated", "own_records"): "RequesterClass",
    ("statute_text", "dataset", "summary", "citation_only"): "SourceKind",
    ("section", "right", "exemption"): "ReferenceSourceType",
    ("draft", "submitted"): "InitialFoiaStatus",
    ("not_started", "running", "paused", "stopped"): "DeadlineClock",
    ("due_date", "-due_date", "updated_at", "-updated_at"): "FoiaSort",
    ("text", "markdown", "pdf"): "LetterFormat",
    ("statute_section", "summary", "process_map", "right", "exemption"): "RecordType",
    ("statute_section", "summary", "process_map"): "StatuteRecordType",
    ("hybrid", "vector", "keyword"): "SearchMode",
    ("citation", "text"): "KeywordMatch",
    ("filter", "query"): "JurisdictionsSource",
    ("answer", "research"): "ChatMode",
    ("complete", "running", "failed", "cancelled"): "MessageStatus",
    ("lookup", "search"): "SourceFoundBy",
    ("user", "assistant"): "MessageRole",
    ("agency_letter", "released_records", "our_letter", "correspondence", "other"): "FoiaAttachmentKind",
    ("pdf", "markdown", "html"): "PacketFormat",
    ("queued", "running", "completed", "failed", "cancelled"): "CompilationStatus",
    ("jurisdiction_profile", "comparison", "statute", "search", "conversation", "foia_request"): "CompilePartKind",
    ("reingest", "compile", "research", "export", "foia-digest"): "WorkflowTypeName",
    ("csv", "json"): "ExportFormat",
    ("delivered", "failed", "refused"): "WebhookDeliveryOutcome",
    ("records", "oversight"): "FoiaAgencyKind",
    ("corpus", "user"): "FoiaAgencySource",
    ("outgoing", "incoming", "note"): "CommunicationDirection",
    ("request", "follow_up", "appeal", "reply", "note"): "CommunicationKind",
    ("email", "portal", "mail", "fax", "phone", "in_person", "other"): "CommunicationChannel",
    ("none", "draft", "queued", "sending", "sent", "failed"): "DeliveryState",
    ("request", "follow_up", "appeal"): "LetterKind",
    ("citation", "meaning"): "MatchedBy",
    ("segregability", "public_interest", "time_limit", "harm_test", "scope"): "ExemptionLimitKind",
    ("citation", "reason"): "UnmatchedReasonKind",
    ("stated", "no_appeal", "not_stated"): "AppealRouteStatus",
    ("applies", "not_overdue", "not_running", "law_says_no", "not_stated"): "ConstructiveDenialState",
    ("owner", "editor", "viewer"): "ProjectRole",
    ("editor", "viewer"): "ProjectMemberRole",
    ("owner", "member"): "ProjectListRole",
    ("foia_request", "conversation", "compilation", "stored_object", "collection", "saved_search"): "ProjectItemKind",
}

# Enums recognised by a property name when their values are long lists that may grow.
ENUM_NAMES_BY_PROPERTY: dict[str, str] = {
    "getApiV2TransparencyJurisdictionsSlug.response.facts[].field": "FactField",
    "getApiV2TransparencyRights?category[]": "RightCategory",
    "getApiV2TransparencyCompare.response.field": "CompareField",
    "postApiFoiaRequests.response.status": "FoiaStatus",
    "getApiFoiaNotifications.response.data[].kind": "FoiaNotificationKind",
    "getApiFoiaNotifications?kind": "FoiaNotificationKind",
    "postApiFoiaRequestsIdAppealDraft.response.appealing": "AppealedOutcome",
}

PRIMITIVES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}


def pascal(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


def singular(name: str) -> str:
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith("ses") or name.endswith("xes"):
        return name[:-2]
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name + "Item"


def is_identifier(name: str) -> bool:
    return name.isidentifier() and not keyword.iskeyword(name)


def py_literal(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "True" if value else "False"
    return json.dumps(value, ensure_ascii=False)


@dataclass
class Where:
    """Where a schema sits: its location key (for NAMES), and the class and property above it."""

    path: str
    parent: str | None = None
    prop: str | None = None
    item: bool = False

    def child(self, prop: str, parent: str) -> Where:
        return Where(f"{self.path}.{prop}", parent, prop)

    def items(self) -> Where:
        return Where(f"{self.path}[]", self.parent, self.prop, True)

    def values(self) -> Where:
        return Where(f"{self.path}{{}}", self.parent, self.prop, True)

    def member(self, i: int) -> Where:
        return Where(f"{self.path}|{i}", self.parent, self.prop, self.item)


@dataclass
class Field:
    name: str
    required: bool
    type: str
    description: str | None


@dataclass
class TypedDictDef:
    name: str
    fields: list[Field]
    description: str | None
    open: bool  # additional properties allowed


@dataclass
class Generator:
    spec: dict[str, Any]
    blocks: list[str] = field(default_factory=list)
    exported: list[str] = field(default_factory=list)
    taken: set[str] = field(default_factory=set)
    by_shape: dict[tuple[Any, ...], str] = field(default_factory=dict)
    enum_by_values: dict[tuple[Any, ...], str] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    uses: set[str] = field(default_factory=set)
    #: The NAMES / ENUM_NAMES entries that matched something (the others are out of date).
    matched: set[object] = field(default_factory=set)

    # -- names -------------------------------------------------------------------------------

    def claim(self, wanted: str, parent: str | None) -> str:
        if wanted not in self.taken:
            return wanted
        if parent and f"{parent}{wanted}" not in self.taken:
            return f"{parent}{wanted}"
        n = 2
        while f"{wanted}{n}" in self.taken:
            n += 1
        return f"{wanted}{n}"

    def object_name(self, where: Where) -> str:
        if where.path in NAMES:
            self.matched.add(where.path)
            return NAMES[where.path]
        if where.prop is None:
            return pascal(where.path.split(".")[0]) + ("Body" if ".request" in where.path else "Response")
        base = pascal(where.prop)
        if where.item:
            base = f"{where.parent}Item" if where.prop == "data" else singular(base)
        return self.claim(base, where.parent)

    # -- types -------------------------------------------------------------------------------

    def type_of(self, schema: Any, where: Where) -> str:
        if schema is True or not isinstance(schema, dict):
            self.uses.add("Any")
            return "Any"
        if "const" in schema:
            self.uses.add("Literal")
            return "None" if schema["const"] is None else f"Literal[{py_literal(schema['const'])}]"
        if "enum" in schema:
            return self.enum_type(schema["enum"], where)
        for union_key in ("anyOf", "oneOf"):
            if union_key in schema:
                return self.union_type(schema[union_key], where)
        types = schema.get("type")
        if isinstance(types, list):
            parts = [self.type_of({**schema, "type": t}, where) for t in types if t != "null"]
            if "null" in types:
                parts.append("None")
            return join_union(parts)
        if types == "object" or "properties" in schema:
            return self.object_type(schema, where)
        if types == "array":
            return f"list[{self.type_of(schema.get('items', {}), where.items())}]"
        if types in PRIMITIVES:
            return PRIMITIVES[types]
        self.uses.add("Any")
        return "Any"

    def union_type(self, members: list[Any], where: Where) -> str:
        parts: list[str] = []
        nullable = False
        named = [m for m in members if not (isinstance(m, dict) and m.get("type") == "null")]
        for i, member in enumerate(members):
            if isinstance(member, dict) and member.get("type") == "null":
                nullable = True
                continue
            # A lone non-null member keeps its parent's location (anyOf[X, null] is just X | None).
            parts.append(self.type_of(member, where if len(named) == 1 else where.member(i)))
        union = join_union(parts)
        if len(parts) > 1 and where.path in NAMES:
            self.matched.add(where.path)
            name = NAMES[where.path]
            if name not in self.taken:
                self.taken.add(name)
                self.uses.add("TypeAlias")
                self.emit(name, f"{name}: TypeAlias = {union}")
            union = name
        return join_union([union, "None"]) if nullable else union

    def enum_type(self, values: list[Any], where: Where) -> str:
        nullable = None in values
        values = [v for v in values if v is not None]
        key = tuple(values)
        if key in ENUM_NAMES:
            self.matched.add(key)
        if where.path in ENUM_NAMES_BY_PROPERTY:
            self.matched.add(where.path)
        if key not in self.enum_by_values:
            name = ENUM_NAMES.get(key) or ENUM_NAMES_BY_PROPERTY.get(where.path)
            if name is None:
                base = pascal(where.prop or where.path.split(".")[0])
                name = self.claim(f"{where.parent or ''}{base}" if where.prop else base, None)
            elif name in self.taken:
                raise SystemExit(f"enum name {name} is used for two different value lists (at {where.path})")
            self.taken.add(name)
            self.uses.update({"Literal", "TypeAlias"})
            body = ", ".join(py_literal(v) for v in values)
            self.emit(name, f"{name}: TypeAlias = Literal[{body}]")
            self.enum_by_values[key] = name
        name = self.enum_by_values[key]
        return f"{name} | None" if nullable else name

    def object_type(self, schema: dict[str, Any], where: Where) -> str:
        properties: dict[str, Any] = schema.get("properties") or {}
        extra = schema.get("additionalProperties", True)
        if not properties:
            if isinstance(extra, dict) and extra:
                return f"dict[str, {self.type_of(extra, where.values())}]"
            self.uses.add("Any")
            return "dict[str, Any]"
        name = self.object_name(where)
        fresh = name not in self.taken
        self.taken.add(name)
        required = set(schema.get("required") or [])
        fields = [
            Field(prop, prop in required, self.type_of(sub, where.child(prop, name)), description_of(sub))
            for prop, sub in properties.items()
        ]
        is_open = extra is not False
        shape = (tuple((f.name, f.required, f.type) for f in fields), is_open)
        existing = self.by_shape.get(shape)
        if existing is not None:
            if name == existing or self.aliases.get(name) == existing:
                return name
            if not fresh:
                raise SystemExit(f"{name} (at {where.path}) names two different shapes: add a NAMES entry")
            if where.path in NAMES:
                # Named on purpose: keep the name, as an alias of the same shape.
                self.aliases[name] = existing
                self.uses.add("TypeAlias")
                self.emit(name, f"{name}: TypeAlias = {existing}")
                return name
            self.taken.discard(name)
            return existing
        if not fresh:
            raise SystemExit(f"{name} (at {where.path}) names two different shapes: add a NAMES entry")
        self.by_shape[shape] = name
        self.emit(name, render_typed_dict(TypedDictDef(name, fields, description_of(schema), is_open), self.uses))
        return name

    def emit(self, name: str, block: str) -> None:
        self.blocks.append(block)
        self.exported.append(name)

    # -- the document ------------------------------------------------------------------------

    def operations(self) -> list[tuple[str, str, str, dict[str, Any]]]:
        out = []
        for path, item in self.spec["paths"].items():
            for method, op in item.items():
                if not isinstance(op, dict) or "operationId" not in op:
                    continue
                if "planned" in (op.get("tags") or []):
                    continue
                out.append((op["operationId"], method.upper(), path, op))
        return out

    def run(self) -> str:
        envelope = self.spec.get("components", {}).get("schemas", {}).get("ErrorEnvelope")
        if envelope:
            self.type_of(envelope, Where("ErrorEnvelope.response"))
        table: list[str] = []
        for op_id, method, path, op in self.operations():
            request_type = "None"
            body = op.get("requestBody")
            if body:
                for content_type, media in sorted(body.get("content", {}).items()):
                    if "json" in content_type and "schema" in media:
                        request_type = self.type_of(media["schema"], Where(f"{op_id}.request"))
            response_types: list[str] = []
            for status, response in op.get("responses", {}).items():
                if "$ref" in response:  # the shared error responses
                    continue
                for content_type, media in response.get("content", {}).items():
                    if "json" in content_type and "schema" in media:
                        t = self.type_of(media["schema"], Where(f"{op_id}.response"))
                        if t not in response_types:
                            response_types.append(t)
            for param in op.get("parameters", []):
                if param.get("in") != "query":
                    continue
                schema = param.get("schema", {})
                inner = schema.get("items", {}) if schema.get("type") == "array" else schema
                if "enum" in inner:
                    where = Where(f"{op_id}?{param['name']}" + ("[]" if inner is not schema else ""), pascal(op_id), param["name"])
                    self.enum_type(inner["enum"], where)
            scope = op.get("x-required-scope")
            table.append(
                f"    {py_literal(op_id)}: Operation({py_literal(method)}, {py_literal(path)}, {py_literal(scope)}, "
                f"{py_literal(request_type if request_type != 'None' else None)}, {py_literal(' | '.join(response_types) or None)}),"
            )
        return self.module(table)

    def module(self, table: list[str]) -> str:
        info = self.spec.get("info", {})
        typing_names = sorted(n for n in self.uses | {"NamedTuple", "Final"} if n in {"Any", "Literal", "TypeAlias", "Final", "NamedTuple"})
        head = [
            f'"""Types of the Sunlight API\'s request and response bodies (API version {info.get("version")}).',
            "",
            f"Generated from sdk/openapi.json by sdk/python/scripts/generate_types.py: do not edit; run",
            f"``{REGENERATE}`` after the document changes.",
            '"""',
            "",
            "# ruff: noqa",
            "from __future__ import annotations",
            "",
            "import sys",
            f"from typing import {', '.join(typing_names)}",
            "",
            "if sys.version_info >= (3, 11):",
            "    from typing import NotRequired, TypedDict",
            "else:  # pragma: no cover",
            "    from typing_extensions import NotRequired, TypedDict",
            "",
            f"API_VERSION: Final = {py_literal(info.get('version'))}",
            "",
        ]
        ops = [
            "",
            "",
            "class Operation(NamedTuple):",
            '    """One built operation of the API: how it is called and the types of its bodies."""',
            "",
            "    method: str",
            "    path: str",
            "    scope: str | None",
            "    request_body: str | None",
            "    response_body: str | None",
            "",
            "",
            "#: Every operation not tagged ``planned``, by operationId.",
            "OPERATIONS: Final[dict[str, Operation]] = {",
            *table,
            "}",
            "",
        ]
        exported = sorted({*self.exported, "API_VERSION", "OPERATIONS", "Operation"})
        all_block = ["", "__all__ = [", *[f"    {py_literal(n)}," for n in exported], "]", ""]
        return "\n".join(head) + "\n\n" + "\n\n\n".join(self.blocks) + "\n" + "\n".join(ops) + "\n".join(all_block)


def description_of(schema: Any) -> str | None:
    if isinstance(schema, dict):
        if isinstance(schema.get("description"), str):
            return str(schema["description"])
        for key in ("anyOf", "oneOf"):
            for member in schema.get(key, []):
                if isinstance(member, dict) and isinstance(member.get("description"), str):
                    return str(member["description"])
    return None


def split_union(expr: str) -> list[str]:
    """The members of a type expression's top-level union (``a | list[b | c]`` is two)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(expr):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
        elif ch == "|" and depth == 0:
            parts.append(expr[start:i].strip())
            start = i + 1
    parts.append(expr[start:].strip())
    return parts


def join_union(parts: list[str]) -> str:
    seen: list[str] = []
    for part in parts:
        for piece in split_union(part):
            if piece not in seen:
                seen.append(piece)
    if "None" in seen:
        seen = [p for p in seen if p != "None"] + ["None"]
    return " | ".join(seen) if seen else "Any"


def comment_lines(text: str, indent: str) -> list[str]:
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        words = paragraph.split()
        line = ""
        for word in words:
            if line and len(indent) + 3 + len(line) + 1 + len(word) > 100:
                lines.append(f"{indent}#: {line}")
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(f"{indent}#: {line}".rstrip())
    return lines


def docstring(text: str) -> str:
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"').strip()
    return f'    """{text}"""'


def render_typed_dict(td: TypedDictDef, uses: set[str]) -> str:
    def annotation(f: Field) -> str:
        return f.type if f.required else f"NotRequired[{f.type}]"

    note = "Other keys may be present." if td.open else None
    if all(is_identifier(f.name) for f in td.fields):
        out = [f"class {td.name}(TypedDict):"]
        doc = " ".join(x for x in (td.description, note) if x)
        if doc:
            out.append(docstring(doc))
            out.append("")
        for f in td.fields:
            if f.description:
                out.extend(comment_lines(f.description, "    "))
            out.append(f"    {f.name}: {annotation(f)}")
        return "\n".join(out)
    # Keys that are not Python identifiers (e.g. "from"): the functional form.
    out = []
    for line in (td.description, note):
        if line:
            out.extend(comment_lines(line, ""))
    out.append(f'{td.name} = TypedDict("{td.name}", {{')
    for f in td.fields:
        if f.description:
            out.extend(comment_lines(f.description, "    "))
        out.append(f"    {py_literal(f.name)}: {annotation(f)},")
    out.append("})")
    return "\n".join(out)


def generate(spec: dict[str, Any]) -> str:
    """The module's text for an OpenAPI document."""
    return Generator(spec).run()


def unused_names(spec: dict[str, Any]) -> list[str]:
    """Entries of NAMES, ENUM_NAMES and ENUM_NAMES_BY_PROPERTY that name nothing in the document."""
    generator = Generator(spec)
    generator.run()
    entries: list[object] = [*NAMES, *ENUM_NAMES, *ENUM_NAMES_BY_PROPERTY]
    return [str(e) for e in entries if e not in generator.matched]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", type=Path, default=DEFAULT_SPEC)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true", help="exit 1 if the output file differs from what would be generated")
    args = parser.parse_args(argv)
    spec = json.loads(args.spec.read_text(encoding="utf-8"))
    text = generate(spec)
    for entry in unused_names(spec):
        print(f"warning: the name for {entry} matches nothing in the document (out of date?)", file=sys.stderr)
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else None
        if current != text:
            print(f"{args.out} is stale: run {REGENERATE}", file=sys.stderr)
            return 1
        return 0
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
