"""Entry point of ``python -m rules``."""

import sys

from .cli import main

sys.exit(main())
