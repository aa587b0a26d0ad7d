"""The API's request and response body types (``TypedDict`` classes and ``Literal`` aliases),
generated from its OpenAPI document into :mod:`sunlight_sdk._generated`."""

from ._generated import *  # noqa: F403
from ._generated import __all__ as __all__
