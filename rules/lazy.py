"""Names a package hands out from its submodules only when first asked for (PEP 562), so that
importing the package does not import every game (python-chess, gnubg, …)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, namespace: dict[str, Any], names: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """A package's module ``__getattr__`` and ``__dir__`` for ``names`` (name → submodule,
    relative to ``package``): a name's submodule is imported the first time the name is asked
    for, and the value kept in the package's ``namespace`` so later lookups never come back."""

    def __getattr__(name: str) -> object:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *names})

    return __getattr__, __dir__
