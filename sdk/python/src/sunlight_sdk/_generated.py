"""Types of the Sunlight API's request and response bodies (API version 0.1.0).

Generated from sdk/openapi.json by sdk/python/scripts/generate_types.py: do not edit; run
``python sdk/python/scripts/generate_types.py`` after the document changes.
"""

# ruff: noqa
from __future__ import annotations

import sys
from typing import Any, Final, Literal, NamedTuple, TypeAlias

if sys.version_info >= (3, 11):
    from typing import NotRequired, TypedDict
else:  # pragma: no cover
    from typing_extensions import NotRequired, TypedDict

API_VERSION: Final = "0.1.0"


class ErrorBody(TypedDict):
    """Other keys may be present."""

    #: Stable machine-readable code (VALIDATION_ERROR, NOT_FOUND, …)
    code: str
    message: str
    status: int
    #: Details by code: issues, required_scope, allowed_transitions, retry_after_seconds, request_id
    #: …
    metadata: NotRequired[dict[str, Any]]


class ErrorEnvelope(TypedDict):
    """Other keys may be present."""

    error: ErrorBody


HealthStatus: TypeAlias = Literal["ok", "unavailable"]


DependencyStatus: TypeAlias = Literal["up", "down"]


class DependencyCheck(TypedDict):
    status: DependencyStatus
    latency_ms: float
    #: A coarse reason (timeout, unreachable) when down
    error: NotRequired[str]


class HealthReport(TypedDict):
    status: HealthStatus
    #: postgres, redis and temporal
    checks: dict[str, DependencyCheck]
    uptime_seconds: int
    #: ISO date-time
    checked_at: str


class LivenessReport(TypedDict):
    status: Literal["alive"]
    uptime_seconds: int


ReadinessStatus: TypeAlias = Literal["ready", "not_ready"]


ReadinessReason: TypeAlias = Literal["dependency_down", "law_database_empty", "ingesting"]


class LawDatabaseStatus(TypedDict):
    jurisdictions: int
    ingesting: bool


class ReadinessReport(TypedDict):
    status: ReadinessStatus
    reasons: list[ReadinessReason]
    #: postgres, redis and temporal
    checks: dict[str, DependencyCheck]
    law_database: LawDatabaseStatus | None
    #: ISO date-time
    checked_at: str


class OpenApiDocument(TypedDict):
    """Other keys may be present."""

    openapi: str
    info: dict[str, Any]
    paths: dict[str, Any]


MetricsPeriod: TypeAlias = Literal["hour", "day", "week", "month"]


AdminMetrics = TypedDict("AdminMetrics", {
    "period": MetricsPeriod,
    #: ISO date-time
    "from": str,
    #: ISO date-time
    "to": str,
    "requests_total": int,
    #: Count by "METHOD /route/{template}"
    "requests_by_endpoint": dict[str, int],
    #: Share of requests answered with a status of 400 or above
    "error_rate": float,
    "avg_response_time_ms": float | None,
    "p95_response_time_ms": float | None,
    "p99_response_time_ms": float | None,
})


JurisdictionType: TypeAlias = Literal["federal", "state", "district"]


class LawSummary(TypedDict):
    name: str
    citation: str | None


DeadlineUnit: TypeAlias = Literal["business", "calendar"]


class InitialDeadline(TypedDict):
    """The computable initial response deadline; null when the jurisdiction has no response requirements yet"""

    days: int | None
    unit: DeadlineUnit | None
    no_fixed_deadline: bool
    #: Why there is no fixed deadline (the quoted standard, e.g. "reasonable time")
    reason: str | None


class JurisdictionCounts(TypedDict):
    rights: int
    exemptions: int
    #: Nodes of the statute text document
    sections: int


StatuteCoverage: TypeAlias = Literal["full", "partial"]


class StatuteText(TypedDict):
    """Whether verbatim statute text is in the database, and how complete it is"""

    available: bool
    #: First word of the completeness note (null when unknown)
    coverage: StatuteCoverage | None
    completeness: str | None
    source_path: str | None
    #: YYYY-MM-DD
    retrieved_date: str | None
    #: The statute text document, when ingested
    document_id: str | None


class JurisdictionSummary(TypedDict):
    slug: str
    name: str
    type: JurisdictionType
    law: LawSummary | None
    #: The computable initial response deadline; null when the jurisdiction has no response
    #: requirements yet
    initial_deadline: InitialDeadline | None
    counts: JurisdictionCounts
    #: Whether verbatim statute text is in the database, and how complete it is
    statute_text: StatuteText


class JurisdictionPage(TypedDict):
    data: list[JurisdictionSummary]
    #: Items in the whole list, across pages
    total: int
    #: `cursor` of the next page; null on the last page
    next_cursor: str | None


BooleanString: TypeAlias = Literal["true", "false"]


class Provenance(TypedDict):
    """Where the record came from"""

    #: Path of the source, relative to the corpus
    source_path: str
    #: statute_text, summary, process_map or structured
    source_kind: str
    #: YYYY-MM-DD
    verified_date: str | None


class Law(TypedDict):
    name: str
    citation: str | None
    #: YYYY-MM-DD
    effective_date: str | None
    last_amended: str | None
    constitutional_basis: str | None
    #: Official resources (portal, guides, forms) as the source dataset lists them
    official_resources: list[Any]
    #: Where the record came from
    provenance: Provenance


class DocumentInfo(TypedDict):
    id: str
    #: statute_text, summary or process_map
    kind: str
    title: str
    citation: str | None
    source_path: str
    #: YYYY-MM-DD
    retrieved_date: str | None
    #: Completeness note of the text ("full …", "partial …")
    completeness: str | None


class ResponseRules(TypedDict):
    """Other keys may be present."""

    #: Where the record came from
    provenance: Provenance
    #: The initial deadline's citation
    citation: str | None


class FeeRules(TypedDict):
    """Other keys may be present."""

    #: Where the record came from
    provenance: Provenance


AppealRules: TypeAlias = FeeRules


RequesterRules: TypeAlias = FeeRules


class AgencyObligation(TypedDict):
    id: str
    statement: str
    citation: str | None
    #: Where the record came from
    provenance: Provenance


class OversightBody(TypedDict):
    """Other keys may be present."""

    #: Where the record came from
    provenance: Provenance
    id: str
    name: str
    role: str | None
    url: str | None
    citation: str | None


FactField: TypeAlias = Literal["initial_response", "acknowledgment", "extension", "deemed_denial", "administrative_appeal", "court_review", "attorney_fees", "who_may_request", "fee_waiver", "search_fees", "copy_fees", "penalties", "request_recipient", "expedited_processing", "other_deadline"]


RequesterClass: TypeAlias = Literal["nonresident", "commercial", "media", "incarcerated", "own_records"]


SourceKind: TypeAlias = Literal["statute_text", "dataset", "summary", "citation_only"]


class Fact(TypedDict):
    id: str
    jurisdiction: str
    field: FactField
    #: Set when the fact is a variant for a class of requesters
    requester_class: RequesterClass | None
    applies_to: str | None
    #: The fact's value; its shape depends on `field` (docs/legal-facts.md)
    value: Any
    #: The value as a person reads it
    display: str
    #: Pinpoint citation
    citation: str
    #: The words that state the fact
    quote: str | None
    source_kind: SourceKind
    #: True only when the quote was found in the cited statute node of the corpus
    verified: bool
    #: The cited statute node, readable at /api/v1/documents/{id}
    section_id: str | None
    #: Date reviewed (YYYY-MM-DD)
    reviewed: str
    notes: str | None


class Jurisdiction(TypedDict):
    slug: str
    name: str
    type: JurisdictionType
    law: Law | None
    #: The computable initial response deadline; null when the jurisdiction has no response
    #: requirements yet
    initial_deadline: InitialDeadline | None
    counts: JurisdictionCounts
    #: Whether verbatim statute text is in the database, and how complete it is
    statute_text: StatuteText
    #: Version of the ingested records
    current_version: int | None
    #: ISO date-time of the last ingestion
    ingested_at: str | None
    documents: list[DocumentInfo]
    #: The derived response rules (deadlines, extension, tolling...)
    response_requirements: ResponseRules | None
    #: The derived fee rules
    fees: FeeRules | None
    #: The derived appeal steps and remedies
    appeals: AppealRules | None
    #: What a requester must or need not do, as derived
    requester_requirements: RequesterRules | None
    agency_obligations: list[AgencyObligation]
    oversight_bodies: list[OversightBody]
    #: Reviewed legal facts; they win over the derived records above
    facts: list[Fact]
    #: Where the sources disagree, and what the derivation did about it
    discrepancies: list[Any]


class FactPage(TypedDict):
    data: list[Fact]
    total: int
    next_cursor: None


class CrossReference(TypedDict):
    #: The cited statute node
    section_id: str
    label: str
    citation: str | None
    #: The citation as the citing text writes it
    citation_text: str


class RightSummary(TypedDict):
    id: str
    jurisdiction: str
    #: Right category (the `category` filter of /api/v2/transparency/rights)
    category: str
    title: str
    citation: str | None
    #: Verbatim statute text when `source_kind` is statute_text, else the best available source
    text: str
    #: Kind of source of `text`
    source_kind: str
    analysis: str
    conditions: str | None
    applies_to: str
    #: The statute node the right rests on
    section_id: str | None
    cross_references: list[CrossReference]
    #: Where the record came from
    provenance: Provenance
    #: Full-text rank (ts_rank_cd) of the match when the list was searched with `q`, else null
    rank: float | None


class RightPage(TypedDict):
    data: list[RightSummary]
    #: Items in the whole list, across pages
    total: int
    #: `cursor` of the next page; null on the last page
    next_cursor: str | None


RightCategory: TypeAlias = Literal["inspection", "copies", "timeliness", "format", "fees_and_waivers", "appeal", "judicial_review", "attorney_fees", "no_purpose_requirement", "no_identity_requirement", "no_residency_requirement", "segregable_release", "written_denial_with_reasons", "proactive_disclosure", "expedited_processing", "oversight_review", "mediation", "penalties_and_damages", "presumption_of_openness", "burden_on_agency", "assistance", "request_submission", "constitutional_right"]


class SectionExcerpt(TypedDict):
    #: Readable at /api/v2/transparency/sections/{id}
    id: str
    #: Statute label, e.g. "552(b)(6)"
    label: str
    citation: str | None
    heading: str | None
    text: str
    source_kind: str


class Right(TypedDict):
    id: str
    jurisdiction: str
    #: Right category (the `category` filter of /api/v2/transparency/rights)
    category: str
    title: str
    citation: str | None
    #: Verbatim statute text when `source_kind` is statute_text, else the best available source
    text: str
    #: Kind of source of `text`
    source_kind: str
    analysis: str
    conditions: str | None
    applies_to: str
    #: The statute node the right rests on
    section_id: str | None
    cross_references: list[CrossReference]
    #: Where the record came from
    provenance: Provenance
    #: Always null for a single record
    rank: None
    #: Source of `text`
    text_source_path: str
    implementation_notes: str | None
    request_tips: str | None
    #: The sources the right was derived from (quotes or structured fields)
    evidence: list[Any]
    section: SectionExcerpt | None


class ExemptionSummary(TypedDict):
    id: str
    jurisdiction: str
    #: Canonical category key (see /api/v2/transparency/exemption-categories)
    category: str
    category_label: str
    #: The label of the source
    raw_label: str
    #: How the category was chosen: label, keywords or fallback
    classified_by: str
    citation: str | None
    description: str
    scope: str | None
    notes: str | None
    #: The statute node the exemption rests on
    section_id: str | None
    cross_references: list[CrossReference]
    #: Where the record came from
    provenance: Provenance
    #: Full-text rank (ts_rank_cd) of the match when the list was searched with `q`, else null
    rank: float | None


