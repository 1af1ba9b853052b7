"""The rule sets. Importing this package registers every variant, in the order listed."""

from . import classic, rugen, schadler, lat  # noqa: F401, I001
