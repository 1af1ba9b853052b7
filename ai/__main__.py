"""Entry point of ``python -m ai``."""

import sys

from .cli import main

sys.exit(main())