class ExemptionPage(TypedDict):
    data: list[ExemptionSummary]
    #: Items in the whole list, across pages
    total: int
    #: `cursor` of the next page; null on the last page
    next_cursor: str | None


class RelatedExemption(TypedDict):
    id: str
    jurisdiction: str
    jurisdiction_name: str
    raw_label: str
    citation: str | None


class Exemption(TypedDict):
    id: str
    jurisdiction: str
    #: Canonical category key (see /api/v2/transparency/exemption-categories)
    category: str
    category_label: str
    #: The label of the source
    raw_label: str
    #: How the category was chosen: label, keywords or fallback
    classified_by: str
    citation: str | None
    description: str
    scope: str | None
    notes: str | None
    #: The statute node the exemption rests on
    section_id: str | None
    cross_references: list[CrossReference]
    #: Where the record came from
    provenance: Provenance
    #: Always null for a single record
    rank: None
    section: SectionExcerpt | None
    #: Exemptions of other jurisdictions in the same category
    related_exemptions: list[RelatedExemption]


class ExemptionCategory(TypedDict):
    key: str
    label: str
    description: str
    exemption_count: int
    #: Jurisdictions having at least one exemption in the category
    jurisdiction_count: int


class ExemptionCategoryPage(TypedDict):
    data: list[ExemptionCategory]
    #: Items in the whole list, across pages
    total: int
    #: `cursor` of the next page; null on the last page
    next_cursor: str | None


class StatuteNode(TypedDict):
    id: str
    jurisdiction: str
    document_id: str
    #: Statute label, e.g. "552(b)(6)"
    label: str
    #: The top-level section, e.g. "552"
    section_number: str
    #: Designators below the section, e.g. ["b", "6"]
    path: list[str]
    parent_label: str | None
    heading: str | None
    #: Verbatim text
    text: str
    #: 0 for a section, 1 for its subsections…
    depth: int
    #: Position in document order
    ordinal: int
    citation: str | None
    #: Where the record came from
    provenance: Provenance


class ResolvedCitation(TypedDict):
    input: str
    section_id: str
    label: str
    citation: str | None
    #: False when the database has only an ancestor of the node asked for
    exact: bool


class StatutePage(TypedDict):
    data: list[StatuteNode]
    #: Items in the whole list, across pages
    total: int
    #: `cursor` of the next page; null on the last page
    next_cursor: str | None
    jurisdiction: str
    #: True when the jurisdiction was read from the citation's code name
    jurisdiction_detected: bool
    document: DocumentInfo
    #: How `section` or `citation` was resolved; null without either
    resolved: ResolvedCitation | None


class SectionRef(TypedDict):
    #: Readable at /api/v2/transparency/sections/{id}
    id: str
    #: Statute label, e.g. "552(b)(6)"
    label: str
    citation: str | None
    heading: str | None


ReferenceSourceType: TypeAlias = Literal["section", "right", "exemption"]


class IncomingReference(TypedDict):
    from_type: ReferenceSourceType
    from_id: str
    #: Label of the citing section, title of the right, or raw label of the exemption
    from_label: str | None
    from_citation: str | None
    #: The citation as the citing text writes it
    citation_text: str


class SectionCrossReferences(TypedDict):
    #: Citations the section makes
    outgoing: list[CrossReference]
    #: Citations of the section from sections, rights and exemptions
    incoming: list[IncomingReference]


class Section(TypedDict):
    id: str
    jurisdiction: str
    document_id: str
    #: Statute label, e.g. "552(b)(6)"
    label: str
    #: The top-level section, e.g. "552"
    section_number: str
    #: Designators below the section, e.g. ["b", "6"]
    path: list[str]
    parent_label: str | None
    heading: str | None
    #: Verbatim text
    text: str
    #: 0 for a section, 1 for its subsections…
    depth: int
    #: Position in document order
    ordinal: int
    citation: str | None
    #: Where the record came from
    provenance: Provenance
    document: DocumentInfo
    parent: SectionRef | None
    children: list[SectionRef]
    #: The previous node at the same depth under the same parent
    previous: SectionRef | None
    #: The next node at the same depth under the same parent
    next: SectionRef | None
    cross_references: SectionCrossReferences


CompareField: TypeAlias = Literal["initial_deadline", "fee_waiver", "copy_fee_per_page", "search_fee", "attorney_fees", "residency_required", "purpose_required", "identification_required", "administrative_appeal_required", "appeal_route", "oversight_body", "statute_text_available", "exemption_count", "rights_count", "acknowledgment", "extension", "deemed_denial", "administrative_appeal", "court_review", "who_may_request", "request_recipient", "expedited_processing", "penalties", "nonresident_deadline", "other_deadlines"]


class ComparisonRow(TypedDict):
    jurisdiction: str
    name: str
    #: The value; its shape depends on the field. Null where the sources say nothing
    value: Any
    #: The value as a person reads it ("20 business days", "Not stated")
    display: str
    citation: str | None
    #: statute_text, summary, dataset or citation_only for a reviewed fact ('mixed' across several);
    #: the derived record's kind otherwise
    source_kind: str | None
    #: The words that state the value (a reviewed fact's quote), else null
    quote: str | None
    #: True only when the quote was found in the cited statute node of the corpus
    verified: bool
    #: Date the fact was reviewed; null for a value derived without review
    reviewed: str | None
    #: The statute node the reviewed fact's citation resolves to (GET /api/v1/documents/{id}); for
    #: several citations, the first one's
    section_id: str | None


class Comparison(TypedDict):
    field: CompareField
    label: str
    description: str
    data: list[ComparisonRow]
    total: int
    next_cursor: None


class RequesterInput(TypedDict):
    name: NotRequired[str | None]
    email: NotRequired[str | None]
    phone: NotRequired[str | None]
    address: NotRequired[str | None]
    organization: NotRequired[str | None]


class AgencyInput(TypedDict):
    name: str
    email: NotRequired[str | None]
    portal_url: NotRequired[str | None]
    address: NotRequired[str | None]
    directory_id: NotRequired[str | None]


DateRangeInput = TypedDict("DateRangeInput", {
    "from": NotRequired[str | None],
    "to": NotRequired[str | None],
})


InitialFoiaStatus: TypeAlias = Literal["draft", "submitted"]


class FoiaRequestCreate(TypedDict):
    jurisdiction: str
    requester_class: NotRequired[RequesterClass | None]
    requester: NotRequired[RequesterInput | None]
    agency: AgencyInput
    subject: str
    description: str
    date_range: NotRequired[DateRangeInput | None]
    format_preference: NotRequired[str | None]
    fee_waiver_requested: NotRequired[bool | None]
    fee_waiver_justification: NotRequired[str | None]
    expedited_requested: NotRequired[bool | None]
    expedited_justification: NotRequired[str | None]
    max_fee: NotRequired[float | None]
    estimated_fee: NotRequired[float | None]
    paid_fee: NotRequired[float | None]
    tracking_numbers: NotRequired[list[str] | None]
    notes: NotRequired[str | None]
    tags: NotRequired[list[str] | None]
    status: NotRequired[InitialFoiaStatus]
    submitted_at: NotRequired[str]
    note: NotRequired[str | None]


class Requester(TypedDict):
    """Who signs the letter"""

    name: str | None
    email: str | None
    phone: str | None
    address: str | None
    organization: str | None


class Agency(TypedDict):
    name: str
    email: str | None
    portal_url: str | None
    address: str | None
    #: The agency’s entry in the directory (GET /api/foia/agencies/{id}), if the request names one
    directory_id: str | None


FoiaStatus: TypeAlias = Literal["draft", "submitted", "acknowledged", "processing", "fix_required", "payment_required", "fulfilled", "partially_fulfilled", "denied", "no_responsive_records", "appealed", "in_litigation", "withdrawn"]


DateRange = TypedDict("DateRange", {
    #: YYYY-MM-DD
    "from": str | None,
    #: YYYY-MM-DD
    "to": str | None,
})


DeadlineClock: TypeAlias = Literal["not_started", "running", "paused", "stopped"]


class ResponseDeadline(TypedDict):
    clock: DeadlineClock
    time_zone: str
    days: int | None
    unit: DeadlineUnit | None
    #: Pinpoint citation of the deadline applied (the requester-class variant when one applies)
    citation: str | None
    no_fixed_deadline_reason: str | None
    after_hours_cutoff: str | None
    #: YYYY-MM-DD
    received_on: str | None
    #: YYYY-MM-DD
    paused_on: str | None
    remaining_days: int | None
    explanation: list[str]


class AppealFilingDeadline(TypedDict):
    actor: Literal["requester"]
    #: YYYY-MM-DD
    date: str
    days: int
    unit: DeadlineUnit
    #: YYYY-MM-DD
    counted_from: str
    citation: str
    quote: str | None


class AppealDeadline(TypedDict):
    #: The body that decides the appeal, in the law’s words
    decided_by: str | None
    #: The deciding body’s time to decide, from the filing of the appeal
    days: int | None
    unit: DeadlineUnit | None
    citation: str | None
    quote: str | None
    #: The requester’s own deadline to file an appeal, while the request is denied or partially
    #: fulfilled
    file_by: AppealFilingDeadline | None
    explanation: list[str]


StatusChange = TypedDict("StatusChange", {
    "from": FoiaStatus | None,
    "to": FoiaStatus,
    #: ISO date-time
    "at": str,
    "note": str | None,
})


FoiaAttachmentKind: TypeAlias = Literal["agency_letter", "released_records", "our_letter", "correspondence", "other"]


class FoiaAttachment(TypedDict):
    id: str
    request_id: str
    filename: str
    kind: FoiaAttachmentKind
    description: str | None
    #: The object in your storage: GET /api/storage/objects/{key} (read:storage) also returns it
    object_key: str
    content_type: str
    size: int
    sha256: str
    #: ISO 8601
    created_at: str


class FoiaRequest(TypedDict):
    id: str
    jurisdiction: str
    requester_class: RequesterClass | None
    #: Who signs the letter
    requester: Requester | None
    agency: Agency
    subject: str
    description: str
    status: FoiaStatus
    allowed_transitions: list[FoiaStatus]
    tracking_numbers: list[str]
    date_range: DateRange
    format_preference: str | None
    fee_waiver_requested: bool
    fee_waiver_justification: str | None
    expedited_requested: bool
    expedited_justification: str | None
    max_fee: float | None
    estimated_fee: float | None
    paid_fee: float | None
    #: ISO date-time
    submitted_at: str | None
    #: ISO date-time
    acknowledged_at: str | None
    #: YYYY-MM-DD
    due_date: str | None
    #: ISO date-time
    completed_at: str | None
    #: ISO date-time
    appealed_at: str | None
    #: The deciding body’s last day to decide the appeal, where the law gives one
    appeal_due_date: str | None
    days_until_due: int | None
    overdue: bool
    deadline: ResponseDeadline
    appeal_deadline: AppealDeadline | None
    notes: str | None
    tags: list[str]
    #: ISO date-time
    created_at: str
    #: ISO date-time
    updated_at: str
    version: int
    history: NotRequired[list[StatusChange]]
    #: On single-request responses: its attachments, oldest first
    attachments: NotRequired[list[FoiaAttachment]]


