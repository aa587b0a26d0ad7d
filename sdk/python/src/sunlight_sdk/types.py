"""The API's request and response body types (``TypedDict`` classes and ``Literal`` aliases),
generated from its OpenAPI document into :mod:`sunlight_sdk._generated`; plus
``WorkflowRunStatus``, the statuses of an integration run (the same as a compilation's)."""

from typing import TypeAlias

from ._generated import *  # noqa: F403
from ._generated import CompilationStatus
from ._generated import __all__ as _generated_all

#: ``queued``, ``running``, ``completed``, ``failed`` or ``cancelled``: a workflow run's status.
WorkflowRunStatus: TypeAlias = CompilationStatus

__all__ = [*_generated_all, "WorkflowRunStatus"]
