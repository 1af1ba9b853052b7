"""The rule sets. Importing this package registers every variant, in the order listed."""

from . import classic, rugen  # noqa: F401