class FoiaRequestSummary(TypedDict):
    id: str
    jurisdiction: str
    requester_class: RequesterClass | None
    #: Who signs the letter
    requester: Requester | None
    agency: Agency
    subject: str
    description: str
    status: FoiaStatus
    allowed_transitions: list[FoiaStatus]
    tracking_numbers: list[str]
    date_range: DateRange
    format_preference: str | None
    fee_waiver_requested: bool
    fee_waiver_justification: str | None
    expedited_requested: bool
    expedited_justification: str | None
    max_fee: float | None
    estimated_fee: float | None
    paid_fee: float | None
    #: ISO date-time
    submitted_at: str | None
    #: ISO date-time
    acknowledged_at: str | None
    #: YYYY-MM-DD
    due_date: str | None
    #: ISO date-time
    completed_at: str | None
    #: ISO date-time
    appealed_at: str | None
    #: The deciding body’s last day to decide the appeal, where the law gives one
    appeal_due_date: str | None
    days_until_due: int | None
    overdue: bool
    deadline: ResponseDeadline
    appeal_deadline: AppealDeadline | None
    notes: str | None
    tags: list[str]
    #: ISO date-time
    created_at: str
    #: ISO date-time
    updated_at: str
    version: int


class FoiaRequestPage(TypedDict):
    data: list[FoiaRequestSummary]
    total: int
    next_cursor: str | None


FoiaSort: TypeAlias = Literal["due_date", "-due_date", "updated_at", "-updated_at"]


class AgencyPatch(TypedDict):
    name: NotRequired[str | None]
    email: NotRequired[str | None]
    portal_url: NotRequired[str | None]
    address: NotRequired[str | None]
    directory_id: NotRequired[str | None]


class FoiaRequestPatch(TypedDict):
    jurisdiction: NotRequired[str | None]
    requester_class: NotRequired[RequesterClass | None]
    requester: NotRequired[RequesterInput | None]
    agency: NotRequired[AgencyPatch | None]
    subject: NotRequired[str | None]
    description: NotRequired[str | None]
    date_range: NotRequired[DateRangeInput | None]
    format_preference: NotRequired[str | None]
    fee_waiver_requested: NotRequired[bool | None]
    fee_waiver_justification: NotRequired[str | None]
    expedited_requested: NotRequired[bool | None]
    expedited_justification: NotRequired[str | None]
    max_fee: NotRequired[float | None]
    estimated_fee: NotRequired[float | None]
    paid_fee: NotRequired[float | None]
    tracking_numbers: NotRequired[list[str] | None]
    notes: NotRequired[str | None]
    tags: NotRequired[list[str] | None]
    status: NotRequired[FoiaStatus]
    submitted_at: NotRequired[str]
    acknowledged_at: NotRequired[str]
    completed_at: NotRequired[str]
    appealed_at: NotRequired[str]
    note: NotRequired[str]


class PreviewDeadline(TypedDict):
    """The law’s deadline with its pinpoint citation, and the computation step by step (holidays skipped named)"""

    days: int | None
    unit: DeadlineUnit | None
    #: Pinpoint citation of the deadline applied (the requester-class variant when one applies)
    citation: str | None
    no_fixed_deadline_reason: str | None
    after_hours_cutoff: str | None
    #: YYYY-MM-DD
    received_on: str | None
    remaining_days: int | None
    explanation: list[str]


class PreviewLetter(TypedDict):
    """The request letter as create would render it (a draft’s letter states no due date, as the letter route gives it)"""

    text: str
    markdown: str


class FoiaPreview(TypedDict):
    jurisdiction: str
    requester_class: RequesterClass | None
    status: InitialFoiaStatus
    #: The jurisdiction’s zone, in which receipt and due dates are read
    time_zone: str
    #: The submission instant the deadline is counted from
    submitted_at: str
    #: True for a draft: create stores no due date for it, so this is the deadline a submission at
    #: the time of the preview would get
    submitted_at_assumed: bool
    #: The last day for the initial response; null where the law sets no number of days
    due_date: str | None
    #: Calendar days from today (in the jurisdiction’s zone) to the due date
    days_until_due: int | None
    #: The law’s deadline with its pinpoint citation, and the computation step by step (holidays
    #: skipped named)
    deadline: PreviewDeadline
    #: The request letter as create would render it (a draft’s letter states no due date, as the
    #: letter route gives it)
    letter: PreviewLetter


LetterFormat: TypeAlias = Literal["text", "markdown", "pdf"]


GetApiFoiaRequestsIdRemindersResponseItemKind: TypeAlias = Literal["due_soon", "overdue"]


class GetApiFoiaRequestsIdRemindersResponseItem(TypedDict):
    id: int
    request_id: str
    #: due_soon: the due date is near (FOIA_REMINDER_WITHIN_DAYS, 3 by default); overdue: it has
    #: passed
    kind: GetApiFoiaRequestsIdRemindersResponseItemKind
    #: The due date the reminder is about (a pause and resume may since have moved the request’s)
    due_date: str
    #: Calendar days from the day it was recorded (in the agency’s zone) to the due date; negative
    #: when overdue (-1: one day late)
    days_until_due: int
    #: When the reminder was recorded
    created_at: str


class Upcoming(TypedDict):
    kind: Literal["due_soon"]
    #: The day (in the agency’s zone) the reminder job records it: FOIA_REMINDER_WITHIN_DAYS before
    #: the due date, or today if that day has passed
    on: str
    #: YYYY-MM-DD
    due_date: str


class GetApiFoiaRequestsIdRemindersResponse(TypedDict):
    data: list[GetApiFoiaRequestsIdRemindersResponseItem]
    #: Reminders in the whole list, across pages
    total: int
    #: `cursor` of the next page; null on the last page
    next_cursor: str | None
    #: When the next due_soon reminder will be recorded; null when none will: the clock does not
    #: run, there is no due date, one is already recorded for this due date, or the due date has
    #: passed
    upcoming: Upcoming | None


class GetApiFoiaRemindersResponseItem(TypedDict):
    id: int
    request_id: str
    #: due_soon: the due date is near (FOIA_REMINDER_WITHIN_DAYS, 3 by default); overdue: it has
    #: passed
    kind: GetApiFoiaRequestsIdRemindersResponseItemKind
    #: The due date the reminder is about (a pause and resume may since have moved the request’s)
    due_date: str
    #: Calendar days from the day it was recorded (in the agency’s zone) to the due date; negative
    #: when overdue (-1: one day late)
    days_until_due: int
    #: When the reminder was recorded
    created_at: str
    #: The request’s subject
    subject: str
    #: The agency’s name
    agency_name: str


class GetApiFoiaRemindersResponse(TypedDict):
    data: list[GetApiFoiaRemindersResponseItem]
    #: Reminders in the whole list, across pages
    total: int
    #: `cursor` of the next page; null on the last page
    next_cursor: str | None


class FoiaAttachmentPage(TypedDict):
    data: list[FoiaAttachment]
    total: int
    next_cursor: None


FoiaAgencyKind: TypeAlias = Literal["records", "oversight"]


FoiaAgencySource: TypeAlias = Literal["corpus", "user"]


class FoiaAgency(TypedDict):
    id: str
    jurisdiction: str
    name: str
    kind: FoiaAgencyKind
    email: str | None
    portal_url: str | None
    postal_address: str | None
    phone: str | None
    #: The officer the law names to receive requests, in the law’s words; null when the law states
    #: none (or, on your own entry, your own words)
    records_officer_title: str | None
    #: Where the law names that officer; null for a title you wrote
    records_officer_citation: str | None
    notes: str | None
    #: The directory entry your entry adapts
    based_on: str | None
    #: corpus: the shared directory (read only); user: your own entry
    source: FoiaAgencySource
    #: The corpus file and field a directory entry comes from
    source_ref: str | None
    created_at: str
    updated_at: str


class FoiaAgencyPage(TypedDict):
    data: list[FoiaAgency]
    total: int
    next_cursor: str | None


class FoiaAgencyCreate(TypedDict):
    name: NotRequired[str]
    jurisdiction: NotRequired[str]
    email: NotRequired[str | None]
    portal_url: NotRequired[str | None]
    postal_address: NotRequired[str | None]
    phone: NotRequired[str | None]
    records_officer_title: NotRequired[str | None]
    notes: NotRequired[str | None]
    based_on: NotRequired[str]


class FoiaAgencyStatistics(TypedDict):
    """Aggregates only, never a request; medians and shares are null below three requests"""

    #: YYYY-MM-DD, today in the agency’s time zone
    as_of: str
    #: Requests submitted to the agency, by every user of Sunlight
    requests: int
    #: Of those, with a first response (acknowledged or completed)
    answered: int
    completed: int
    median_days_to_first_response: float | None
    median_days_to_completion: float | None
    share_overdue: float | None
    #: Fulfilled in full, of the completed requests
    share_fully_granted: float | None


class FoiaAgencyWithStatistics(TypedDict):
    id: str
    jurisdiction: str
    name: str
    kind: FoiaAgencyKind
    email: str | None
    portal_url: str | None
    postal_address: str | None
    phone: str | None
    #: The officer the law names to receive requests, in the law’s words; null when the law states
    #: none (or, on your own entry, your own words)
    records_officer_title: str | None
    #: Where the law names that officer; null for a title you wrote
    records_officer_citation: str | None
    notes: str | None
    #: The directory entry your entry adapts
    based_on: str | None
    #: corpus: the shared directory (read only); user: your own entry
    source: FoiaAgencySource
    #: The corpus file and field a directory entry comes from
    source_ref: str | None
    created_at: str
    updated_at: str
    #: Aggregates only, never a request; medians and shares are null below three requests
    statistics: FoiaAgencyStatistics


class FoiaAgencyPatch(TypedDict):
    name: NotRequired[str]
    email: NotRequired[str | None]
    portal_url: NotRequired[str | None]
    postal_address: NotRequired[str | None]
    phone: NotRequired[str | None]
    records_officer_title: NotRequired[str | None]
    notes: NotRequired[str | None]


RecordType: TypeAlias = Literal["statute_section", "summary", "process_map", "right", "exemption"]


class SearchFilters(TypedDict):
    #: Jurisdiction slugs (e.g. "texas", "federal"); unknown slugs are a 400
    jurisdictions: NotRequired[list[str]]
    #: Record types: statute_section, summary, process_map, right, exemption
    types: NotRequired[list[RecordType]]
    #: Right categories or exemption categories; only rights and exemptions have one, so other types
    #: drop out
    categories: NotRequired[list[str]]


SearchMode: TypeAlias = Literal["hybrid", "vector", "keyword"]


class SearchRequest(TypedDict):
    #: A question, keywords or a citation ("§ 552.301", "RCW 42.56.070", "FOIA exemption 6")
    query: str
    #: Hits per page, at most 50
    limit: NotRequired[int]
    #: next_cursor of the previous page of the same search
    cursor: NotRequired[str]
    filters: NotRequired[SearchFilters]
    #: Both sides fused (default), or one side alone
    mode: NotRequired[SearchMode]
    #: Ids of your own collections (at most 10, needs read:vectors) to search beside the law: their
    #: best items come in `collection_hits`. Another user's or an unknown id is a 404; a collection
    #: of your own vectors is a 400
    collections: NotRequired[list[str]]


KeywordMatch: TypeAlias = Literal["citation", "text"]


class KeywordScore(TypedDict):
    #: 1-based rank on that side
    rank: int
    #: The side's own score (full-text rank, or cosine similarity)
    score: float
    #: "citation" for records the query cites
    match: KeywordMatch


class VectorScore(TypedDict):
    #: 1-based rank on that side
    rank: int
    #: The side's own score (full-text rank, or cosine similarity)
    score: float


class ScoreComponents(TypedDict):
    #: The keyword side; null when it did not find the record
    keyword: KeywordScore | None
    #: The vector side; null when it did not find the record
    vector: VectorScore | None


class Source(TypedDict):
    """Where the hit comes from: the law (hits of your collections are in `collection_hits`)"""

    kind: Literal["law"]


class SearchHit(TypedDict):
    #: Readable at /api/v1/documents/{id}
    id: str
    type: RecordType
    jurisdiction: str
    citation: str | None
    title: str
    #: The best passages, with the query's terms between « and »
    snippet: str
    #: The fused reciprocal-rank score (the order of the list)
    score: float
    components: ScoreComponents
    #: Where the hit comes from: the law (hits of your collections are in `collection_hits`)
    source: Source


