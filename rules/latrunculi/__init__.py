"""The four Latrunculi rule sets, one module each. Importing this package registers every
variant (``rules.variants()`` lists them), in the order listed."""

from . import classic, rugen, schadler, lat  # noqa: F401, I001