JurisdictionsSource: TypeAlias = Literal["filter", "query"]


class InterpretedCitation(TypedDict):
    input: str
    section_id: str
    exact: bool


class SearchInterpretation(TypedDict):
    """How the query was read"""

    #: The mode that ran: hybrid runs keyword only when no vector index is configured or the vector
    #: side fails
    mode: SearchMode
    jurisdictions: list[str]
    #: Where the jurisdictions came from: the request's filter, the query's words, or neither
    jurisdictions_from: JurisdictionsSource | None
    #: Citations read in the query and the sections they resolve to
    citations: list[InterpretedCitation]


class CollectionHitSource(TypedDict):
    kind: Literal["collection"]
    collection_id: str
    collection_name: str
    #: The item, at /api/vectors/collections/{collection_id}/items/{item_id}
    item_id: str


class CollectionHit(TypedDict):
    #: The item's id in its collection
    id: str
    #: The chunk of the item that matched
    text: str | None
    metadata: dict[str, str | float | bool | None]
    #: Cosine similarity of the query and the chunk, higher is nearer (the order of the list)
    score: float
    #: Position of the matching chunk within the item, from 0
    chunk: int
    source: CollectionHitSource


class SearchPage(TypedDict):
    data: list[SearchHit]
    #: Records that matched, across pages (at most 100, the depth a search pages through): a keyword
    #: match contains the query terms, a vector match passes the relevance floor; 0 when nothing
    #: matched
    total: int
    #: `cursor` of the next page of the same search; null on the last page
    next_cursor: str | None
    #: How the query was read
    interpreted: SearchInterpretation
    #: Only when `collections` was given: the best items of those collections for the query, best
    #: first, at most `limit`, on the first page only (empty on pages reached with a cursor). Kept
    #: apart from `data`: their cosine scores are not comparable with the law's fused scores.
    collection_hits: NotRequired[list[CollectionHit]]


class DocumentNeighbour(TypedDict):
    id: str
    #: The statute label of a section; null for rights and exemptions
    label: str | None
    citation: str | None
    title: str | None


class DocumentNeighbours(TypedDict):
    """Sections in document order; rights and exemptions in their jurisdiction's order"""

    previous: DocumentNeighbour | None
    next: DocumentNeighbour | None


StatuteRecordType: TypeAlias = Literal["statute_section", "summary", "process_map"]


class SectionSiblings(TypedDict):
    """The previous and next node at the same depth under the same parent"""

    previous: SectionRef | None
    next: SectionRef | None


class SectionDocumentMetadata(TypedDict):
    """The section's document, label, parent, children and siblings"""

    document_id: str
    #: Statute label, e.g. "552(b)(6)"
    label: str
    #: The top-level section, e.g. "552"
    section_number: str
    #: Designators below the section, e.g. ["b", "6"]
    path: list[str]
    parent_label: str | None
    heading: str | None
    #: 0 for a section, 1 for its subsections…
    depth: int
    #: Position in document order
    ordinal: int
    document: DocumentInfo
    parent: SectionRef | None
    children: list[SectionRef]
    #: The previous and next node at the same depth under the same parent
    siblings: SectionSiblings


class SectionDocument(TypedDict):
    id: str
    jurisdiction: str
    citation: str | None
    title: str
    #: Verbatim statute text of a section or right; the description of an exemption
    text: str
    #: Where the record came from
    provenance: Provenance
    #: Sections in document order; rights and exemptions in their jurisdiction's order
    neighbours: DocumentNeighbours
    cross_references: SectionCrossReferences
    type: StatuteRecordType
    #: The section's document, label, parent, children and siblings
    metadata: SectionDocumentMetadata


class RightDocumentMetadata(TypedDict):
    """The right's category, analysis, evidence and linked section"""

    #: Right category (the `category` filter of /api/v2/transparency/rights)
    category: str
    #: Kind of source of `text`
    source_kind: str
    analysis: str
    conditions: str | None
    applies_to: str
    #: The statute node the right rests on
    section_id: str | None
    #: Source of `text`
    text_source_path: str
    implementation_notes: str | None
    request_tips: str | None
    #: The sources the right was derived from (quotes or structured fields)
    evidence: list[Any]
    section: SectionExcerpt | None


class RightDocument(TypedDict):
    id: str
    jurisdiction: str
    citation: str | None
    title: str
    #: Verbatim statute text of a section or right; the description of an exemption
    text: str
    #: Where the record came from
    provenance: Provenance
    #: Sections in document order; rights and exemptions in their jurisdiction's order
    neighbours: DocumentNeighbours
    cross_references: SectionCrossReferences
    type: Literal["right"]
    #: The right's category, analysis, evidence and linked section
    metadata: RightDocumentMetadata


class ExemptionDocumentMetadata(TypedDict):
    """The exemption's category, scope, linked section and related exemptions elsewhere"""

    #: Canonical category key (see /api/v2/transparency/exemption-categories)
    category: str
    category_label: str
    #: The label of the source
    raw_label: str
    #: How the category was chosen: label, keywords or fallback
    classified_by: str
    scope: str | None
    notes: str | None
    #: The statute node the exemption rests on
    section_id: str | None
    section: SectionExcerpt | None
    #: Exemptions of other jurisdictions in the same category
    related_exemptions: list[RelatedExemption]


class ExemptionDocument(TypedDict):
    id: str
    jurisdiction: str
    citation: str | None
    title: str
    #: Verbatim statute text of a section or right; the description of an exemption
    text: str
    #: Where the record came from
    provenance: Provenance
    #: Sections in document order; rights and exemptions in their jurisdiction's order
    neighbours: DocumentNeighbours
    cross_references: SectionCrossReferences
    type: Literal["exemption"]
    #: The exemption's category, scope, linked section and related exemptions elsewhere
    metadata: ExemptionDocumentMetadata


Document: TypeAlias = SectionDocument | RightDocument | ExemptionDocument


ChatMode: TypeAlias = Literal["answer", "research"]


class ChatRequest(TypedDict):
    #: The question
    message: str
    #: Continue this conversation (the caller's own)
    conversation_id: NotRequired[str]
    #: Jurisdiction slugs the question is about
    jurisdictions: NotRequired[list[str]]
    #: Server-Sent Events (default) or one JSON body
    stream: NotRequired[bool]
    #: "research" runs a multi-step research workflow
    mode: NotRequired[ChatMode]


MessageStatus: TypeAlias = Literal["complete", "running", "failed", "cancelled"]


class ChatCitation(TypedDict):
    #: A law record id that GET /api/v1/documents/{id} resolves
    id: str
    #: The record's own legal citation, when it has one
    citation: str | None
    jurisdiction: str
    #: Verbatim text of the record that states the claim (pieces of one node may be joined with " …
    #: ")
    quote: str


SourceFoundBy: TypeAlias = Literal["lookup", "search"]


class ChatSource(TypedDict):
    id: str
    type: RecordType
    jurisdiction: str
    citation: str | None
    title: str
    #: Read by a structured lookup, or retrieved by search
    found_by: SourceFoundBy


class ChatAnswer(TypedDict):
    conversation_id: str
    message_id: str
    mode: ChatMode
    status: MessageStatus
    #: The answer with [n] citation markers
    answer: str
    #: Marker n is citations[n-1]
    citations: list[ChatCitation]
    sources: list[ChatSource]
    #: How the answer was made: kind, jurisdictions, model, phrased, rejected sentences, removed
    #: citations, usage, premise_corrected, timing
    meta: dict[str, Any]
    #: Research mode: the workflow id, plan, progress and comparison table
    research: dict[str, Any] | None


class ConversationSummary(TypedDict):
    id: str
    title: str
    message_count: int
    #: ISO date-time
    created_at: str
    #: ISO date-time
    updated_at: str


class ConversationPage(TypedDict):
    data: list[ConversationSummary]
    total: int
    next_cursor: str | None


MessageRole: TypeAlias = Literal["user", "assistant"]


class ChatMessage(TypedDict):
    id: str
    conversation_id: str
    role: MessageRole
    mode: ChatMode
    status: MessageStatus
    content: str
    citations: list[ChatCitation]
    sources: list[ChatSource]
    research: dict[str, Any] | None
    meta: dict[str, Any]
    #: ISO date-time
    created_at: str
    #: ISO date-time
    updated_at: str


class Conversation(TypedDict):
    id: str
    title: str
    message_count: int
    #: ISO date-time
    created_at: str
    #: ISO date-time
    updated_at: str
    messages: list[ChatMessage]


class StoredObject(TypedDict):
    key: str
    #: Bytes
    size: int
    #: SHA-256 of the bytes, lower-case hex
    sha256: str
    #: Strong entity tag (the SHA-256, quoted), as sent in ETag
    etag: str
    #: The media type stored with the object, sent back as Content-Type
    content_type: str
    #: ISO 8601
    created_at: str
    #: ISO 8601: when the current bytes were stored (Last-Modified)
    updated_at: str


class StoredObjectPage(TypedDict):
    data: list[StoredObject]
    total: int
    next_cursor: str | None


PacketFormat: TypeAlias = Literal["pdf", "markdown", "html"]


class JurisdictionProfilePart(TypedDict):
    kind: Literal["jurisdiction_profile"]
    #: e.g. "texas"
    jurisdiction: str


class ComparisonPart(TypedDict):
    kind: Literal["comparison"]
    #: Fields of GET /api/v2/transparency/compare
    fields: list[CompareField]
    #: "all", or jurisdiction slugs
    jurisdictions: Literal["all"] | list[str]


class StatutePart(TypedDict):
    kind: Literal["statute"]
    #: A citation in any usual spelling: "Tex. Gov't Code § 552.301", "RCW 42.56.070"
    citation: str
    #: Needed when the citation does not name its code
    jurisdiction: NotRequired[str]


class SearchPart(TypedDict):
    kind: Literal["search"]
    query: str
    filters: NotRequired[SearchFilters]
    #: Results included, at most 25
    limit: NotRequired[int]


class ConversationPart(TypedDict):
    kind: Literal["conversation"]
    #: One of your research conversations
    id: str


class FoiaRequestPart(TypedDict):
    kind: Literal["foia_request"]
    #: One of your FOIA requests
    id: str


CompilePart: TypeAlias = JurisdictionProfilePart | ComparisonPart | StatutePart | SearchPart | ConversationPart | FoiaRequestPart


class CompileRequest(TypedDict):
    title: str
    #: pdf, markdown and/or html (default pdf and markdown)
    formats: NotRequired[list[PacketFormat]]
    #: 1 to 60 parts, compiled in this order
    parts: list[CompilePart]


CompilationStatus: TypeAlias = Literal["queued", "running", "completed", "failed", "cancelled"]


class CompilationProgress(TypedDict):
    #: Parts gathered
    done: int
    #: Parts in all
    total: int
    #: What it is doing now
    step: str


class CompilationOutput(TypedDict):
    format: PacketFormat
    #: An object of yours: GET /api/storage/objects/{key} returns it
    key: str
    size: int
    sha256: str
    content_type: str


CompilePartKind: TypeAlias = Literal["jurisdiction_profile", "comparison", "statute", "search", "conversation", "foia_request"]


class PartFailure(TypedDict):
    #: 1-based position in parts
    index: int
    kind: CompilePartKind
    reason: str


class CompiledSearchPart(TypedDict):
    kind: Literal["search"]
    query: str
    filters: NotRequired[SearchFilters]
    #: Results included, at most 25
    limit: int


CompiledPart: TypeAlias = JurisdictionProfilePart | ComparisonPart | StatutePart | CompiledSearchPart | ConversationPart | FoiaRequestPart


class CompilationLinks(TypedDict):
    self: str
    cancel: str
    #: format → URL of the stored output
    outputs: dict[str, str]


class Compilation(TypedDict):
    id: str
    title: str
    status: CompilationStatus
    progress: CompilationProgress
    outputs: list[CompilationOutput]
    #: Parts that could not be compiled; the packet says so in their place
    part_failures: list[PartFailure]
    #: SHA-256 of the request, the law database version and everything gathered (on completion)
    fingerprint: str | None
    error: str | None
    formats: list[PacketFormat]
    parts: list[CompiledPart]
    created_at: str
    updated_at: str
    finished_at: str | None
    links: CompilationLinks


class CompilationPage(TypedDict):
    data: list[Compilation]
    total: int
    next_cursor: str | None


WorkflowTypeName: TypeAlias = Literal["reingest", "compile", "research", "export", "foia-digest"]


class WorkflowType(TypedDict):
    type: WorkflowTypeName
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any]


class WorkflowCatalogue(TypedDict):
    data: list[WorkflowType]


class WebhookSecret(TypedDict):
    secret: str
    header: str
    algorithm: str
    signed_payload: str
    tolerance_seconds: int


class ReingestInput(TypedDict):
    #: Default: every jurisdiction of the corpus
    jurisdictions: NotRequired[list[str]]
    force: NotRequired[bool]


class WebhookTarget(TypedDict):
    #: Receives the signed event when the run completes, fails or is cancelled
    url: str


class StartReingestRequest(TypedDict):
    type: Literal["reingest"]
    input: NotRequired[ReingestInput]
    webhook: NotRequired[WebhookTarget]


class StartCompileRequest(TypedDict):
    type: Literal["compile"]
    input: CompileRequest
    webhook: NotRequired[WebhookTarget]


class ResearchInput(TypedDict):
    question: str
    jurisdictions: NotRequired[list[str]]


class StartResearchRequest(TypedDict):
    type: Literal["research"]
    input: ResearchInput
    webhook: NotRequired[WebhookTarget]


ExportFormat: TypeAlias = Literal["csv", "json"]


class ExportInput(TypedDict):
    formats: NotRequired[list[ExportFormat]]
    jurisdictions: NotRequired[list[str]]


class StartExportRequest(TypedDict):
    type: Literal["export"]
    input: NotRequired[ExportInput]
    webhook: NotRequired[WebhookTarget]


class FoiaDigestInput(TypedDict):
    within_days: NotRequired[int]


class StartFoiaDigestRequest(TypedDict):
    type: Literal["foia-digest"]
    input: NotRequired[FoiaDigestInput]
    webhook: NotRequired[WebhookTarget]


StartWorkflowRequest: TypeAlias = StartReingestRequest | StartCompileRequest | StartResearchRequest | StartExportRequest | StartFoiaDigestRequest


class WorkflowRunProgress(TypedDict):
    step: str
    done: NotRequired[int]
    total: NotRequired[int]


class WorkflowRunLinks(TypedDict):
    self: str
    cancel: str
    deliveries: str
    #: The Temporal workflow id (search attributes SunlightRunType, SunlightClient)
    workflow_id: str


class WorkflowRun(TypedDict):
    id: str
    type: WorkflowTypeName
    status: CompilationStatus
    #: The input as validated (defaults filled in)
    input: Any
    progress: WorkflowRunProgress | None
    #: The type’s result (see the catalogue); its links name what the run stored
    result: dict[str, Any] | None
    error: str | None
    webhook: WebhookTarget | None
    created_at: str
    started_at: str | None
    finished_at: str | None
    duration_ms: int | None
    links: WorkflowRunLinks


class WorkflowRunPage(TypedDict):
    data: list[WorkflowRun]
    total: int
    next_cursor: str | None


WebhookDeliveryOutcome: TypeAlias = Literal["delivered", "failed", "refused"]


class WebhookDelivery(TypedDict):
    event_id: str
    attempt: int
    url: str
    status_code: int | None
    outcome: WebhookDeliveryOutcome
    error: str | None
    latency_ms: int
    attempted_at: str


class WebhookDeliveryPage(TypedDict):
    data: list[WebhookDelivery]
    total: int
    next_cursor: None


class Profile(TypedDict):
    name: str | None
    organization: str | None
    email: str | None
    phone: str | None
    address: str | None
    follow_up_auto_send: bool
    notify_email: bool
    notify_webhook_url: str | None
    #: Verifies the Sunlight-Signature header of webhook deliveries (HMAC-SHA256 over "t.body");
    #: null without a webhook URL
    notify_webhook_secret: str | None
    #: When the calendar feed token was issued (POST /api/foia/calendar/feed-token); null without
    #: one. Read-only
    calendar_feed_token_created_at: str | None
    #: null until the profile is first written
    updated_at: str | None


class ProfileUpdate(TypedDict):
    #: Who signs letters whose request names no requester
    name: NotRequired[str | None]
    organization: NotRequired[str | None]
    #: Reply-To of letters Sunlight sends, and where notifications are e-mailed
    email: NotRequired[str | None]
    phone: NotRequired[str | None]
    #: Postal address, one line per line
    address: NotRequired[str | None]
    #: Send the follow-ups drafted on overdue requests without asking (when the agency has an e-mail
    #: address)
    follow_up_auto_send: NotRequired[bool]
    #: E-mail notifications to `email` (which must then be set)
    notify_email: NotRequired[bool]
    #: POST notifications here, signed with notify_webhook_secret; a public http(s) address
    notify_webhook_url: NotRequired[str | None]


FoiaNotificationKind: TypeAlias = Literal["due_soon", "overdue", "appeal_window_closing", "appeal_due_soon", "appeal_overdue", "follow_up", "sent", "send_failed"]


class FoiaNotification(TypedDict):
    id: int
    request_id: str
    #: due_soon / overdue: the response due date is near or past; appeal_due_soon / appeal_overdue:
    #: the same for the appeal decision; follow_up: a follow-up letter was drafted (or queued) on an
    #: overdue request; sent / send_failed: a letter went out or could not
    kind: FoiaNotificationKind
    #: YYYY-MM-DD: the due date it is about; for follow_up, the day the follow-up fell due
    due_date: str
    #: Days from the day it was recorded to due_date, in the agency’s zone; negative when past
    days_until_due: int
    message: str | None
    #: The letter it is about, in the request’s communications
    communication_id: str | None
    read_at: str | None
    created_at: str
    #: The request’s subject
    subject: str
    agency_name: str


class FoiaNotificationPage(TypedDict):
    data: list[FoiaNotification]
    #: Notifications in the whole (filtered) list
    total: int
    next_cursor: str | None


class MarkedRead(TypedDict):
    #: How many were unread
    marked: int


class CalendarFeedToken(TypedDict):
    #: Shown once: Sunlight keeps only its SHA-256
    feed_token: str
    #: The feed’s path with the token; prefix the API’s address to subscribe
    feed_path: str
    created_at: str


class AppealDraftRequest(TypedDict):
    #: The agency's stated reasons, as free text (may be empty when only exemptions are cited)
    reasons: str
    #: Citations the agency gave, in any usual form: "552.108", "5 U.S.C. 552(b)(6)", "(b)(7)(C)",
    #: "Exemption 6"
    exemptions: NotRequired[list[str]]


AppealedOutcome: TypeAlias = Literal["draft", "submitted", "acknowledged", "processing", "fix_required", "payment_required", "fulfilled", "partially_fulfilled", "denied", "no_responsive_records", "appealed", "in_litigation", "withdrawn", "constructive_denial"]


class MatchedExemption(TypedDict):
    #: Pinpoint citation of the node the agency cited (else the exemption’s own)
    citation: str
    section_id: str | None
    title: str
    #: The statute’s words (bounded excerpt), else the dataset’s description
    text: str
    source_kind: str


MatchedBy: TypeAlias = Literal["citation", "meaning"]


ExemptionLimitKind: TypeAlias = Literal["segregability", "public_interest", "time_limit", "harm_test", "scope"]


class ExemptionLimit(TypedDict):
    kind: ExemptionLimitKind
    text: str
    citation: str
    section_id: str | None
    source_kind: SourceKind


class ExemptionMatch(TypedDict):
    #: What the agency said: the citation it gave, or the part of its reasons matched by meaning
    cited_as: str
    exemption: MatchedExemption
    matched_by: MatchedBy
    score: NotRequired[float]
    #: Limits in the law’s words: segregability, public interest, time limits, harm tests, what it
    #: does not reach
    limits: list[ExemptionLimit]


UnmatchedReasonKind: TypeAlias = Literal["citation", "reason"]


class UnmatchedReason(TypedDict):
    cited_as: str
    kind: UnmatchedReasonKind


AppealRouteStatus: TypeAlias = Literal["stated", "no_appeal", "not_stated"]


class AppealRequesterDeadline(TypedDict):
    date: str
    days: int
    unit: DeadlineUnit
    counted_from: str
    explanation: str


class AppealReviewerDeadline(TypedDict):
    days: int
    unit: DeadlineUnit
    date_if_filed_today: str | None
    explanation: str


class AppealRoute(TypedDict):
    status: AppealRouteStatus
    #: Who decides the appeal, in the law’s words
    body: str | None
    requester_deadline: AppealRequesterDeadline | None
    reviewer_deadline: AppealReviewerDeadline | None
    citation: str | None
    quote: str | None
    source_kind: SourceKind | None
    explanation: list[str]


ConstructiveDenialState: TypeAlias = Literal["applies", "not_overdue", "not_running", "law_says_no", "not_stated"]


class ConstructiveDenial(TypedDict):
    state: ConstructiveDenialState
    due_date: str | None
    citation: str | None
    quote: str | None
    source_kind: SourceKind | None
    explanation: str


AppealLetter: TypeAlias = PreviewLetter


class AppealDraft(TypedDict):
    request_id: str
    appealing: AppealedOutcome
    matches: list[ExemptionMatch]
    unmatched: list[UnmatchedReason]
    appeal_route: AppealRoute
    constructive_denial: ConstructiveDenial | None
    letter: AppealLetter
    #: The stored draft (kind appeal, outgoing, delivery draft); sending it sends the newest appeal
    #: draft
    communication_id: str


CommunicationDirection: TypeAlias = Literal["outgoing", "incoming", "note"]


CommunicationKind: TypeAlias = Literal["request", "follow_up", "appeal", "reply", "note"]


CommunicationChannel: TypeAlias = Literal["email", "portal", "mail", "fax", "phone", "in_person", "other"]


DeliveryState: TypeAlias = Literal["none", "draft", "queued", "sending", "sent", "failed"]


class CommunicationAttachment(TypedDict):
    id: str
    filename: str


class FoiaCommunication(TypedDict):
    id: str
    request_id: str
    direction: CommunicationDirection
    kind: CommunicationKind
    channel: CommunicationChannel
    #: ISO 8601: when it was sent or received
    occurred_at: str
    subject: str | None
    body: str
    from_address: str | None
    #: Recipients, comma-separated
    to_address: str | None
    cc_address: str | None
    #: The status logging it moved the request to
    status_to: FoiaStatus | None
    #: none (not sent by Sunlight), draft, queued, sending, sent, failed
    delivery: DeliveryState
    message_id: str | None
    sent_at: str | None
    #: Why the last attempt failed (and what to do), when it did
    delivery_error: str | None
    delivery_attempts: int
    created_at: str
    attachments: list[CommunicationAttachment]


class FoiaCommunicationPage(TypedDict):
    data: list[FoiaCommunication]
    total: int
    next_cursor: None


class LogCommunicationRequest(TypedDict):
    #: outgoing (a letter you sent by other means), incoming (the agency’s reply) or note
    direction: CommunicationDirection
    #: request, follow_up or appeal for outgoing (required); reply for incoming and note for note
    #: (the defaults)
    kind: NotRequired[CommunicationKind]
    #: How it travelled; default email (other for a note)
    channel: NotRequired[CommunicationChannel]
    #: When it was sent or received (not in the future); default now. Dates the status change where
    #: the status records a date (acknowledged_at, completed_at…)
    occurred_at: NotRequired[str]
    subject: NotRequired[str | None]
    body: NotRequired[str]
    from_address: NotRequired[str | None]
    to_address: NotRequired[str | None]
    #: Attachments of this request (uploaded first) that came with it
    attachment_ids: NotRequired[list[str]]
    #: The status the request moves to, by the rules of PATCH (a refused transition is 409 and
    #: nothing is stored)
    status: NotRequired[FoiaStatus]


class RequestStanding(TypedDict):
    """Where the request stands after it (fetch the request for the whole)"""

    id: str
    status: FoiaStatus
    due_date: str | None
    clock: DeadlineClock
    version: int


class LoggedCommunication(TypedDict):
    communication: FoiaCommunication
    #: Where the request stands after it (fetch the request for the whole)
    request: RequestStanding


LetterKind: TypeAlias = Literal["request", "follow_up", "appeal"]


class SendLetterRequest(TypedDict):
    #: request (the request letter), follow_up or appeal (the newest one drafted)
    kind: LetterKind
    #: Recipients instead of the agency's e-mail address
    to: NotRequired[list[str]]
    cc: NotRequired[list[str]]


class DatabaseColumn(TypedDict):
    name: str
    #: Postgres type, e.g. text, integer, date, timestamp with time zone, jsonb
    type: str
    description: str | None
    filterable: bool
    sortable: bool


class DatabaseTable(TypedDict):
    name: str
    description: str | None
    row_count: int
    columns: list[DatabaseColumn]


class DatabaseTableList(TypedDict):
    data: list[DatabaseTable]


class DatabaseColumnType(TypedDict):
    name: str
    type: str


class DatabaseRowPage(TypedDict):
    table: str
    #: The columns of each row, in order
    columns: list[DatabaseColumnType]
    #: Rows, keyed by column name
    data: list[dict[str, Any]]
    #: Rows matching the filters, across pages
    total: int
    #: `cursor` of the next page; null on the last page
    next_cursor: str | None


RowFormat: TypeAlias = Literal["json", "ndjson", "csv"]


class DatabaseQuery(TypedDict):
    #: One read query (SELECT, WITH, TABLE or VALUES) over the published views, e.g. `SELECT
    #: jurisdiction, count(*) FROM rights GROUP BY 1`
    sql: str


class DatabaseQueryResult(TypedDict):
    columns: list[DatabaseColumnType]
    #: Rows as arrays, aligned with columns (a query may repeat a column name)
    rows: list[list[Any]]
    row_count: int
    #: More rows matched than the cap (DATABASE_QUERY_MAX_ROWS); the rest were not read
    truncated: bool
    elapsed_ms: int


class AppliedMigration(TypedDict):
    name: str
    applied_at: str | None


class DatabaseMigrations(TypedDict):
    applied: list[AppliedMigration]
    pending: list[str]


class DatabaseTableSize(TypedDict):
    schema: str
    name: str
    #: Table, indexes and TOAST
    total_bytes: int
    #: The planner's estimate; -1 when never analysed
    estimated_rows: int


class IngestionRunSummary(TypedDict):
    id: str
    workflow_id: str
    #: running, completed, completed_with_errors or failed
    status: str
    force: bool
    #: Jurisdictions asked for; null: all
    requested: list[str] | None
    started_at: str
    finished_at: str | None
    #: Jurisdictions by outcome: created, updated, unchanged, failed
    outcomes: dict[str, int]


class DatabaseStatus(TypedDict):
    migrations: DatabaseMigrations
    tables: list[DatabaseTableSize]
    ingestion_runs: list[IngestionRunSummary]


class ProjectCreate(TypedDict):
    name: str
    description: NotRequired[str | None]


ProjectRole: TypeAlias = Literal["owner", "editor", "viewer"]


class ProjectLinks(TypedDict):
    self: str
    items: str
    members: str


class Project(TypedDict):
    id: str
    name: str
    description: str | None
    #: The owner's sub
    owner: str
    #: Your role in the project
    role: ProjectRole
    item_count: int
    #: Members besides the owner
    member_count: int
    created_at: str
    updated_at: str
    links: ProjectLinks


class ProjectPage(TypedDict):
    data: list[Project]
    total: int
    next_cursor: str | None


ProjectListRole: TypeAlias = Literal["owner", "member"]


class ProjectPatch(TypedDict):
    name: NotRequired[str]
    description: NotRequired[str | None]


class FoiaRequestItemCreate(TypedDict):
    kind: Literal["foia_request"]
    #: One of your FOIA requests
    ref: str
    #: Shown to members instead of the title captured from the item
    label: NotRequired[str]


class ConversationItemCreate(TypedDict):
    kind: Literal["conversation"]
    #: One of your research conversations
    ref: str
    #: Shown to members instead of the title captured from the item
    label: NotRequired[str]


class CompilationItemCreate(TypedDict):
    kind: Literal["compilation"]
    #: One of your document compilations
    ref: str
    #: Shown to members instead of the title captured from the item
    label: NotRequired[str]


class StoredObjectItemCreate(TypedDict):
    kind: Literal["collection"]
    #: One of your vector collections
    ref: str
    #: Shown to members instead of the title captured from the item
    label: NotRequired[str]


class CollectionItemCreate(TypedDict):
    kind: Literal["stored_object"]
    #: The key of one of your stored objects
    ref: str
    #: Shown to members instead of the title captured from the item
    label: NotRequired[str]


class SavedSearch(TypedDict):
    query: str
    filters: NotRequired[SearchFilters]


class SavedSearchItemCreate(TypedDict):
    kind: Literal["saved_search"]
    ref: SavedSearch
    #: Shown to members instead of the title captured from the item
    label: NotRequired[str]


ProjectItemCreate: TypeAlias = FoiaRequestItemCreate | ConversationItemCreate | CompilationItemCreate | StoredObjectItemCreate | CollectionItemCreate | SavedSearchItemCreate


ProjectItemKind: TypeAlias = Literal["foia_request", "conversation", "compilation", "stored_object", "collection", "saved_search"]


class ProjectItemLinks(TypedDict):
    self: str
    #: The item in its own API (readable by added_by only); null for saved searches
    item: str | None
    #: Re-run a saved search; null for other kinds
    run: str | None


class ProjectItem(TypedDict):
    id: str
    project_id: str
    kind: ProjectItemKind
    #: The id (or stored object key) of the item, or the saved search
    ref: str | SavedSearch
    #: The title when the item was added
    label: str
    #: Sub of the member who added it: the only one who can open it through its own API
    added_by: str
    added_at: str
    links: ProjectItemLinks


class ProjectItemPage(TypedDict):
    data: list[ProjectItem]
    total: int
    next_cursor: str | None


class SavedSearchRun(TypedDict):
    #: Hits per page, at most 50
    limit: NotRequired[int]
    #: next_cursor of the previous page of the same run
    cursor: NotRequired[str]
    mode: NotRequired[SearchMode]


class ProjectMember(TypedDict):
    sub: str
    role: ProjectRole
    #: Null for the owner
    added_by: str | None
    #: When they were added (for the owner: when the project was created)
    added_at: str


class ProjectMemberPage(TypedDict):
    data: list[ProjectMember]
    total: int
    next_cursor: str | None


ProjectMemberRole: TypeAlias = Literal["editor", "viewer"]


class ProjectMemberPut(TypedDict):
    #: editor: reads and adds/removes items; viewer: reads
    role: ProjectMemberRole


class OwnVectorsModel(TypedDict):
    dimension: int


class VectorCollectionCreate(TypedDict):
    name: str
    description: NotRequired[str | None]
    #: "server": text is embedded with the server's model; { "dimension": n }: you bring vectors of
    #: n numbers
    model: NotRequired[Literal["server"] | OwnVectorsModel]


VectorCollectionEmbedding: TypeAlias = Literal["server", "vectors"]


class VectorCollection(TypedDict):
    id: str
    name: str
    description: str | None
    #: "server": text embedded by the server; "vectors": your own vectors
    embedding: VectorCollectionEmbedding
    #: The embedding model, or "own-vectors"
    model: str
    dimension: int
    item_count: int
    chunk_count: int
    created_at: str
    updated_at: str


class VectorCollectionPage(TypedDict):
    data: list[VectorCollection]
    total: int
    next_cursor: str | None


class VectorItemInput(TypedDict):
    #: Your id (replaces the item of this id); generated when missing
    id: NotRequired[str]
    #: Text to chunk and embed (server collections), or to keep beside a vector
    text: NotRequired[str]
    #: The item's vector, of the collection's dimension
    vector: NotRequired[list[float]]
    #: A flat JSON object: keys of letters, digits, _ and -; values strings (≤ 1000 characters),
    #: numbers, booleans or null; at most 32 keys and 4096 bytes
    metadata: NotRequired[dict[str, str | float | bool | None]]


class VectorItemsUpsert(TypedDict):
    items: list[VectorItemInput]


class VectorItemWritten(TypedDict):
    id: str
    chunk_count: int


class VectorItemsUpserted(TypedDict):
    data: list[VectorItemWritten]


class VectorItemSource(TypedDict):
    object_key: str
    page: int | None


class VectorItem(TypedDict):
    id: str
    text: str | None
    metadata: dict[str, str | float | bool | None]
    #: The object and page an indexed item came from
    source: VectorItemSource | None
    chunk_count: int
    created_at: str
    updated_at: str


class VectorQuery(TypedDict):
    #: Text to embed with the collection's model
    text: NotRequired[str]
    #: A query vector of the collection's dimension
    vector: NotRequired[list[float]]
    #: Metadata equality: every key must equal its value (strings, integers, booleans)
    filter: NotRequired[dict[str, str | int | bool]]
    limit: NotRequired[int]


class VectorHit(TypedDict):
    #: The item id
    id: str
    #: The chunk of the item that matched
    text: str | None
    metadata: dict[str, str | float | bool | None]
    #: Cosine similarity, higher is nearer
    score: float
    #: Position of the matching chunk in the item, from 0
    chunk: int


class VectorQueryResult(TypedDict):
    data: list[VectorHit]


class VectorIndexRequest(TypedDict):
    #: Key of one of your stored objects (PDF, text, Markdown or HTML)
    object_key: str


class VectorIndexProgress(TypedDict):
    step: str
    pages: int
    chunks_total: int
    #: Embedded or skipped so far
    chunks_done: int
    chunks_embedded: int
    #: Unchanged since an earlier run (same content hash)
    chunks_skipped: int


class VectorIndexRunLinks(TypedDict):
    self: str
    cancel: str


class VectorIndexRun(TypedDict):
    id: str
    collection_id: str
    object_key: str
    status: CompilationStatus
    progress: VectorIndexProgress
    error: str | None
    created_at: str
    updated_at: str
    finished_at: str | None
    links: VectorIndexRunLinks


class LawIndexRun(TypedDict):
    id: str
    status: str
    started_at: str
    finished_at: str | None


class LawIndexStatus(TypedDict):
    model: str
    dimension: int
    #: Points in the law's vector collection
    chunk_count: int
    chunks_in_database: int
    chunks_embedded: int
    last_indexed_at: str | None
    last_run: LawIndexRun | None


class VectorAdminCollection(TypedDict):
    id: str
    #: The owner's sub
    owner: str
    name: str
    embedding: VectorCollectionEmbedding
    model: str
    dimension: int
    item_count: int
    chunk_count: int
    created_at: str
    updated_at: str


class VectorAdminOverview(TypedDict):
    law: LawIndexStatus
    collections: list[VectorAdminCollection]


class VectorRebuildRequest(TypedDict):
    #: Re-derive every jurisdiction even when its sources are unchanged
    force: NotRequired[bool]


class VectorRebuildResult(TypedDict):
    workflow_id: str
    #: False when a corpus ingestion was running already (it is the rebuild)
    started: bool


class Operation(NamedTuple):
    """One built operation of the API: how it is called and the types of its bodies."""

    method: str
    path: str
    scope: str | None
    request_body: str | None
    response_body: str | None


#: Every operation not tagged ``planned``, by operationId.
OPERATIONS: Final[dict[str, Operation]] = {
    "getApiHealth": Operation("GET", "/api/health", None, None, "HealthReport"),
    "getApiHealthLive": Operation("GET", "/api/health/live", None, None, "LivenessReport"),
    "getApiHealthReady": Operation("GET", "/api/health/ready", None, None, "ReadinessReport"),
    "getApiOpenapiJson": Operation("GET", "/api/openapi.json", None, None, "OpenApiDocument"),
    "getApiAdminMetrics": Operation("GET", "/api/admin/metrics", "admin:metrics", None, "AdminMetrics"),
    "getApiAdminMetricsPrometheus": Operation("GET", "/api/admin/metrics/prometheus", "admin:metrics", None, None),
    "getApiV2TransparencyJurisdictions": Operation("GET", "/api/v2/transparency/jurisdictions", "read:transparency", None, "JurisdictionPage"),
    "getApiV2TransparencyJurisdictionsSlug": Operation("GET", "/api/v2/transparency/jurisdictions/{slug}", "read:transparency", None, "Jurisdiction"),
    "getApiV2TransparencyJurisdictionsSlugFacts": Operation("GET", "/api/v2/transparency/jurisdictions/{slug}/facts", "read:transparency", None, "FactPage"),
    "getApiV2TransparencyRights": Operation("GET", "/api/v2/transparency/rights", "read:transparency", None, "RightPage"),
    "getApiV2TransparencyRightsId": Operation("GET", "/api/v2/transparency/rights/{id}", "read:transparency", None, "Right"),
    "getApiV2TransparencyExemptions": Operation("GET", "/api/v2/transparency/exemptions", "read:transparency", None, "ExemptionPage"),
    "getApiV2TransparencyExemptionsId": Operation("GET", "/api/v2/transparency/exemptions/{id}", "read:transparency", None, "Exemption"),
    "getApiV2TransparencyExemptionCategories": Operation("GET", "/api/v2/transparency/exemption-categories", "read:transparency", None, "ExemptionCategoryPage"),
    "getApiV2TransparencyStatutes": Operation("GET", "/api/v2/transparency/statutes", "read:transparency", None, "StatutePage"),
    "getApiV2TransparencySectionsId": Operation("GET", "/api/v2/transparency/sections/{id}", "read:transparency", None, "Section"),
    "getApiV2TransparencyCompare": Operation("GET", "/api/v2/transparency/compare", "read:transparency", None, "Comparison"),
    "postApiFoiaRequests": Operation("POST", "/api/foia/requests", "write:foia", "FoiaRequestCreate", "FoiaRequest"),
    "getApiFoiaRequests": Operation("GET", "/api/foia/requests", "read:foia", None, "FoiaRequestPage"),
    "getApiFoiaRequestsId": Operation("GET", "/api/foia/requests/{id}", "read:foia", None, "FoiaRequest"),
    "patchApiFoiaRequestsId": Operation("PATCH", "/api/foia/requests/{id}", "write:foia", "FoiaRequestPatch", "FoiaRequest"),
    "postApiFoiaRequestsPreview": Operation("POST", "/api/foia/requests/preview", "read:foia", "FoiaRequestCreate", "FoiaPreview"),
    "getApiFoiaRequestsIdLetter": Operation("GET", "/api/foia/requests/{id}/letter", "read:foia", None, None),
    "getApiFoiaRequestsIdReminders": Operation("GET", "/api/foia/requests/{id}/reminders", "read:foia", None, "GetApiFoiaRequestsIdRemindersResponse"),
    "getApiFoiaReminders": Operation("GET", "/api/foia/reminders", "read:foia", None, "GetApiFoiaRemindersResponse"),
    "postApiFoiaRequestsIdAttachments": Operation("POST", "/api/foia/requests/{id}/attachments", "write:foia", "str", "FoiaAttachment"),
    "getApiFoiaRequestsIdAttachments": Operation("GET", "/api/foia/requests/{id}/attachments", "read:foia", None, "FoiaAttachmentPage"),
    "getApiFoiaRequestsIdAttachmentsAttachmentIdContent": Operation("GET", "/api/foia/requests/{id}/attachments/{attachment_id}/content", "read:foia", None, "Any"),
    "deleteApiFoiaRequestsIdAttachmentsAttachmentId": Operation("DELETE", "/api/foia/requests/{id}/attachments/{attachment_id}", "write:foia", None, None),
    "getApiFoiaAgencies": Operation("GET", "/api/foia/agencies", "read:foia", None, "FoiaAgencyPage"),
    "postApiFoiaAgencies": Operation("POST", "/api/foia/agencies", "write:foia", "FoiaAgencyCreate", "FoiaAgency"),
    "getApiFoiaAgenciesId": Operation("GET", "/api/foia/agencies/{id}", "read:foia", None, "FoiaAgencyWithStatistics"),
    "patchApiFoiaAgenciesId": Operation("PATCH", "/api/foia/agencies/{id}", "write:foia", "FoiaAgencyPatch", "FoiaAgency"),
    "deleteApiFoiaAgenciesId": Operation("DELETE", "/api/foia/agencies/{id}", "write:foia", None, None),
    "postApiV1Search": Operation("POST", "/api/v1/search", "read:transparency", "SearchRequest", "SearchPage"),
    "getApiV1DocumentsId": Operation("GET", "/api/v1/documents/{id}", "read:transparency", None, "Document"),
    "postApiChat": Operation("POST", "/api/chat", "chat:assistant", "ChatRequest", "ChatAnswer"),
    "getApiChatConversations": Operation("GET", "/api/chat/conversations", "chat:assistant", None, "ConversationPage"),
    "getApiChatConversationsId": Operation("GET", "/api/chat/conversations/{id}", "chat:assistant", None, "Conversation"),
    "putApiStorageObjectsKey": Operation("PUT", "/api/storage/objects/{key}", "write:storage", "str", "StoredObject"),
    "getApiStorageObjectsKey": Operation("GET", "/api/storage/objects/{key}", "read:storage", None, "Any"),
    "headApiStorageObjectsKey": Operation("HEAD", "/api/storage/objects/{key}", "read:storage", None, "Any"),
    "deleteApiStorageObjectsKey": Operation("DELETE", "/api/storage/objects/{key}", "write:storage", None, None),
    "getApiStorageObjects": Operation("GET", "/api/storage/objects", "read:storage", None, "StoredObjectPage"),
    "postApiDocumentsCompile": Operation("POST", "/api/documents/compile", "compile:documents", "CompileRequest", "Compilation"),
    "getApiDocumentsCompile": Operation("GET", "/api/documents/compile", "compile:documents", None, "CompilationPage"),
    "getApiDocumentsCompileId": Operation("GET", "/api/documents/compile/{id}", "compile:documents", None, "Compilation"),
    "postApiDocumentsCompileIdCancel": Operation("POST", "/api/documents/compile/{id}/cancel", "compile:documents", None, "Compilation"),
    "getApiIntegrationsWorkflowsTypes": Operation("GET", "/api/integrations/workflows/types", "execute:workflows", None, "WorkflowCatalogue"),
    "getApiIntegrationsWebhookSecret": Operation("GET", "/api/integrations/webhook-secret", "execute:workflows", None, "WebhookSecret"),
    "postApiIntegrationsWorkflows": Operation("POST", "/api/integrations/workflows", "execute:workflows", "StartWorkflowRequest", "WorkflowRun"),
    "getApiIntegrationsWorkflows": Operation("GET", "/api/integrations/workflows", "execute:workflows", None, "WorkflowRunPage"),
    "getApiIntegrationsWorkflowsId": Operation("GET", "/api/integrations/workflows/{id}", "execute:workflows", None, "WorkflowRun"),
    "postApiIntegrationsWorkflowsIdCancel": Operation("POST", "/api/integrations/workflows/{id}/cancel", "execute:workflows", None, "WorkflowRun"),
    "getApiIntegrationsWorkflowsIdDeliveries": Operation("GET", "/api/integrations/workflows/{id}/deliveries", "execute:workflows", None, "WebhookDeliveryPage"),
    "getApiMeProfile": Operation("GET", "/api/me/profile", "read:foia", None, "Profile"),
    "putApiMeProfile": Operation("PUT", "/api/me/profile", "write:foia", "ProfileUpdate", "Profile"),
    "getApiFoiaNotifications": Operation("GET", "/api/foia/notifications", "read:foia", None, "FoiaNotificationPage"),
    "postApiFoiaNotificationsReadAll": Operation("POST", "/api/foia/notifications/read-all", "write:foia", None, "MarkedRead"),
    "postApiFoiaNotificationsIdRead": Operation("POST", "/api/foia/notifications/{id}/read", "write:foia", None, "FoiaNotification"),
    "postApiFoiaCalendarFeedToken": Operation("POST", "/api/foia/calendar/feed-token", "write:foia", None, "CalendarFeedToken"),
    "deleteApiFoiaCalendarFeedToken": Operation("DELETE", "/api/foia/calendar/feed-token", "write:foia", None, None),
    "getApiFoiaCalendarIcs": Operation("GET", "/api/foia/calendar.ics", None, None, None),
    "postApiFoiaRequestsIdAppealDraft": Operation("POST", "/api/foia/requests/{id}/appeal-draft", "write:foia", "AppealDraftRequest", "AppealDraft"),
    "getApiFoiaRequestsIdCommunications": Operation("GET", "/api/foia/requests/{id}/communications", "read:foia", None, "FoiaCommunicationPage"),
    "postApiFoiaRequestsIdCommunications": Operation("POST", "/api/foia/requests/{id}/communications", "write:foia", "LogCommunicationRequest", "LoggedCommunication"),
    "getApiFoiaRequestsIdCommunicationsCommunicationId": Operation("GET", "/api/foia/requests/{id}/communications/{communication_id}", "read:foia", None, "FoiaCommunication"),
    "getApiFoiaRequestsIdCommunicationsCommunicationIdLetter": Operation("GET", "/api/foia/requests/{id}/communications/{communication_id}/letter", "read:foia", None, None),
    "postApiFoiaRequestsIdSend": Operation("POST", "/api/foia/requests/{id}/send", "write:foia", "SendLetterRequest", "FoiaCommunication"),
    "getApiDatabaseTables": Operation("GET", "/api/database/tables", "read:database", None, "DatabaseTableList"),
    "getApiDatabaseTablesNameRows": Operation("GET", "/api/database/tables/{name}/rows", "read:database", None, "DatabaseRowPage | str"),
    "postApiDatabaseQuery": Operation("POST", "/api/database/query", "admin:database", "DatabaseQuery", "DatabaseQueryResult"),
    "getApiDatabaseStatus": Operation("GET", "/api/database/status", "admin:database", None, "DatabaseStatus"),
    "postApiProjects": Operation("POST", "/api/projects", "write:projects", "ProjectCreate", "Project"),
    "getApiProjects": Operation("GET", "/api/projects", "read:projects", None, "ProjectPage"),
    "getApiProjectsId": Operation("GET", "/api/projects/{id}", "read:projects", None, "Project"),
    "patchApiProjectsId": Operation("PATCH", "/api/projects/{id}", "write:projects", "ProjectPatch", "Project"),
    "deleteApiProjectsId": Operation("DELETE", "/api/projects/{id}", "write:projects", None, None),
    "postApiProjectsIdItems": Operation("POST", "/api/projects/{id}/items", "write:projects", "ProjectItemCreate", "ProjectItem"),
    "getApiProjectsIdItems": Operation("GET", "/api/projects/{id}/items", "read:projects", None, "ProjectItemPage"),
    "getApiProjectsIdItemsItemId": Operation("GET", "/api/projects/{id}/items/{item_id}", "read:projects", None, "ProjectItem"),
    "deleteApiProjectsIdItemsItemId": Operation("DELETE", "/api/projects/{id}/items/{item_id}", "write:projects", None, None),
    "postApiProjectsIdItemsItemIdRun": Operation("POST", "/api/projects/{id}/items/{item_id}/run", "read:projects", "SavedSearchRun", "SearchPage"),
    "getApiProjectsIdMembers": Operation("GET", "/api/projects/{id}/members", "read:projects", None, "ProjectMemberPage"),
    "putApiProjectsIdMembersSub": Operation("PUT", "/api/projects/{id}/members/{sub}", "write:projects", "ProjectMemberPut", "ProjectMember"),
    "deleteApiProjectsIdMembersSub": Operation("DELETE", "/api/projects/{id}/members/{sub}", "write:projects", None, None),
    "postApiVectorsCollections": Operation("POST", "/api/vectors/collections", "write:vectors", "VectorCollectionCreate", "VectorCollection"),
    "getApiVectorsCollections": Operation("GET", "/api/vectors/collections", "read:vectors", None, "VectorCollectionPage"),
    "getApiVectorsCollectionsId": Operation("GET", "/api/vectors/collections/{id}", "read:vectors", None, "VectorCollection"),
    "deleteApiVectorsCollectionsId": Operation("DELETE", "/api/vectors/collections/{id}", "write:vectors", None, None),
    "postApiVectorsCollectionsIdItems": Operation("POST", "/api/vectors/collections/{id}/items", "write:vectors", "VectorItemsUpsert", "VectorItemsUpserted"),
    "getApiVectorsCollectionsIdItemsItemId": Operation("GET", "/api/vectors/collections/{id}/items/{item_id}", "read:vectors", None, "VectorItem"),
    "deleteApiVectorsCollectionsIdItemsItemId": Operation("DELETE", "/api/vectors/collections/{id}/items/{item_id}", "write:vectors", None, None),
    "postApiVectorsCollectionsIdQuery": Operation("POST", "/api/vectors/collections/{id}/query", "read:vectors", "VectorQuery", "VectorQueryResult"),
    "postApiVectorsCollectionsIdIndex": Operation("POST", "/api/vectors/collections/{id}/index", "write:vectors", "VectorIndexRequest", "VectorIndexRun"),
    "getApiVectorsCollectionsIdIndexRunId": Operation("GET", "/api/vectors/collections/{id}/index/{run_id}", "read:vectors", None, "VectorIndexRun"),
    "postApiVectorsCollectionsIdIndexRunIdCancel": Operation("POST", "/api/vectors/collections/{id}/index/{run_id}/cancel", "write:vectors", None, "VectorIndexRun"),
    "getApiAdminVectors": Operation("GET", "/api/admin/vectors", "admin:vectors", None, "VectorAdminOverview"),
    "postApiAdminVectorsRebuild": Operation("POST", "/api/admin/vectors/rebuild", "admin:vectors", "VectorRebuildRequest", "VectorRebuildResult"),
}

__all__ = [
    "API_VERSION",
    "AdminMetrics",
    "Agency",
    "AgencyInput",
    "AgencyObligation",
    "AgencyPatch",
    "AppealDeadline",
    "AppealDraft",
    "AppealDraftRequest",
    "AppealFilingDeadline",
    "AppealLetter",
    "AppealRequesterDeadline",
    "AppealReviewerDeadline",
    "AppealRoute",
    "AppealRouteStatus",
    "AppealRules",
    "AppealedOutcome",
    "AppliedMigration",
    "BooleanString",
    "CalendarFeedToken",
    "ChatAnswer",
    "ChatCitation",
    "ChatMessage",
    "ChatMode",
    "ChatRequest",
    "ChatSource",
    "CollectionHit",
    "CollectionHitSource",
    "CollectionItemCreate",
    "CommunicationAttachment",
    "CommunicationChannel",
    "CommunicationDirection",
    "CommunicationKind",
    "CompareField",
    "Comparison",
    "ComparisonPart",
    "ComparisonRow",
    "Compilation",
    "CompilationItemCreate",
    "CompilationLinks",
    "CompilationOutput",
    "CompilationPage",
    "CompilationProgress",
    "CompilationStatus",
    "CompilePart",
    "CompilePartKind",
    "CompileRequest",
    "CompiledPart",
    "CompiledSearchPart",
    "ConstructiveDenial",
    "ConstructiveDenialState",
    "Conversation",
    "ConversationItemCreate",
    "ConversationPage",
    "ConversationPart",
    "ConversationSummary",
    "CrossReference",
    "DatabaseColumn",
    "DatabaseColumnType",
    "DatabaseMigrations",
    "DatabaseQuery",
    "DatabaseQueryResult",
    "DatabaseRowPage",
    "DatabaseStatus",
    "DatabaseTable",
    "DatabaseTableList",
    "DatabaseTableSize",
    "DateRange",
    "DateRangeInput",
    "DeadlineClock",
    "DeadlineUnit",
    "DeliveryState",
    "DependencyCheck",
    "DependencyStatus",
    "Document",
    "DocumentInfo",
    "DocumentNeighbour",
    "DocumentNeighbours",
    "ErrorBody",
    "ErrorEnvelope",
    "Exemption",
    "ExemptionCategory",
    "ExemptionCategoryPage",
    "ExemptionDocument",
    "ExemptionDocumentMetadata",
    "ExemptionLimit",
    "ExemptionLimitKind",
    "ExemptionMatch",
    "ExemptionPage",
    "ExemptionSummary",
    "ExportFormat",
    "ExportInput",
    "Fact",
    "FactField",
    "FactPage",
    "FeeRules",
    "FoiaAgency",
    "FoiaAgencyCreate",
    "FoiaAgencyKind",
    "FoiaAgencyPage",
    "FoiaAgencyPatch",
    "FoiaAgencySource",
    "FoiaAgencyStatistics",
    "FoiaAgencyWithStatistics",
    "FoiaAttachment",
    "FoiaAttachmentKind",
    "FoiaAttachmentPage",
    "FoiaCommunication",
    "FoiaCommunicationPage",
    "FoiaDigestInput",
    "FoiaNotification",
    "FoiaNotificationKind",
    "FoiaNotificationPage",
    "FoiaPreview",
    "FoiaRequest",
    "FoiaRequestCreate",
    "FoiaRequestItemCreate",
    "FoiaRequestPage",
    "FoiaRequestPart",
    "FoiaRequestPatch",
    "FoiaRequestSummary",
    "FoiaSort",
    "FoiaStatus",
    "GetApiFoiaRemindersResponse",
    "GetApiFoiaRemindersResponseItem",
    "GetApiFoiaRequestsIdRemindersResponse",
    "GetApiFoiaRequestsIdRemindersResponseItem",
    "GetApiFoiaRequestsIdRemindersResponseItemKind",
    "HealthReport",
    "HealthStatus",
    "IncomingReference",
    "IngestionRunSummary",
    "InitialDeadline",
    "InitialFoiaStatus",
    "InterpretedCitation",
    "Jurisdiction",
    "JurisdictionCounts",
    "JurisdictionPage",
    "JurisdictionProfilePart",
    "JurisdictionSummary",
    "JurisdictionType",
    "JurisdictionsSource",
    "KeywordMatch",
    "KeywordScore",
    "Law",
    "LawDatabaseStatus",
    "LawIndexRun",
    "LawIndexStatus",
    "LawSummary",
    "LetterFormat",
    "LetterKind",
    "LivenessReport",
    "LogCommunicationRequest",
    "LoggedCommunication",
    "MarkedRead",
    "MatchedBy",
    "MatchedExemption",
    "MessageRole",
    "MessageStatus",
    "MetricsPeriod",
    "OPERATIONS",
    "OpenApiDocument",
    "Operation",
    "OversightBody",
    "OwnVectorsModel",
    "PacketFormat",
    "PartFailure",
    "PreviewDeadline",
    "PreviewLetter",
    "Profile",
    "ProfileUpdate",
    "Project",
    "ProjectCreate",
    "ProjectItem",
    "ProjectItemCreate",
    "ProjectItemKind",
    "ProjectItemLinks",
    "ProjectItemPage",
    "ProjectLinks",
    "ProjectListRole",
    "ProjectMember",
    "ProjectMemberPage",
    "ProjectMemberPut",
    "ProjectMemberRole",
    "ProjectPage",
    "ProjectPatch",
    "ProjectRole",
    "Provenance",
    "ReadinessReason",
    "ReadinessReport",
    "ReadinessStatus",
    "RecordType",
    "ReferenceSourceType",
    "ReingestInput",
    "RelatedExemption",
    "RequestStanding",
    "Requester",
    "RequesterClass",
    "RequesterInput",
    "RequesterRules",
    "ResearchInput",
    "ResolvedCitation",
    "ResponseDeadline",
    "ResponseRules",
    "Right",
    "RightCategory",
    "RightDocument",
    "RightDocumentMetadata",
    "RightPage",
    "RightSummary",
    "RowFormat",
    "SavedSearch",
    "SavedSearchItemCreate",
    "SavedSearchRun",
    "ScoreComponents",
    "SearchFilters",
    "SearchHit",
    "SearchInterpretation",
    "SearchMode",
    "SearchPage",
    "SearchPart",
    "SearchRequest",
    "Section",
    "SectionCrossReferences",
    "SectionDocument",
    "SectionDocumentMetadata",
    "SectionExcerpt",
    "SectionRef",
    "SectionSiblings",
    "SendLetterRequest",
    "Source",
    "SourceFoundBy",
    "SourceKind",
    "StartCompileRequest",
    "StartExportRequest",
    "StartFoiaDigestRequest",
    "StartReingestRequest",
    "StartResearchRequest",
    "StartWorkflowRequest",
    "StatusChange",
    "StatuteCoverage",
    "StatuteNode",
    "StatutePage",
    "StatutePart",
    "StatuteRecordType",
    "StatuteText",
    "StoredObject",
    "StoredObjectItemCreate",
    "StoredObjectPage",
    "UnmatchedReason",
    "UnmatchedReasonKind",
    "Upcoming",
    "VectorAdminCollection",
    "VectorAdminOverview",
    "VectorCollection",
    "VectorCollectionCreate",
    "VectorCollectionEmbedding",
    "VectorCollectionPage",
    "VectorHit",
    "VectorIndexProgress",
    "VectorIndexRequest",
    "VectorIndexRun",
    "VectorIndexRunLinks",
    "VectorItem",
    "VectorItemInput",
    "VectorItemSource",
    "VectorItemWritten",
    "VectorItemsUpsert",
    "VectorItemsUpserted",
    "VectorQuery",
    "VectorQueryResult",
    "VectorRebuildRequest",
    "VectorRebuildResult",
    "VectorScore",
    "WebhookDelivery",
    "WebhookDeliveryOutcome",
    "WebhookDeliveryPage",
    "WebhookSecret",
    "WebhookTarget",
    "WorkflowCatalogue",
    "WorkflowRun",
    "WorkflowRunLinks",
    "WorkflowRunPage",
    "WorkflowRunProgress",
    "WorkflowType",
    "WorkflowTypeName",
]
